import { CARD_TAG_MAX_LENGTH, type Category, type TextCard } from '@flashcards/contract';
import { Autocomplete, Button, Group, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { useTags } from '../../../lib/category-queries';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useSuccessToast } from '../../../lib/use-success-toast';
import { useCreateTextCard } from '../api/create-text-card';
import { useUpdateTextCard } from '../api/update-text-card';
import { textCardForm } from '../card-forms';

/** Adds a text card to the category, or edits one: both sides and an optional tag. */
export function TextCardForm({
  category,
  card,
  onDone,
}: {
  category: Category;
  card?: TextCard;
  onDone: () => void;
}) {
  const { t } = useTranslation(['cards', 'common']);
  const toast = useSuccessToast();
  const tags = useTags('text', category.id);
  const create = useCreateTextCard();
  const update = useUpdateTextCard();
  const [general, setGeneral] = useState<string | null>(null);

  const form = useSchemaForm({
    schema: textCardForm,
    initialValues: {
      first_side: card?.first_side ?? '',
      second_side: card?.second_side ?? '',
      tag: card?.tag ?? '',
    },
  });

  const submit = form.submit((values) => {
    setGeneral(null);
    const body = {
      category: category.id,
      first_side: values.first_side.trim(),
      second_side: values.second_side.trim(),
      tag: values.tag.trim(),
    };
    const handlers = {
      onSuccess: () => {
        toast(card ? t('cardForm.saved') : t('cardForm.added'));
        onDone();
      },
      onError: (error: Error) => setGeneral(form.showServerErrors(error)),
    };
    if (card) update.mutate({ id: card.id, ...body }, handlers);
    else create.mutate(body, handlers);
  });

  return (
    <form ref={form.formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <Textarea
          label={t('cardForm.firstSide')}
          required
          autosize
          minRows={2}
          maxRows={8}
          data-autofocus
          {...form.getInputProps('first_side')}
        />
        <Textarea
          label={t('cardForm.secondSide')}
          required
          autosize
          minRows={2}
          maxRows={8}
          {...form.getInputProps('second_side')}
        />
        <Autocomplete
          label={t('cardForm.tag')}
          description={t('cardForm.tagHint')}
          data={tags.data ?? []}
          maxLength={CARD_TAG_MAX_LENGTH}
          {...form.getInputProps('tag')}
        />
        <FormError>{general}</FormError>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {card ? t('actions.save') : t('cardForm.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
