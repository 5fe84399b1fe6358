import {
  Alert,
  Button,
  Divider,
  Group,
  List,
  Modal,
  Radio,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconPencil, IconPlaylistAdd, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addPeople, PeoplePicker } from '../../../components/people/people-picker';
import { FormError } from '../../../components/ui/form-error';
import { useErrorMessage } from '../../../lib/api-errors';
import { localToday } from '../../../lib/calendar-day';
import { useFormatters } from '../../../lib/format';
import { personName } from '../../../lib/person-name';
import { useStudentSearch } from '../api/assign-options';
import { useCreatePaths } from '../api/create-paths';
import {
  addToDraft,
  creationOutcome,
  type DraftRow,
  type DraftStudent,
  draftRowProblem,
  draftToBody,
  type PathFields,
  removeDraftRow,
  updateDraftRow,
} from '../draft-paths';
import { GroupAdder } from './group-adder';
import { defaultFields, type FieldsDraft, PathFieldsForm } from './path-fields-form';
import { type AssignmentTargetKind, TargetAssignmentForm } from './target-assignment-form';

const complete = (fields: FieldsDraft): PathFields | null =>
  fields.category ? { ...fields, category: fields.category } : null;

type Outcome = ReturnType<typeof creationOutcome>;

/**
 * Assigning paths: choose students and a path's fields, add them to the draft (one path per student),
 * change any student's path in the draft, then assign them all at once.
 */
