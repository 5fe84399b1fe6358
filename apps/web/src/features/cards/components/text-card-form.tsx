import {
  CARD_SIDE_MAX_LENGTH,
  CARD_TAG_MAX_LENGTH,
  type Category,
  type TextCard,
} from '@flashcards/contract';
import { Autocomplete, Button, Group, Stack, Textarea } from '@mantine/core';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { useErrorMessage } from '../../../lib/api-errors';
import { useTags } from '../../../lib/category-queries';
import { useForm } from '../../../lib/use-form';
import { useSuccessToast } from '../../../lib/use-success-toast';
import { useCreateTextCard } from '../api/create-text-card';
import { useUpdateTextCard } from '../api/update-text-card';
import { splitServerErrors } from '../server-errors';
import { useTextRule } from './use-text-rule';

const FIELDS = ['first_side', 'second_side', 'tag'] as const;

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
  const errorMessage = useErrorMessage();
  const toast = useSuccessToast();
  const tags = useTags('text', category.id);
  const create = useCreateTextCard();
  const update = useUpdateTextCard();
  const [general, setGeneral] = useState<string | null>(null);
  const rule = useTextRule();

  const form = useForm({
    initialValues: {
      first_side: card?.first_side ?? '',
      second_side: card?.second_side ?? '',
      tag: card?.tag ?? '',
    },
    rules: {
      first_side: rule({ required: true, max: CARD_SIDE_MAX_LENGTH }),
      second_side: rule({ required: true, max: CARD_SIDE_MAX_LENGTH }),
      tag: rule({ required: false, max: CARD_TAG_MAX_LENGTH }),
    },
  });

  const areaProps = (field: 'first_side' | 'second_side') => ({
    value: form.values[field],
    onChange: (event: ChangeEvent<HTMLTextAreaElement>) =>
      form.setFieldValue(field, event.currentTarget.value),
    error: form.errors[field],
  });

  const submit = form.onSubmit((values) => {
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
      onError: (error: Error) => {
        const split = splitServerErrors(error, FIELDS, errorMessage);
        form.setErrors(split.fields);
        setGeneral(split.general);
      },
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
          {...areaProps('first_side')}
        />
        <Textarea
          label={t('cardForm.secondSide')}
          required
          autosize
          minRows={2}
          maxRows={8}
          {...areaProps('second_side')}
        />
        <Autocomplete
          label={t('cardForm.tag')}
          description={t('cardForm.tagHint')}
          data={tags.data ?? []}
          value={form.values.tag}
          onChange={(value) => form.setFieldValue('tag', value)}
          error={form.errors.tag}
          maxLength={CARD_TAG_MAX_LENGTH}
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
