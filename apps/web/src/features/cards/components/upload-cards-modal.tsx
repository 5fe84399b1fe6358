import {
  ANKI_PACKAGE_MAX_BYTES,
  CARD_FILE_MAX_LINES,
  CARD_SIDE_MAX_LENGTH,
  type Category,
  megabytes,
  type SkippedNote,
} from '@flashcards/contract';
import { Alert, Button, Code, FileInput, Group, List, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { IconFileText, IconInfoCircle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useSuccessToast } from '../../../lib/use-success-toast';
import { useUploadPictureCards } from '../api/card-files';
import { useUploadTextCards } from '../api/upload-text-cards';
import { cardFileFormFor } from '../card-forms';
import { ANKI_FILE_ACCEPT, CARD_FILE_ACCEPT } from '../card-rules';

const EXAMPLE = ['Sofia%Bulgaria&capitals', 'Paris%France&capitals', 'Hund%dog&animals'].join('\n');
const TAB_EXAMPLE = 'Hund\tdog\tanimals';
const CSV_EXAMPLE = ['first_side,second_side,tag', 'Rome,Italy,capitals'].join('\n');

/**
 * Adds many cards from a file. A bad line refuses a whole text file, naming it; an Anki package's notes that
 * cannot become cards are left out, and the modal then lists them. Text categories take text files and Anki
 * packages, picture categories Anki packages.
 */
export function UploadCardsModal({
  category,
  opened,
  onClose,
}: {
  category: Category;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('cards');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('upload.title')}
      radius="lg"
      size="lg"
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {opened && <UploadForm category={category} onDone={onClose} />}
    </Modal>
  );
}

function UploadForm({ category, onDone }: { category: Category; onDone: () => void }) {
  const { t } = useTranslation(['cards', 'common']);
  const toast = useSuccessToast();
  const pictures = category.type_of_cards === 'picture';
  const uploadText = useUploadTextCards();
  const uploadPictures = useUploadPictureCards();
  const upload = pictures ? uploadPictures : uploadText;
  const [general, setGeneral] = useState<string | null>(null);
  const [imported, setImported] = useState<{ created: number; skipped: SkippedNote[] } | null>(null);
  const schema = useMemo(() => cardFileFormFor(pictures ? 'picture' : 'text'), [pictures]);
  const form = useSchemaForm<{ file: File | null }>({ schema, initialValues: { file: null } });

  const submit = form.submit(({ file }) => {
    setGeneral(null);
    if (!file) return;
    upload.mutate(
      { categoryId: category.id, file },
      {
        onSuccess: (result) => {
          // Notes left out are listed in the dialog, with the count of cards added above them.
          if (result.skipped.length > 0) return setImported(result);
          toast(t('upload.done', { count: result.created }));
          onDone();
        },
        onError: (error) => setGeneral(form.showServerErrors(error)),
      },
    );
  });

  if (imported) return <SkippedNotes {...imported} onDone={onDone} />;

  return (
    <form ref={form.formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>{pictures ? t('upload.introPicture') : t('upload.intro')}</Text>
        {!pictures && (
          <List spacing="sm" size="sm">
            <List.Item>
              <Text size="sm" fw={600}>
                {t('upload.formatLines')}
              </Text>
              <Code block mt={4}>
                {EXAMPLE}
              </Code>
            </List.Item>
            <List.Item>
              <Text size="sm" fw={600}>
                {t('upload.formatTabs')}
              </Text>
              <Code block mt={4}>
                {TAB_EXAMPLE.replaceAll('\t', ' ⇥ ')}
              </Code>
            </List.Item>
            <List.Item>
              <Text size="sm" fw={600}>
                {t('upload.formatCsv')}
              </Text>
              <Code block mt={4}>
                {CSV_EXAMPLE}
              </Code>
            </List.Item>
            <List.Item>
              <Text size="sm" fw={600}>
                {t('upload.formatAnki')}
              </Text>
            </List.Item>
          </List>
        )}
        <Text size="sm" c="dimmed">
          {pictures
            ? t('upload.rulesPicture', { max: CARD_FILE_MAX_LINES, size: megabytes(ANKI_PACKAGE_MAX_BYTES) })
            : t('upload.rules', { max: CARD_FILE_MAX_LINES })}
        </Text>
        <FileInput
          label={t('upload.file')}
          placeholder={pictures ? t('upload.filePlaceholderPicture') : t('upload.filePlaceholder')}
          accept={pictures ? ANKI_FILE_ACCEPT : CARD_FILE_ACCEPT}
          required
          clearable
          clearButtonProps={{ 'aria-label': t('cardForm.clearFile') }}
          {...form.getInputProps('file')}
          leftSection={<IconFileText size={18} aria-hidden="true" />}
          // Mantine's placeholder grey is too light to read (contrast below 4.5:1).
          styles={{
            placeholder: { color: 'light-dark(var(--mantine-color-gray-7), var(--mantine-color-dark-1))' },
          }}
          data-autofocus
        />
        <FormError>{general}</FormError>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={upload.isPending}>
            {t('upload.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The cards a package gave, and its notes left out, each with its number, its start and why. */
function SkippedNotes({
  created,
  skipped,
  onDone,
}: {
  created: number;
  skipped: SkippedNote[];
  onDone: () => void;
}) {
  const { t } = useTranslation('cards');
  return (
    <Stack gap="md">
      <Text fw={600} role="status">
        {t('upload.done', { count: created })}
      </Text>
      <Alert color="orange" variant="light" icon={<IconInfoCircle aria-hidden="true" />}>
        {/* Mantine's orange title on its light orange is below 4.5:1: the title is the body's text, bold. */}
        <Text size="sm" fw={700}>
          {t('upload.skipped', { count: skipped.length })}
        </Text>
        <Text size="sm">{t('upload.skippedIntro')}</Text>
      </Alert>
      <ScrollArea.Autosize mah={320} type="auto">
        <List spacing={6} size="sm" aria-label={t('upload.skipped', { count: skipped.length })}>
          {skipped.map((note) => (
            <List.Item key={`${note.note}-${note.reason}`}>
              <Text span size="sm" fw={600}>
                {t('upload.note', { note: note.note })}
              </Text>
              {note.excerpt && (
                <Text span size="sm">
                  {' '}
                  “{note.excerpt}”
                </Text>
              )}
              <Text span size="sm" c="dimmed">
                {' – '}
                {t(`upload.reasons.${note.reason}`, { max: CARD_SIDE_MAX_LENGTH })}
              </Text>
            </List.Item>
          ))}
        </List>
      </ScrollArea.Autosize>
      <Group justify="flex-end">
        <Button onClick={onDone} data-autofocus>
          {t('upload.close')}
        </Button>
      </Group>
    </Stack>
  );
}
