import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The dialogs of practice (setup, daily limit, call to action): rounded, the close button named. */
export function PracticeModal({
  opened,
  onClose,
  title,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('practice');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      radius="lg"
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {children}
    </Modal>
  );
}
