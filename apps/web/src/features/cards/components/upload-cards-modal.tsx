import {
  ANKI_PACKAGE_MAX_BYTES,
  ANKI_PACKAGE_MAX_NOTES,
  CARD_FILE_MAX_LINES,
  CARD_SIDE_MAX_LENGTH,
  type CardImport,
  type Category,
  megabytes,
  type SkippedNote,
} from '@flashcards/contract';
import {
  Alert,
  Button,
  Code,
  FileInput,
  Group,
  List,
  Modal,
  Progress,
  ScrollArea,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileText, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { ApiError } from '../../../lib/api-client';
import { useErrorMessage } from '../../../lib/api-errors';
import { useFormatters } from '../../../lib/format';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useSuccessToast } from '../../../lib/use-success-toast';
import { useCardImport, useStartCardImport } from '../api/card-files';
import { useUploadTextCards } from '../api/upload-text-cards';
import { cardFileFormFor } from '../card-forms';
import {
  ANKI_FILE_ACCEPT,
  CARD_FILE_ACCEPT,
  isAnkiPackage,
  kidsLanguage,
  kidsLanguageOptions,
} from '../card-rules';

const EXAMPLE = ['Sofia%Bulgaria&capitals', 'Paris%France&capitals', 'Hund%dog&animals'].join('\n');
const TAB_EXAMPLE = 'Hund\tdog\tanimals';
const CSV_EXAMPLE = ['first_side,second_side,tag', 'Rome,Italy,capitals'].join('\n');

type Imported = { created: number; skipped: SkippedNote[] };

/**
 * Adds many cards from a file. A text file (text categories) is uploaded, all or none: a bad line refuses
 * it, naming the line. An Anki package (.apkg, .colpkg; any category) is imported in the background: the
 * dialog shows its progress, and may be closed meanwhile, the import going on (the outcome then comes as a
 * toast, and the dialog opened again shows it). A package's notes that cannot become cards are left out,
 * and the dialog then lists them.
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
  const { t } = useTranslation(['cards', 'common']);
  const { number } = useFormatters();
  const toast = useSuccessToast();
  const errorMessage = useErrorMessage();
  // The calls and the import live here, not in the form, so that closing the dialog (even while the file
  // is still being sent) leaves the import followed and its outcome shown.
  const uploadText = useUploadTextCards();
  const startImport = useStartCardImport();
  const [importId, setImportId] = useState<string | null>(null);
  const [imported, setImported] = useState<Imported | null>(null);
  /** Why the last file was refused or its import failed: the server's error, or the import's reason. */
  const [failure, setFailure] = useState<unknown>(null);
  const running = useCardImport(importId);
  const polled = importId ? running.data : undefined;
  // A refusal of the poll (the import is gone) will not change; being offline may pass, so polling goes on.
  const refused =
    importId && running.error instanceof ApiError && running.error.status >= 400 && running.error.status < 500
      ? running.error
      : null;
  // Outcomes arrive after the learner may have closed the dialog.
  const openedRef = useRef(opened);
  useLayoutEffect(() => {
    openedRef.current = opened;
  });

  const added = (result: Imported) => {
    // Notes left out are listed in the dialog (now, or when it is opened next), the count of cards above them.
    if (result.skipped.length > 0) setImported(result);
    if (result.skipped.length === 0 || !openedRef.current)
      toast(t('upload.done', { count: result.created, formatted: number(result.created) }));
    if (result.skipped.length === 0 && openedRef.current) onClose();
  };
  const failed = (reason: unknown) => {
    // The form shows why, to pick another file; a closed dialog says it in a toast too.
    setFailure(reason);
    if (!openedRef.current)
      notifications.show({
        color: 'red',
        message: t('upload.failed', { error: typeof reason === 'string' ? reason : errorMessage(reason) }),
        closeButtonProps: { 'aria-label': t('actions.close') },
      });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new state of the import is handled
  useEffect(() => {
    if (polled?.status === 'SUCCESS') {
      setImportId(null);
      added(polled);
    } else if (polled?.status === 'FAILURE' || refused) {
      setImportId(null);
      failed(refused ?? polled?.error ?? t('common:errors.generic'));
    }
  }, [polled, refused]);

  const send: Send = ({ file, language }) => {
    setFailure(null);
    if (isAnkiPackage(file))
      startImport.mutate(
        { categoryId: category.id, file, language: category.type_of_cards === 'kids' ? language : undefined },
        { onSuccess: (started) => setImportId(started.id), onError: failed },
      );
    else uploadText.mutate({ categoryId: category.id, file }, { onSuccess: added, onError: failed });
  };

  const done = () => {
    setImported(null);
    onClose();
  };

  let content = null;
  if (importId)
    content = <ImportProgress cardImport={polled} pollFailed={running.isError} onClose={onClose} />;
  else if (imported) content = <SkippedNotes {...imported} onDone={done} />;
  else
    content = (
      <UploadForm
        category={category}
        failure={failure}
        sending={uploadText.isPending || startImport.isPending}
        onSend={send}
        onCancel={onClose}
      />
    );

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('upload.title')}
      radius="lg"
      size="lg"
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {opened && content}
    </Modal>
  );
}

type Send = (values: { file: File; language: string }) => void;

