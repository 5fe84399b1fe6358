import { Modal, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A profile dialog holding one form. The form is mounted per opening, so it starts afresh each time
 * (empty, or from the current profile).
 */
export function FormModal({
  opened,
  onClose,
  title,
  size,
  children,
}: Pick<ModalProps, 'opened' | 'onClose' | 'title' | 'size'> & { children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <Modal
      opened={opened}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      onClose={onClose}
      title={title}
      size={size}
      radius="lg"
    >
      {opened && children}
    </Modal>
  );
}