export function CreatePathsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('paths');
  const { number, date } = useFormatters();
  const errorMessage = useErrorMessage();
  const create = useCreatePaths();
  const [students, setStudents] = useState<DraftStudent[]>([]);
  const [fields, setFields] = useState<FieldsDraft>(() => defaultFields(localToday()));
  const [rows, setRows] = useState<DraftRow[]>([]);
  // The student whose draft path the form is changing, or null while it makes new ones.
  const [editing, setEditing] = useState<DraftStudent | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // Named students (a draft of paths, one each), or one assignment that follows a class or a group.
  const [target, setTarget] = useState<'students' | AssignmentTargetKind>('students');

  const ready = complete(fields);
  const problem = ready ? draftRowProblem(ready) : 'category';
  const change = (next: Partial<FieldsDraft>) => setFields((current) => ({ ...current, ...next }));

  const reset = () => {
    setStudents([]);
    setFields(defaultFields(localToday()));
    setRows([]);
    setEditing(null);
    setOutcome(null);
    setTarget('students');
    create.reset();
  };
  const close = () => {
    reset();
    onClose();
  };

  const addRows = () => {
    if (!ready || problem) return;
    setRows((current) => addToDraft(current, students, ready));
    setStudents([]);
  };
  const saveRow = () => {
    if (!ready || problem || !editing) return;
    setRows((current) => updateDraftRow(current, editing.id, ready));
    setEditing(null);
  };
  const startEditing = (row: DraftRow) => {
    setEditing(row.student);
    setFields(row.fields);
  };
  const submit = () =>
    create.mutate(draftToBody(rows), {
      onSuccess: (result) => {
        setOutcome(creationOutcome(rows, result));
        setRows([]);
      },
    });

  const days = (row: DraftRow) =>
    t('list.days', { start: date(row.fields.start_at) ?? '', end: date(row.fields.end_at) ?? '' });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('create.title')}
      size="xl"
      radius="lg"
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {!outcome && !editing && (
        <Radio.Group
          label={t('target.heading')}
          value={target}
          onChange={(value) => setTarget(value as typeof target)}
          mb="md"
        >
          <Group gap="lg" mt={6}>
            <Radio value="students" label={t('target.students')} />
            <Radio value="class" label={t('target.toClass')} />
            <Radio value="group" label={t('target.toGroup')} />
          </Group>
        </Radio.Group>
      )}
      {target !== 'students' ? (
        <TargetAssignmentForm key={target} kind={target} onClose={close} />
      ) : outcome ? (
        <Stack gap="md">
          <Alert
            color="teal"
            variant="light"
            icon={<IconCheck aria-hidden="true" />}
            title={t('create.doneTitle')}
          >
            {t('create.done', { count: outcome.created.length, formatted: number(outcome.created.length) })}
          </Alert>
          {outcome.skipped.length > 0 && (
            <Alert color="orange" variant="light" title={t('create.skippedTitle')}>
              <List size="sm">
                {outcome.skipped.map(({ student, reason }) => (
                  <List.Item key={student.id}>
                    <Text span size="sm" fw={600}>
                      {personName(student)}
                    </Text>
                    {': '}
                    {t(`create.skipped.${reason}`)}
                  </List.Item>
                ))}
              </List>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={reset}>
              {t('create.again')}
            </Button>
            <Button onClick={close} data-autofocus>
              {t('actions.close')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          {editing ? (
            <Alert
              variant="light"
              color="blue"
              title={t('create.editingTitle', { name: personName(editing) })}
            >
              {t('create.editingText')}
            </Alert>
          ) : (
            <>
              <Title order={2} size="h4">
                {t('create.studentsHeading')}
              </Title>
              <PeoplePicker chosen={students} onChange={setStudents} useSearch={useStudentSearch}>
                <GroupAdder onAdd={(members) => setStudents(addPeople(students, members))} />
              </PeoplePicker>
            </>
          )}
          <Title order={2} size="h4">
            {t('create.pathHeading')}
          </Title>
          <PathFieldsForm value={fields} onChange={change} />
          <Group justify="flex-end" gap="sm">
            {editing ? (
              <>
                <Button variant="default" onClick={() => setEditing(null)}>
                  {t('actions.cancel')}
                </Button>
                <Button onClick={saveRow} disabled={problem !== null}>
                  {t('create.saveRow', { name: personName(editing) })}
                </Button>
              </>
            ) : (
              <Button
                leftSection={<IconPlaylistAdd size={18} aria-hidden="true" />}
                onClick={addRows}
                disabled={problem !== null || students.length === 0}
              >
                {t('create.addToDraft', { count: Math.max(1, students.length) })}
              </Button>
            )}
          </Group>

          <Divider />
          <Group justify="space-between">
            <Title order={2} size="h4">
              {t('create.draftHeading', { count: rows.length, formatted: number(rows.length) })}
            </Title>
            {rows.length > 0 && (
              <Button
                variant="subtle"
                color="red"
                size="compact-sm"
                onClick={() => {
                  setRows([]);
                  setEditing(null);
                }}
              >
                {t('create.clearDraft')}
              </Button>
            )}
          </Group>
          {rows.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('create.draftEmpty')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('list.student')}</Table.Th>
                    <Table.Th>{t('list.path')}</Table.Th>
                    <Table.Th>{t('list.daysHeading')}</Table.Th>
                    <Table.Th>{t('list.targets')}</Table.Th>
                    <Table.Th>{t('list.modes')}</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>{t('list.actions')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.student.id} aria-current={editing?.id === row.student.id || undefined}>
                      <Table.Td>{personName(row.student)}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{row.fields.name}</Text>
                        <Text size="xs" c="dimmed">
                          {row.fields.category.name}
                          {row.fields.category_tags.length > 0 && ` · ${row.fields.category_tags.join(', ')}`}
                        </Text>
                      </Table.Td>
                      <Table.Td>{days(row)}</Table.Td>
                      <Table.Td>
                        {t('list.targetsValue', {
                          flips: number(row.fields.daily_cards_flip_target),
                          learned: number(row.fields.daily_cards_learn_target),
                        })}
                      </Table.Td>
                      <Table.Td>
                        {[
                          ...(row.fields.learning_type_verbal ? [t('modes.verbal')] : []),
                          ...(row.fields.learning_type_typing ? [t('modes.typing')] : []),
                        ].join(', ')}
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            leftSection={<IconPencil size={14} aria-hidden="true" />}
                            aria-label={t('create.editRow', { name: personName(row.student) })}
                            onClick={() => startEditing(row)}
                          >
                            {t('actions.edit')}
                          </Button>
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            color="red"
                            leftSection={<IconTrash size={14} aria-hidden="true" />}
                            aria-label={t('create.removeRow', { name: personName(row.student) })}
                            onClick={() => {
                              setRows((current) => removeDraftRow(current, row.student.id));
                              if (editing?.id === row.student.id) setEditing(null);
                            }}
                          >
                            {t('actions.remove')}
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <FormError>{create.isError ? errorMessage(create.error) : null}</FormError>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('actions.cancel')}
            </Button>
            <Button
              onClick={submit}
              loading={create.isPending}
              disabled={rows.length === 0 || editing !== null}
            >
              {t('create.submit', { count: rows.length, formatted: number(rows.length) })}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
