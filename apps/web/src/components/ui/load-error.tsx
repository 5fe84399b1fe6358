import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A failed load with a retry. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" icon={<IconAlertTriangle aria-hidden="true" />} title={t('errors.loadFailed')}>
      <Button variant="default" size="xs" onClick={onRetry}>
        {t('actions.retry')}
      </Button>
    </Alert>
  );
}
