import { AUDIO_MAX_BYTES, type Category, type KidsCard, megabytes } from '@flashcards/contract';
import { FileInput, Group, Input, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconMusic } from '@tabler/icons-react';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useCreateKidsCard } from '../api/create-kids-card';
import { useUpdateKidsCard } from '../api/update-kids-card';
import { kidsCardForm, type soundSources } from '../card-forms';
import { AUDIO_ACCEPT, kidsLanguage, kidsLanguageOptions } from '../card-rules';
import { AudioRecorder, canRecord, recordingExtension } from './audio-recorder';
import { useCardSave } from './card-entry';
import { CardFormFrame } from './card-entry-parts';
import { PictureSideField } from './image-field';

type SoundSource = (typeof soundSources)[number];
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
  const create = useCreateKidsCard();
  const update = useUpdateKidsCard();
  const soundLabelId = useId();
  const interfaceLanguage = i18n.resolvedLanguage ?? 'en';

  const editing = Boolean(card);
  const schema = useMemo(() => kidsCardForm(editing), [editing]);
  const form = useSchemaForm<Values>({
    schema,
    initialValues: {
      first_side: null,
      second_side: card?.second_side ?? '',
      language: kidsLanguage(card?.language || category.language || interfaceLanguage),
      source: 'upload',
      audioFile: null,
      recording: null,
    },
  });
  const { save, frame } = useCardSave(form, { editing, onDone, create, update });

  const soundFile = (values: Values): File | null => {
    if (values.source === 'upload') return values.audioFile;
    if (!values.recording) return null;
    const type = values.recording.type || 'audio/webm';
    return new File([values.recording], `recording.${recordingExtension(type)}`, { type });
  };

  const submit = form.submit((values) => {
    const fields = {
      category: category.id,
      first_side: values.first_side,
      second_side: values.second_side.trim(),
      language: values.language,
      audio: soundFile(values),
    };
    save(
      (handlers) =>
        card ? update.mutate({ id: card.id, ...fields }, handlers) : create.mutate(fields, handlers),
      {
        // The next card of a series: a new picture and text, the rest kept.
        next: { ...values, first_side: null, second_side: '', audioFile: null, recording: null },
        // The server's `audio` is whichever of the two ways gave the sound.
        rename: { audio: values.source === 'upload' ? 'audioFile' : 'recording' },
      },
    );
  });

  const recorder = canRecord();
  return (
    <CardFormFrame {...frame} onSubmit={submit}>
      <PictureSideField card={card} {...form.getInputProps('first_side')} />
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
        data={kidsLanguageOptions(interfaceLanguage)}
        {...form.getInputProps('language')}
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
            {...form.getInputProps('audioFile')}
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
    </CardFormFrame>
  );
}
