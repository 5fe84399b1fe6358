import type { Category } from '@flashcards/contract';
import { Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { KeepOfflineSwitch } from './keep-offline-switch';

/** "Keep offline" of a category, from its menu in the list of categories. */
export function KeepOfflineModal({
  category,
  opened,
  onClose,
}: {
  category: Category;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('cards');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('offline.modalTitle', { name: category.name })}
      radius="lg"
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <Stack gap="md">
        <Text size="sm">{t(category.type_of_cards === 'kids' ? 'offline.kidsHint' : 'offline.hint')}</Text>
        <KeepOfflineSwitch category={category} />
      </Stack>
    </Modal>
  );
}
