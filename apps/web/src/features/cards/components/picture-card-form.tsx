import {
  CARD_SIDE_MAX_LENGTH,
  CARD_TAG_MAX_LENGTH,
  type Category,
  megabytes,
  PICTURE_MAX_BYTES,
  type PictureCard,
} from '@flashcards/contract';
import { Autocomplete, Button, Group, Stack, Textarea } from '@mantine/core';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { useErrorMessage } from '../../../lib/api-errors';
import { useTags } from '../../../lib/category-queries';
import { useForm } from '../../../lib/use-form';
import { useSuccessToast } from '../../../lib/use-success-toast';
import { useCreatePictureCard } from '../api/create-picture-card';
import { useUpdatePictureCard } from '../api/update-picture-card';
import { checkImage } from '../card-rules';
import { splitServerErrors } from '../server-errors';
import { ImageField } from './image-field';
import { useTextRule } from './use-text-rule';

const FIELDS = ['first_side', 'second_side', 'tag'] as const;

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
  const errorMessage = useErrorMessage();
  const toast = useSuccessToast();
  const tags = useTags('picture', category.id);
  const create = useCreatePictureCard();
  const update = useUpdatePictureCard();
  const [general, setGeneral] = useState<string | null>(null);
  const rule = useTextRule();

  const form = useForm<Values>({
    initialValues: { first_side: null, second_side: card?.second_side ?? '', tag: card?.tag ?? '' },
    rules: {
      first_side: (file) => {
        if (!file) return card ? null : t('validation.pictureRequired');
        const problem = checkImage(file);
        return problem ? t(`validation.${problem}`, { max: megabytes(PICTURE_MAX_BYTES) }) : null;
      },
      second_side: rule({ required: true, max: CARD_SIDE_MAX_LENGTH }),
      tag: rule({ required: false, max: CARD_TAG_MAX_LENGTH }),
    },
  });

  const areaProps = (field: 'second_side') => ({
    value: form.values[field],
    onChange: (event: ChangeEvent<HTMLTextAreaElement>) =>
      form.setFieldValue(field, event.currentTarget.value),
    error: form.errors[field],
  });

  const submit = form.onSubmit((values) => {
    setGeneral(null);
    const fields = {
      category: category.id,
      first_side: values.first_side,
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
    if (card) update.mutate({ id: card.id, ...fields }, handlers);
    else create.mutate(fields, handlers);
  });

  return (
    <form ref={form.formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <ImageField
          value={form.values.first_side}
          onChange={(file) => form.setFieldValue('first_side', file)}
          currentUrl={card?.first_side_thumbnail_url}
          error={form.errors.first_side}
          required={!card}
        />
        <Textarea
          label={t('cardForm.pictureText')}
          description={t('cardForm.pictureTextHint')}
          required
          autosize
          minRows={2}
          maxRows={6}
          data-autofocus={card ? true : undefined}
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
