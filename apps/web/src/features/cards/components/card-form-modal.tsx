import type { Category, KidsCard, PictureCard, TextCard } from '@flashcards/contract';
import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AnyCard } from '../api/get-cards';
import { KidsCardForm } from './kids-card-form';
import { PictureCardForm } from './picture-card-form';
import { TextCardForm } from './text-card-form';

/** Adds a card of the category's type, or edits one. */
export function CardFormModal({
  category,
  card,
  opened,
  onClose,
}: {
  category: Category;
  /** The card to edit; none to add one. */
  card?: AnyCard;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('cards');
  const kind = category.type_of_cards;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={card ? t(`cardForm.editTitle.${kind}`) : t(`cardForm.addTitle.${kind}`)}
      radius="lg"
      size="lg"
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {/* Mounted per opening, so the form starts from the card as it is now. */}
      {opened && kind === 'text' && (
        <TextCardForm category={category} card={card as TextCard | undefined} onDone={onClose} />
      )}
      {opened && kind === 'picture' && (
        <PictureCardForm category={category} card={card as PictureCard | undefined} onDone={onClose} />
      )}
      {opened && kind === 'kids' && (
        <KidsCardForm category={category} card={card as KidsCard | undefined} onDone={onClose} />
      )}
    </Modal>
  );
}
