import { useTranslation } from 'react-i18next';
import { isUnreachable } from '../../lib/api-client';
import { useErrorMessage } from '../../lib/api-errors';
import { isStorageFull } from '../../lib/offline/offline-db';

/** What went wrong keeping something on the device, in words: offline, no room left, or the server's refusal. */
export function useOfflineErrorText() {
  const { t } = useTranslation('cards');
  const errorMessage = useErrorMessage();
  return (error: unknown) => {
    if (isUnreachable(error)) return t('offline.needsNetwork');
    if (isStorageFull(error)) return t('offline.full');
    return errorMessage(error);
  };
}
