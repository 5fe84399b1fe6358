import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Shows that something was done, as a toast whose close button is named in the interface language. */
export function useSuccessToast(): (message: string) => void {
  const { t } = useTranslation('cards');
  return useCallback(
    (message: string) =>
      notifications.show({
        color: 'teal',
        message,
        closeButtonProps: { 'aria-label': t('actions.close') },
      }),
    [t],
  );
}
