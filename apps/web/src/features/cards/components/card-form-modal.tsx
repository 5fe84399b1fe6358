import type { Category, KidsCard, PictureCard, TextCard } from '@flashcards/contract';
import { Modal, SegmentedControl } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnyCard } from '../api/get-cards';
import { KidsCardForm } from './kids-card-form';
import { OcclusionCardForm } from './occlusion-card-form';
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
  // A new picture card is a picture with its text, or a picture with parts hidden (image occlusion).
  const [pictureKind, setPictureKind] = useState<'picture' | 'occlusion'>('picture');
  const occlusion = kind === 'picture' && !card && pictureKind === 'occlusion';
  // The two kinds' names do not fit side by side on a phone.
  const narrow = useMediaQuery('(max-width: 30em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={card ? t(`cardForm.editTitle.${kind}`) : t(`cardForm.addTitle.${kind}`)}
      radius="lg"
      size={occlusion ? 'xl' : 'lg'}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {opened && kind === 'picture' && !card && (
        <SegmentedControl
          mb="md"
          fullWidth
          orientation={narrow ? 'vertical' : 'horizontal'}
          aria-label={t('occlusion.kind')}
          value={pictureKind}
          onChange={(value) => setPictureKind(value as 'picture' | 'occlusion')}
          data={[
            { value: 'picture', label: t('occlusion.kindPicture') },
            { value: 'occlusion', label: t('occlusion.kindOcclusion') },
          ]}
        />
      )}
      {/* Mounted per opening, so the form starts from the card as it is now. */}
      {opened && kind === 'text' && (
        <TextCardForm category={category} card={card as TextCard | undefined} onDone={onClose} />
      )}
      {opened && kind === 'picture' && !occlusion && (
        <PictureCardForm category={category} card={card as PictureCard | undefined} onDone={onClose} />
      )}
      {opened && occlusion && <OcclusionCardForm category={category} onDone={onClose} />}
      {opened && kind === 'kids' && (
        <KidsCardForm category={category} card={card as KidsCard | undefined} onDone={onClose} />
      )}
    </Modal>
  );
}
