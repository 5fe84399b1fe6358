import { Badge, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ConnectionStatus } from '../live-connection';

/** Says so while the game's connection is being made again; nothing while it holds. */
export function ConnectionNotice({ status }: { status: ConnectionStatus }) {
  const { t } = useTranslation('live');
  return (
    <div role="status" style={{ position: 'fixed', insetBlockEnd: 16, insetInlineStart: 16, zIndex: 200 }}>
      {status === 'reconnecting' && (
        <Badge
          size="xl"
          color="orange.9"
          variant="filled"
          leftSection={<Loader size={14} color="white" aria-hidden="true" />}
        >
          {t('connection.reconnecting')}
        </Badge>
      )}
    </div>
  );
}
