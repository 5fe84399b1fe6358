import type { Category, PictureCard } from '@flashcards/contract';
import { Box, Stack, Text, Textarea } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { OccludedPicture } from '../../../components/occlusion/occluded-picture';
import { FormattedPreview, FormattingHelp } from '../../../components/rich-text/formatted-preview';
import { useTags } from '../../../lib/category-queries';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useCreatePictureCard } from '../api/create-picture-card';
import { useUpdatePictureCard } from '../api/update-picture-card';
import { pictureCardForm } from '../card-forms';
import { useCardSave } from './card-entry';
import { CardFormFrame, TagField } from './card-entry-parts';
import { PictureSideField } from './image-field';
import { useOfflineEdit } from './use-offline-edit';

type Values = { first_side: File | null; second_side: string; tag: string };

/** Adds a picture card (picture, text, optional tag), or edits one; the picture is needed only to add. */
export function PictureCardForm({
  category,
  card,
  onDone,
}: {
  category: Category;
  card?: PictureCard;
  onDone: () => void;
}) {
  const { t } = useTranslation(['cards', 'common']);
  const tags = useTags('picture', category.id);
  const create = useCreatePictureCard();
  const update = useUpdatePictureCard();

  const editing = Boolean(card);
  const schema = useMemo(() => pictureCardForm(editing), [editing]);
  const form = useSchemaForm<Values>({
    schema,
    initialValues: { first_side: null, second_side: card?.second_side ?? '', tag: card?.tag ?? '' },
  });
  const { save, frame } = useCardSave(form, { editing, onDone, create, update });
  const offline = useOfflineEdit('picture', card, onDone);

  const submit = form.submit((values) => {
    const fields = {
      category: category.id,
      first_side: values.first_side,
      second_side: values.second_side.trim(),
      tag: values.tag.trim(),
    };
    // Offline, only the text can wait on the device: the picture stays the card's own.
    const change = { first_side: card?.first_side ?? '', second_side: fields.second_side, tag: fields.tag };
    const newPicture = fields.first_side !== null;
    save(
      (handlers) =>
        card
          ? update.mutate({ id: card.id, ...fields }, offline(change, handlers, { newPicture }))
          : create.mutate(fields, handlers),
      // The next card of a series: a new picture and text, the rest kept.
      { next: { first_side: null, second_side: '', tag: values.tag } },
    );
  });

  return (
    <CardFormFrame {...frame} onSubmit={submit}>
      {card?.occlusion ? (
        <Stack gap={6}>
          <Box h={200}>
            <OccludedPicture src={card.first_side_url} occlusion={card.occlusion} />
          </Box>
          <Text size="sm" c="dimmed">
            {t('occlusion.fixedPicture')}
          </Text>
        </Stack>
      ) : (
        <PictureSideField card={card} {...form.getInputProps('first_side')} />
      )}
      <Textarea
        label={t('cardForm.pictureText')}
        description={t('cardForm.pictureTextHint')}
        required
        autosize
        minRows={2}
        maxRows={6}
        data-autofocus={card ? true : undefined}
        {...form.getInputProps('second_side')}
      />
      <FormattingHelp />
      <FormattedPreview texts={[{ label: t('cardForm.pictureText'), text: form.values.second_side }]} />
      <TagField tags={tags.data} {...form.getInputProps('tag')} />
    </CardFormFrame>
  );
}
