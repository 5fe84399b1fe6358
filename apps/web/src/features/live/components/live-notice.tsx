import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A refusal the screen shows until it is dismissed or replaced. */
export function LiveNotice({ notice, onClose }: { notice: string | null; onClose: () => void }) {
  const { t } = useTranslation('live');
  if (!notice) return null;
  return (
    <Alert color="red" withCloseButton closeButtonLabel={t('host.dismiss')} onClose={onClose}>
      {notice}
    </Alert>
  );
}
