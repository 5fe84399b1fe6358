import {
  AUDIO_MAX_BYTES,
  CARD_SIDE_MAX_LENGTH,
  type Category,
  type KidsCard,
  megabytes,
  PICTURE_MAX_BYTES,
} from '@flashcards/contract';
import {
  Button,
  FileInput,
  Group,
  Input,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconMusic } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { useErrorMessage } from '../../../lib/api-errors';
import { useForm } from '../../../lib/use-form';
import { useSuccessToast } from '../../../lib/use-success-toast';
import { useCreateKidsCard } from '../api/create-kids-card';
import { useUpdateKidsCard } from '../api/update-kids-card';
import { AUDIO_ACCEPT, checkAudio, checkImage, KIDS_LANGUAGES, languageName } from '../card-rules';
import { splitServerErrors } from '../server-errors';
import { AudioRecorder, canRecord, recordingExtension } from './audio-recorder';
import { ImageField } from './image-field';
import { useTextRule } from './use-text-rule';

const FIELDS = ['first_side', 'second_side', 'language', 'audio'] as const;

type SoundSource = 'upload' | 'record';
type Values = {
  first_side: File | null;
  second_side: string;
  language: string;
  source: SoundSource;
  audioFile: File | null;
  recording: Blob | null;
};

/** Adds a kids card (picture, word, its language, a sound uploaded or recorded here), or edits one. */
export function KidsCardForm({
  category,
  card,
  onDone,
}: {
  category: Category;
  card?: KidsCard;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation(['cards', 'common']);
  const errorMessage = useErrorMessage();
  const toast = useSuccessToast();
  const create = useCreateKidsCard();
  const update = useUpdateKidsCard();
  const [general, setGeneral] = useState<string | null>(null);
  const rule = useTextRule();
  const soundLabelId = useId();
  const interfaceLanguage = i18n.resolvedLanguage ?? 'en';

  const defaultLanguage = card?.language || category.language || interfaceLanguage;
  const form = useForm<Values>({
    initialValues: {
      first_side: null,
      second_side: card?.second_side ?? '',
      language: (KIDS_LANGUAGES as readonly string[]).includes(defaultLanguage) ? defaultLanguage : 'en',
      source: 'upload',
      audioFile: null,
      recording: null,
    },
    rules: {
      first_side: (file) => {
        if (!file) return card ? null : t('validation.pictureRequired');
        const problem = checkImage(file);
        return problem ? t(`validation.${problem}`, { max: megabytes(PICTURE_MAX_BYTES) }) : null;
      },
      second_side: rule({ required: true, max: CARD_SIDE_MAX_LENGTH }),
      language: (value) => (value ? null : t('validation.required')),
      audioFile: (file, values) => {
        if (values.source !== 'upload' || !file) return null;
        const problem = checkAudio(file);
        return problem ? t(`validation.${problem}`, { max: megabytes(AUDIO_MAX_BYTES) }) : null;
      },
      recording: (blob, values) => {
        if (values.source !== 'record' || !blob) return null;
        const problem = checkAudio(blob);
        return problem ? t(`validation.${problem}`, { max: megabytes(AUDIO_MAX_BYTES) }) : null;
      },
    },
  });

  const soundFile = (values: Values): File | null => {
    if (values.source === 'upload') return values.audioFile;
    if (!values.recording) return null;
    const type = values.recording.type || 'audio/webm';
    return new File([values.recording], `recording.${recordingExtension(type)}`, { type });
  };

  const submit = form.onSubmit((values) => {
    setGeneral(null);
    const fields = {
      category: category.id,
      first_side: values.first_side,
      second_side: values.second_side.trim(),
      language: values.language,
      audio: soundFile(values),
    };
    const handlers = {
      onSuccess: () => {
        toast(card ? t('cardForm.saved') : t('cardForm.added'));
        onDone();
      },
      onError: (error: Error) => {
        const { fields: found, general: other } = splitServerErrors(error, FIELDS, errorMessage);
        const { audio, ...rest } = found;
        form.setErrors({
          ...rest,
          ...(audio ? { [values.source === 'upload' ? 'audioFile' : 'recording']: audio } : {}),
        });
        setGeneral(other);
      },
    };
    if (card) update.mutate({ id: card.id, ...fields }, handlers);
    else create.mutate(fields, handlers);
  });

  const recorder = canRecord();
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
        <TextInput
          label={t('cardForm.word')}
          description={t('cardForm.wordHint')}
          required
          data-autofocus={card ? true : undefined}
          {...form.getInputProps('second_side')}
        />
        <Select
          label={t('cardForm.language')}
          required
          allowDeselect={false}
          data={KIDS_LANGUAGES.map((code) => ({ value: code, label: languageName(code, interfaceLanguage) }))}
          value={form.values.language}
          onChange={(value) => form.setFieldValue('language', value ?? '')}
          error={form.errors.language}
        />
        <Stack gap={6} role="group" aria-labelledby={soundLabelId}>
          <Input.Label id={soundLabelId} component="span">
            {t('cardForm.sound')}
          </Input.Label>
          {card?.audio_url && (
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" c="dimmed" style={{ flex: 'none' }}>
                {t('cardForm.currentSound')}
              </Text>
              {/* biome-ignore lint/a11y/useMediaCaption: the sound of one word has no captions */}
              <audio
                controls
                src={card.audio_url}
                aria-label={t('cardForm.currentSound')}
                style={{ width: '100%', height: 36 }}
              />
            </Group>
          )}
          {recorder && (
            <SegmentedControl
              value={form.values.source}
              onChange={(value) => form.setFieldValue('source', value as SoundSource)}
              data={[
                { value: 'upload', label: t('cardForm.soundUpload') },
                { value: 'record', label: t('cardForm.soundRecord') },
              ]}
              aria-label={t('cardForm.soundSource')}
            />
          )}
          {form.values.source === 'upload' ? (
            <FileInput
              aria-label={t('cardForm.soundFile')}
              placeholder={t('cardForm.soundPlaceholder')}
              description={t(card?.audio_url ? 'cardForm.soundKeep' : 'cardForm.soundHint', {
                max: megabytes(AUDIO_MAX_BYTES),
              })}
              accept={AUDIO_ACCEPT}
              clearable
              clearButtonProps={{ 'aria-label': t('cardForm.clearFile') }}
              value={form.values.audioFile}
              onChange={(file) => form.setFieldValue('audioFile', file)}
              error={form.errors.audioFile}
              leftSection={<IconMusic size={18} aria-hidden="true" />}
            />
          ) : (
            <AudioRecorder
              value={form.values.recording}
              onChange={(blob) => form.setFieldValue('recording', blob)}
              error={form.errors.recording}
            />
          )}
        </Stack>
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
