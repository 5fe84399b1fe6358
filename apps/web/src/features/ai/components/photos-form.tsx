import { AI_IMAGES_MAX_CARDS } from '@flashcards/contract';
import { NativeSelect, NumberInput, SimpleGrid, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageName } from '../../../lib/language-name';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { aiLanguages, type PhotosValues, photosForm } from '../ai-forms';
import { useStartGeneration } from '../use-generation';
import { GenerateFormEnd } from './generate-form-end';
import { PhotoDropZone } from './photo-drop-zone';
import '../../../lib/error-texts';

// The server names each photo's field; the form holds them as one list.
const photoFields = { first_image: 'photos', second_image: 'photos', third_image: 'photos' };

/** Cards from up to three photographed pages: the photos, their language, how many cards, a tag. */
export function PhotosForm({
  owner,
  initialValues,
  quotaLeft,
}: {
  owner: number;
  initialValues: PhotosValues;
  quotaLeft: number;
}) {
  const { t, i18n } = useTranslation(['ai', 'errors']);
  const start = useStartGeneration(owner);
  const [general, setGeneral] = useState<string | null>(null);
  const form = useSchemaForm<PhotosValues>({ schema: photosForm, initialValues });

  const submit = form.submit((values) => {
    setGeneral(null);
    if (quotaLeft === 0) {
      setGeneral(t('errors:ai_quota_exceeded'));
      return;
    }
    start.mutate(
      { kind: 'images', values },
      { onError: (error) => setGeneral(form.showServerErrors(error, photoFields)) },
    );
  });

  const interfaceLanguage = i18n.resolvedLanguage ?? 'en';
  const photos = form.getInputProps('photos');
  return (
    <form ref={form.formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <PhotoDropZone
          value={form.values.photos}
          onChange={(files) => form.setFieldValue('photos', files)}
          error={typeof photos.error === 'string' ? photos.error : null}
          disabled={start.isPending}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <NativeSelect
            label={t('photosForm.language')}
            description={t('photosForm.languageHint')}
            data={aiLanguages.map((code) => ({ value: code, label: languageName(code, interfaceLanguage) }))}
            {...form.getInputProps('language')}
          />
          <NumberInput
            label={t('photosForm.quantity')}
            description={t('photosForm.quantityHint', { max: AI_IMAGES_MAX_CARDS })}
            required
            min={1}
            max={AI_IMAGES_MAX_CARDS}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            {...form.getInputProps('card_quantity')}
          />
        </SimpleGrid>
        <GenerateFormEnd
          tag={{
            label: t('photosForm.tag'),
            description: t('photosForm.tagHint'),
            ...form.getInputProps('tag'),
          }}
          general={general}
          starting={start.isPending}
          submit={t('photosForm.submit')}
        />
      </Stack>
    </form>
  );
}
