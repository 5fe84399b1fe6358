import { type Category, OCCLUSION_MAX_MASKS, type OcclusionMode } from '@flashcards/contract';
import { ActionIcon, Button, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { useTags } from '../../../lib/category-queries';
import { useObjectUrl } from '../../../lib/use-object-url';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useSuccessToast } from '../../../lib/use-success-toast';
import { useCreateOcclusionCards } from '../api/create-occlusion-cards';
import { occlusionCardForm } from '../card-forms';
import { FIRST_SIDE, useCardEntry } from './card-entry';
import { CardFormFooter, TagField } from './card-entry-parts';
import { ImageField } from './image-field';
import { type DraftMask, newMaskKey, OcclusionEditor } from './occlusion-editor';

type Values = { first_side: File | null; masks: DraftMask[]; mode: OcclusionMode; tag: string };

const fresh = (tag: string): Values => ({ first_side: null, masks: [], mode: 'hide_all', tag });

/**
 * Image occlusion: a picture, rectangles drawn over its parts each with what it hides, and whether a
 * question hides all of them or only its own. Saving adds a card per rectangle.
 */
export function OcclusionCardForm({ category, onDone }: { category: Category; onDone: () => void }) {
  const { t } = useTranslation(['cards', 'common']);
  const tags = useTags('picture', category.id);
  const create = useCreateOcclusionCards();
  const toast = useSuccessToast();
  const form = useSchemaForm<Values>({ schema: occlusionCardForm, initialValues: fresh('') });
  const entry = useCardEntry(form.formRef, { adding: true });
  const [general, setGeneral] = useState<string | null>(null);
  const picture = useObjectUrl(form.values.first_side);
  const hintId = useId();
  const { masks } = form.values;

  const setMasks = (next: DraftMask[]) => {
    form.setFieldValue('masks', next);
    form.clearFieldError('masks');
  };

  const addRectangle = () =>
    setMasks([...masks, { key: newMaskKey(), x: 0.4, y: 0.45, width: 0.2, height: 0.1, answer: '' }]);

  const submit = form.submit((values) => {
    setGeneral(null);
    const another = entry.isAnother();
    create.mutate(
      {
        category: category.id,
        first_side: values.first_side as File,
        masks: JSON.stringify(
          values.masks.map(({ x, y, width, height, answer }) => ({
            x,
            y,
            width,
            height,
            answer: answer.trim(),
          })),
        ),
        mode: values.mode,
        tag: values.tag.trim(),
      },
      {
        onSuccess: (cards) => {
          toast(t('cardForm.addedCount', { count: cards.length }));
          if (!another) return onDone();
          form.setValues(fresh(values.tag));
          form.clearErrors();
          entry.focusFirstSide();
        },
        onError: (error) => setGeneral(form.showServerErrors(error)),
      },
    );
  });

  const masksError = form.errors.masks;
  return (
    <form ref={form.formRef} onSubmit={submit} onKeyDownCapture={entry.onKeyDownCapture} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('occlusion.intro')}</Text>
        <ImageField {...FIRST_SIDE} required data-autofocus {...form.getInputProps('first_side')} />
        {picture ? (
          <Stack gap="xs">
            <Text id={hintId} size="xs" c="dimmed">
              {t('occlusion.drawHint')}
            </Text>
            <OcclusionEditor src={picture} masks={masks} onChange={setMasks} describedBy={hintId} />
            <Group justify="space-between" gap="sm">
              <Button
                variant="light"
                size="compact-sm"
                leftSection={<IconPlus size={16} aria-hidden="true" />}
                onClick={addRectangle}
                disabled={masks.length >= OCCLUSION_MAX_MASKS}
              >
                {t('occlusion.addRectangle')}
              </Button>
              {masks.length >= OCCLUSION_MAX_MASKS && (
                <Text size="xs" c="dimmed">
                  {t('occlusion.tooMany', { max: OCCLUSION_MAX_MASKS })}
                </Text>
              )}
            </Group>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('occlusion.choosePicture')}
          </Text>
        )}
        {typeof masksError === 'string' && <FormError>{masksError}</FormError>}
        {masks.map((mask, index) => (
          <Group key={mask.key} gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={t('occlusion.answer', { number: index + 1 })}
              required
              maxLength={1000}
              {...form.getInputProps(`masks.${index}.answer`)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mb={form.errors[`masks.${index}.answer`] ? 22 : 0}
              aria-label={t('occlusion.removeRectangle', { number: index + 1 })}
              onClick={() => setMasks(masks.filter((each) => each.key !== mask.key))}
            >
              <IconTrash size={18} aria-hidden="true" />
            </ActionIcon>
          </Group>
        ))}
        <Radio.Group label={t('occlusion.mode')} {...form.getInputProps('mode')}>
          <Group gap="lg" mt={6}>
            <Radio value="hide_all" label={t('occlusion.hideAll')} />
            <Radio value="hide_one" label={t('occlusion.hideOne')} />
          </Group>
        </Radio.Group>
        <TagField tags={tags.data} {...form.getInputProps('tag')} />
        <CardFormFooter
          general={general}
          editing={false}
          saving={create.isPending}
          adding={create.isPending}
          onCancel={onDone}
          onAddAnother={entry.saveAndAddAnother}
          submitLabel={masks.length > 0 ? t('occlusion.add', { count: masks.length }) : undefined}
        />
      </Stack>
    </form>
  );
}
