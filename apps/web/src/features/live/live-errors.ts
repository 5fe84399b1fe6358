import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The text of a refusal the game's socket sent: its key's message in the `errors` namespace, or the
 * generic error for a key the texts do not know.
 */
export function useRefusalText(): (key: string) => string {
  const { t, i18n } = useTranslation(['errors', 'common']);
  return useCallback(
    (key: string) =>
      i18n.exists(`errors:${key}`) ? t(`errors:${key}` as 'errors:not_found') : t('common:errors.generic'),
    [t, i18n],
  );
}
