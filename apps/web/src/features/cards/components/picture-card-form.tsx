import { CARD_TAG_MAX_LENGTH, type Category, type PictureCard } from '@flashcards/contract';
import { Autocomplete, Stack, Textarea } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTags } from '../../../lib/category-queries';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useSuccessToast } from '../../../lib/use-success-toast';
import { useCreatePictureCard } from '../api/create-picture-card';
import { useUpdatePictureCard } from '../api/update-picture-card';
import { pictureCardForm } from '../card-forms';
import { FIRST_SIDE, useCardEntry } from './card-entry';
import { CardFormFooter, TAG_SUGGESTIONS } from './card-entry-parts';
import { ImageField } from './image-field';

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
  const toast = useSuccessToast();
  const tags = useTags('picture', category.id);
  const create = useCreatePictureCard();
  const update = useUpdatePictureCard();
  const [general, setGeneral] = useState<string | null>(null);

  const editing = Boolean(card);
  const schema = useMemo(() => pictureCardForm(editing), [editing]);
  const form = useSchemaForm<Values>({
    schema,
    initialValues: { first_side: null, second_side: card?.second_side ?? '', tag: card?.tag ?? '' },
  });
  const entry = useCardEntry(form.formRef);

  const submit = form.submit((values) => {
    setGeneral(null);
    const another = !card && entry.isAnother();
    const fields = {
      category: category.id,
      first_side: values.first_side,
      second_side: values.second_side.trim(),
      tag: values.tag.trim(),
    };
    const handlers = {
      onSuccess: () => {
        toast(card ? t('cardForm.saved') : t('cardForm.added'));
        if (!another) return onDone();
        // The next card of a series: a new picture and text, the rest kept.
        form.setValues({ first_side: null, second_side: '', tag: values.tag });
        form.clearErrors();
        entry.focusFirstSide();
      },
      onError: (error: Error) => setGeneral(form.showServerErrors(error)),
    };
    if (card) update.mutate({ id: card.id, ...fields }, handlers);
    else create.mutate(fields, handlers);
  });

  return (
    <form ref={form.formRef} onSubmit={submit} onKeyDownCapture={entry.onKeyDownCapture} noValidate>
      <Stack gap="md">
        <ImageField
          currentUrl={card?.first_side_thumbnail_url}
          required={!card}
          {...FIRST_SIDE}
          {...form.getInputProps('first_side')}
        />
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
        <Autocomplete
          label={t('cardForm.tag')}
          description={t('cardForm.tagHint')}
          data={tags.data ?? []}
          maxLength={CARD_TAG_MAX_LENGTH}
          {...TAG_SUGGESTIONS}
          {...form.getInputProps('tag')}
        />
        <CardFormFooter
          general={general}
          editing={Boolean(card)}
          saving={create.isPending || update.isPending}
          adding={create.isPending}
          onCancel={onDone}
          onAddAnother={entry.saveAndAddAnother}
        />
      </Stack>
    </form>
  );
}
