import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Why the last generation gave no cards: the server's words, else the spec's 'Task failed'. */
export function FailureAlert({ message, onClose }: { message: string | null; onClose: () => void }) {
  const { t } = useTranslation('ai');
  return (
    <Alert
      color="red"
      variant="light"
      title={t('failure.title')}
      icon={<IconAlertTriangle aria-hidden="true" />}
      withCloseButton
      closeButtonLabel={t('failure.dismiss')}
      onClose={onClose}
    >
      {message ?? t('failure.taskFailed')}
    </Alert>
  );
}
