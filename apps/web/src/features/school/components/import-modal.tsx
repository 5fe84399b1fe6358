import {
  SCHOOL_CSV_MAX_BYTES,
  SCHOOL_CSV_MAX_LINES,
  type SchoolImport,
  type SchoolImportRow,
} from '@flashcards/contract';
import {
  Badge,
  Button,
  FileButton,
  Group,
  Loader,
  Modal,
  Paper,
  Progress,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { type DragEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { useErrorMessage } from '../../../lib/api-errors';
import { downloadText, studentsTemplate } from '../../../lib/csv';
import { useFormatters } from '../../../lib/format';
import { useImportStudents, usePreviewImport } from '../api/import-students';

const actionColors: Record<SchoolImportRow['action'], string> = {
  create: 'teal.9',
  invite: 'violet.9',
  invited: 'gray.7',
  member: 'gray.7',
};

/**
 * Students from a CSV file: the format and a template, the file (dropped or chosen), the server's preview
 * of what happens to each line, then the import, whose new accounts' passwords go to `onImported`.
 */
export function ImportModal({
  opened,
  onClose,
  freeSeats,
  onImported,
}: {
  opened: boolean;
  onClose: () => void;
  freeSeats: number;
  onImported: (result: SchoolImport) => void;
}) {
  const { t } = useTranslation(['school', 'cards']);
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      opened={opened}
      onClose={() => !busy && onClose()}
      title={t('import.title')}
      size="xl"
      radius="lg"
      closeOnEscape={!busy}
      closeOnClickOutside={!busy}
      withCloseButton={!busy}
      closeButtonProps={{ 'aria-label': t('cards:actions.close') }}
    >
      {opened && <ImportSteps freeSeats={freeSeats} onImported={onImported} onBusy={setBusy} />}
    </Modal>
  );
}

function ImportSteps({
  freeSeats,
  onImported,
  onBusy,
}: {
  freeSeats: number;
  onImported: (result: SchoolImport) => void;
  onBusy: (busy: boolean) => void;
}) {
  const { t } = useTranslation('school');
  const { number, fileSize } = useFormatters();
  const errorMessage = useErrorMessage();
  const preview = usePreviewImport();
  const importing = useImportStudents();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const dropHintId = useId();

  const choose = (chosen: File | null) => {
    if (!chosen) return;
    preview.reset();
    importing.reset();
    if (!chosen.name.toLowerCase().endsWith('.csv')) {
      setFile(null);
      setProblem(t('import.notCsv'));
      return;
    }
    if (chosen.size > SCHOOL_CSV_MAX_BYTES) {
      setFile(null);
      setProblem(t('import.tooBig', { size: fileSize(SCHOOL_CSV_MAX_BYTES) }));
      return;
    }
    setProblem(null);
    setFile(chosen);
    preview.mutate(chosen);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0] ?? null);
  };
  const template = () => {
    const example = (key: 'first' | 'second') =>
      [
        t(`import.examples.${key}.email`),
        t(`import.examples.${key}.firstName`),
        t(`import.examples.${key}.lastName`),
      ] as const;
    downloadText(t('import.templateFile'), studentsTemplate([example('first'), example('second')]));
  };
  const runImport = () => {
    if (!file) return;
    onBusy(true);
    importing.mutate(file, {
      onSuccess: (result) => onImported(result),
      onSettled: () => onBusy(false),
    });
  };

  const result = preview.data;
  const toImport = result
    ? result.rows.filter((row) => row.action === 'create' || row.action === 'invite').length
    : 0;
  const members = result ? result.rows.length - toImport : 0;
  const failure = problem ?? (preview.isError ? errorMessage(preview.error) : null);

  if (importing.isPending)
    return (
      <Stack gap="sm" py="lg" role="status" aria-live="polite">
        <Text fw={600}>{t('import.importing')}</Text>
        <Progress value={100} animated striped size="xl" radius="xl" aria-label={t('import.importing')} />
      </Stack>
    );

  return (
    <Stack gap="md">
      <Text>{t('import.format', { max: number(SCHOOL_CSV_MAX_LINES), free: number(freeSeats) })}</Text>
      <Group>
        <Button
          variant="subtle"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          onClick={template}
        >
          {t('import.template')}
        </Button>
      </Group>
      <Paper
        withBorder
        radius="lg"
        p="lg"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        style={{
          borderStyle: 'dashed',
          borderWidth: 2,
          borderColor: dragging ? 'var(--mantine-color-indigo-6)' : undefined,
          background: dragging ? 'var(--mantine-color-indigo-light)' : undefined,
        }}
      >
        <Group justify="center" gap="sm">
          <IconFileSpreadsheet size={32} aria-hidden="true" />
          <Text id={dropHintId}>{t('import.drop')}</Text>
          <FileButton
            onChange={choose}
            accept=".csv,text/csv"
            inputProps={{ 'aria-label': t('import.fileLabel') }}
          >
            {(props) => (
              <Button
                {...props}
                variant="light"
                leftSection={<IconUpload size={16} aria-hidden="true" />}
                aria-describedby={dropHintId}
              >
                {t('import.pick')}
              </Button>
            )}
          </FileButton>
        </Group>
        {file && (
          <Text size="sm" ta="center" mt="sm">
            {t('import.chosen', { name: file.name, size: fileSize(file.size) })}
          </Text>
        )}
      </Paper>
      <FormError>{failure}</FormError>
      {preview.isPending && (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text>{t('import.checking')}</Text>
        </Group>
      )}
      {result && (
        <Stack gap="sm" component="section" aria-labelledby="import-preview">
          <Title order={2} size="h4" id="import-preview">
            {t('import.preview')}
          </Title>
          <Text size="sm">{t('import.previewIntro')}</Text>
          <ScrollArea.Autosize mah={320} type="auto">
            <Table striped withTableBorder stickyHeader aria-labelledby="import-preview">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('import.line')}</Table.Th>
                  <Table.Th>{t('import.name')}</Table.Th>
                  <Table.Th>{t('import.email')}</Table.Th>
                  <Table.Th>{t('import.className')}</Table.Th>
                  <Table.Th>{t('import.what')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.rows.map((row) => (
                  <Table.Tr key={row.line}>
                    <Table.Td>{number(row.line)}</Table.Td>
                    <Table.Td>{`${row.first_name} ${row.last_name}`.trim()}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.email}</Table.Td>
                    <Table.Td>{row.class_name}</Table.Td>
                    <Table.Td>
                      <Badge color={actionColors[row.action]} variant="filled" size="sm">
                        {t(`import.actions.${row.action}`)}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
          <Text size="sm">
            {t('import.summary', {
              created: number(result.created),
              invited: number(result.invited),
              members: number(members),
            })}
          </Text>
          <Text size="sm" fw={600}>
            {t('import.seatsAfter', {
              free: number(Math.max(0, result.free_seats - result.created - result.invited)),
            })}
          </Text>
          <FormError>{importing.isError ? errorMessage(importing.error) : null}</FormError>
          {toImport === 0 ? (
            <Text c="dimmed">{t('import.nothing')}</Text>
          ) : (
            <Group justify="flex-end">
              <Button onClick={runImport} leftSection={<IconUpload size={16} aria-hidden="true" />}>
                {t('import.submit', { count: toImport, formatted: number(toImport) })}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Stack>
  );
}