function UploadForm({
  category,
  failure,
  sending,
  onSend,
  onCancel,
}: {
  category: Category;
  /** Why the last file was refused (a server error) or its import failed (a message), until another is sent. */
  failure: unknown;
  sending: boolean;
  onSend: Send;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation(['cards', 'common']);
  const { number } = useFormatters();
  const kind = category.type_of_cards;
  const interfaceLanguage = i18n.resolvedLanguage ?? 'en';
  const [general, setGeneral] = useState<string | null>(null);
  const schema = useMemo(() => cardFileFormFor(kind), [kind]);
  const form = useSchemaForm<{ file: File | null; language: string }>({
    schema,
    initialValues: { file: null, language: kidsLanguage(category.language || interfaceLanguage) },
  });
  const fileRef = useRef<HTMLButtonElement>(null);

  // The server's refusal goes beside its field, else above the buttons; an import's reason above the buttons.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new failure only
  useEffect(() => {
    if (!failure) setGeneral(null);
    else setGeneral(typeof failure === 'string' ? failure : form.showServerErrors(failure));
  }, [failure]);
  // Back from a failed import: the progress view had the focus, the file is to be chosen again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on the form's first showing only
  useEffect(() => {
    if (failure) fileRef.current?.focus();
  }, []);

  const submit = form.submit(({ file, language }) => {
    if (file) onSend({ file, language });
  });

  const packageLimits = {
    notes: number(ANKI_PACKAGE_MAX_NOTES),
    size: number(megabytes(ANKI_PACKAGE_MAX_BYTES)),
  };
  const intro = { text: t('upload.intro'), picture: t('upload.introPicture'), kids: t('upload.introKids') }[
    kind
  ];

  return (
    <form ref={form.formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>{intro}</Text>
        {kind === 'text' && (
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
          {kind === 'text'
            ? t('upload.rules', { max: number(CARD_FILE_MAX_LINES), ...packageLimits })
            : t('upload.rulesPackage', packageLimits)}
        </Text>
        <FileInput
          ref={fileRef}
          label={t('upload.file')}
          placeholder={kind === 'text' ? t('upload.filePlaceholder') : t('upload.filePlaceholderPackage')}
          accept={kind === 'text' ? CARD_FILE_ACCEPT : ANKI_FILE_ACCEPT}
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
        {kind === 'kids' && (
          <Select
            label={t('cardForm.language')}
            description={t('upload.languageHint')}
            required
            allowDeselect={false}
            data={kidsLanguageOptions(interfaceLanguage)}
            {...form.getInputProps('language')}
          />
        )}
        <FormError>{general}</FormError>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={sending}>
            {t('upload.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * A running import: a bar of the notes read once the package's count is known (moving stripes before),
 * the count in words, announced as it grows, and that the dialog may be closed.
 */
function ImportProgress({
  cardImport,
  pollFailed,
  onClose,
}: {
  cardImport: CardImport | undefined;
  pollFailed: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('cards');
  const { number } = useFormatters();
  const closeRef = useRef<HTMLButtonElement>(null);
  const total = cardImport?.total ?? null;
  const done = Math.min(cardImport?.done ?? 0, total ?? Number.POSITIVE_INFINITY);

  // The form's button that had the focus is gone.
  useEffect(() => closeRef.current?.focus(), []);

  let line = t('upload.progress.waiting');
  // Every note read: what is left is the one transaction that adds the cards.
  if (total !== null && done >= total) line = t('upload.progress.adding');
  else if (total !== null) line = t('upload.progress.notes', { done: number(done), total: number(total) });
  else if (cardImport?.status === 'STARTED') line = t('upload.progress.opening');

  return (
    <Stack gap="md">
      <Text fw={600}>{t('upload.progress.title')}</Text>
      <Progress.Root size="lg" radius="xl">
        <Progress.Section
          value={total ? (done / total) * 100 : 100}
          animated={total === null}
          withAria={false}
          role="progressbar"
          aria-label={t('upload.progress.label')}
          // Without the package's count the bar is indeterminate: no value.
          aria-valuemin={total === null ? undefined : 0}
          aria-valuemax={total ?? undefined}
          aria-valuenow={total === null ? undefined : done}
          aria-valuetext={total === null ? undefined : line}
        />
      </Progress.Root>
      <Text role="status">{line}</Text>
      <Text size="sm" c="dimmed">
        {t('upload.progress.hint')}
      </Text>
      {pollFailed && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {t('upload.progress.pollFailed')}
        </Text>
      )}
      <Group justify="flex-end">
        <Button ref={closeRef} variant="default" onClick={onClose} data-autofocus>
          {t('upload.progress.close')}
        </Button>
      </Group>
    </Stack>
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
  const { number } = useFormatters();
  const left = t('upload.skipped', { count: skipped.length, formatted: number(skipped.length) });
  return (
    <Stack gap="md">
      <Text fw={600} role="status">
        {t('upload.done', { count: created, formatted: number(created) })}
      </Text>
      <Alert color="orange" variant="light" icon={<IconInfoCircle aria-hidden="true" />}>
        {/* Mantine's orange title on its light orange is below 4.5:1: the title is the body's text, bold. */}
        <Text size="sm" fw={700}>
          {left}
        </Text>
        <Text size="sm">{t('upload.skippedIntro')}</Text>
      </Alert>
      <ScrollArea.Autosize mah={320} type="auto">
        <List spacing={6} size="sm" aria-label={left}>
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
