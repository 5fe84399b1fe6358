import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from './form-error';

interface ConfirmModalProps {
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
  title: string;
  /** What will happen. */
  children: ReactNode;
  confirmLabel: string;
  /** Red for what cannot be undone. */
  danger?: boolean;
  loading?: boolean;
  /** The failure of the last attempt, shown above the buttons. */
  error?: string | null;
  /** The accessible name of the close button in the corner. */
  closeLabel: string;
  /** The cancel button's text, when "Cancel" does not say what staying means. */
  cancelLabel?: string;
}

/**
 * Asks before a change. Focus starts on Cancel, so Enter never confirms by accident; Escape and the close
 * button cancel, and focus returns to the control that opened it.
 */
export function ConfirmModal({
  opened,
  onClose,
  onConfirm,
  title,
  children,
  confirmLabel,
  danger = false,
  loading = false,
  error,
  closeLabel,
  cancelLabel,
}: ConfirmModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      radius="lg"
      closeButtonProps={{ 'aria-label': closeLabel }}
    >
      <Stack gap="md">
        {typeof children === 'string' ? <Text>{children}</Text> : children}
        <FormError>{error}</FormError>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            {cancelLabel ?? t('actions.cancel')}
          </Button>
          <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
