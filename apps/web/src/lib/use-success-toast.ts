import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Shows that something was done, as a toast whose close button is named in the interface language. With
 * an `id`, a toast of that id still on the screen is updated rather than another one stacked over the
 * page.
 */
export function useSuccessToast(): (message: string, options?: { id?: string }) => void {
  const { t } = useTranslation('cards');
  return useCallback(
    (message: string, { id }: { id?: string } = {}) => {
      const toast = { id, color: 'teal', message, closeButtonProps: { 'aria-label': t('actions.close') } };
      if (id) notifications.update({ ...toast, id });
      // A no-op when the toast of that id is still shown (just updated); shows it otherwise.
      notifications.show(toast);
    },
    [t],
  );
}
