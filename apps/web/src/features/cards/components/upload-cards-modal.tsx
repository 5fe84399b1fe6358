import { CARD_FILE_MAX_BYTES, CARD_FILE_MAX_LINES, type Category, megabytes } from '@flashcards/contract';
import { Button, Code, FileInput, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { useErrorMessage } from '../../../lib/api-errors';
import { useSuccessToast } from '../../../lib/use-success-toast';
import { useUploadTextCards } from '../api/upload-text-cards';
import { CARD_FILE_ACCEPT, checkCardFile } from '../card-rules';
import { splitServerErrors } from '../server-errors';

const EXAMPLE = ['Sofia%Bulgaria&capitals', 'Paris%France&capitals', 'Hund%dog&animals'].join('\n');
const TAB_EXAMPLE = 'Hund\tdog\tanimals';
const CSV_EXAMPLE = ['first_side,second_side,tag', 'Rome,Italy,capitals'].join('\n');

/** Adds many text cards from a file; any bad line refuses the whole file, naming the line. */
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
  const errorMessage = useErrorMessage();
  const toast = useSuccessToast();
  const upload = useUploadTextCards();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [general, setGeneral] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setGeneral(null);
    if (!file) {
      setFileError(t('upload.fileRequired'));
      return;
    }
    const problem = checkCardFile(file);
    if (problem) {
      setFileError(t(`validation.${problem}`, { max: megabytes(CARD_FILE_MAX_BYTES) }));
      return;
    }
    upload.mutate(
      { categoryId: category.id, file },
      {
        onSuccess: ({ created }) => {
          toast(t('upload.done', { count: created }));
          onDone();
        },
        onError: (error) => {
          const split = splitServerErrors(error, ['file'] as const, errorMessage);
          setFileError(split.fields.file);
          setGeneral(split.general);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>{t('upload.intro')}</Text>
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
        </List>
        <Text size="sm" c="dimmed">
          {t('upload.rules', { max: CARD_FILE_MAX_LINES })}
        </Text>
        <FileInput
          label={t('upload.file')}
          placeholder={t('upload.filePlaceholder')}
          accept={CARD_FILE_ACCEPT}
          required
          clearable
          clearButtonProps={{ 'aria-label': t('cardForm.clearFile') }}
          value={file}
          onChange={(next) => {
            setFile(next);
            setFileError(undefined);
            setGeneral(null);
          }}
          error={fileError}
          leftSection={<IconFileText size={18} aria-hidden="true" />}
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
