import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { useErrorMessage } from '../../lib/api-errors';

/** A failed load: "You are offline" when the server was not reached, else the server's message; with a retry. */
export function RequestError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const message = useErrorMessage();
  const offline = error instanceof ApiError && error.status === 0;
  return (
    <Alert
      color="red"
      icon={offline ? <IconWifiOff aria-hidden="true" /> : <IconAlertTriangle aria-hidden="true" />}
      title={offline ? t('errors.offline') : t('errors.loadFailed')}
    >
      {!offline && message(error) !== t('errors.generic') && <p style={{ marginTop: 0 }}>{message(error)}</p>}
      <Button variant="default" size="xs" onClick={onRetry}>
        {t('actions.retry')}
      </Button>
    </Alert>
  );
}
