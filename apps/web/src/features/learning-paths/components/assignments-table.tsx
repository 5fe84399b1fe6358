import type { PathAssignment } from '@flashcards/contract';
import { Anchor, Button, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconSchool, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { PagedTable } from '../../../components/list/paged-table';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { TargetBadge as TargetNameBadge } from '../../../components/ui/target-badge';
import { useConfirm } from '../../../components/ui/use-confirm';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useSuccessToast } from '../../../lib/use-success-toast';
import { useAssignments, useDeleteAssignment, useUpdateAssignment } from '../api/assignments';
import { EditPathModal } from './edit-path-modal';
import { usePathDays } from './path-summary';

/** The class or group an assignment follows, with its kind. */
export function TargetBadge({ assignment }: { assignment: PathAssignment }) {
  const { t } = useTranslation('paths');
  return (
    <TargetNameBadge target={assignment.target} kindLabel={t(`target.kinds.${assignment.target.kind}`)} />
  );
}

/** The Edit dialog of an assignment: its changes reach every student's path. */
export function EditAssignmentModal({
  assignment,
  onClose,
}: {
  assignment: PathAssignment;
  onClose: () => void;
}) {
  const { t } = useTranslation('paths');
  const save = useUpdateAssignment();
  return (
    <EditPathModal
      id={assignment.id}
      initial={assignment}
      text={t('edit.assignmentText', { target: assignment.target.name })}
      save={save}
      onClose={onClose}
    />
  );
}

/** The paths I gave to classes and groups, each once with its number of students. */
export function AssignmentsTable() {
  const { t } = useTranslation('paths');
  const { number } = useFormatters();
  const toast = useSuccessToast();
  const pathDays = usePathDays();
  const [page, setPage] = useState(1);
  const list = useAssignments(page);
  const [editing, setEditing] = useState<PathAssignment | null>(null);
  const remove = useConfirm(useDeleteAssignment(), {
    variables: (assignment: PathAssignment) => assignment.id,
    done: (assignment) => toast(t('assignments.deleted', { name: assignment.name })),
  });

  // A teacher who never gave a path to a class or a group sees only the list of named students' paths
  // (which shows the page's loading state meanwhile).
  if (list.isPending || (page === 1 && list.data?.count === 0)) return null;
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('assignments.heading')}
      </Title>
      <PagedTable
        query={list}
        loadingLabel={t('assignments.loading')}
        empty={{
          icon: <IconSchool size={32} aria-hidden="true" />,
          title: t('assignments.empty'),
          description: t('assignments.emptyHint'),
        }}
        caption={t('assignments.caption')}
        minWidth={760}
        head={
          <>
            <Table.Th>{t('list.path')}</Table.Th>
            <Table.Th>{t('assignments.target')}</Table.Th>
            <Table.Th>{t('assignments.students')}</Table.Th>
            <Table.Th>{t('list.daysHeading')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('list.actions')}</VisuallyHidden>
            </Table.Th>
          </>
        }
        row={(assignment) => (
          <Table.Tr key={assignment.id}>
            <Table.Td>
              <Anchor
                component={Link}
                to={generatePath(paths.learningPathAssignment, { assignmentId: String(assignment.id) })}
                fw={600}
              >
                {assignment.name}
              </Anchor>
              <Text size="xs" c="dimmed">
                {assignment.category.name}
                {assignment.categories_tags.length > 0 && ` · ${assignment.categories_tags.join(', ')}`}
              </Text>
            </Table.Td>
            <Table.Td>
              <TargetBadge assignment={assignment} />
            </Table.Td>
            <Table.Td>
              {t('assignments.studentsValue', {
                count: assignment.students_count,
                formatted: number(assignment.students_count),
              })}
            </Table.Td>
            <Table.Td>{pathDays(assignment)}</Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                <Button
                  size="compact-sm"
                  variant="subtle"
                  leftSection={<IconPencil size={14} aria-hidden="true" />}
                  aria-label={t('edit.label', { name: assignment.name })}
                  onClick={() => setEditing(assignment)}
                >
                  {t('actions.edit')}
                </Button>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={14} aria-hidden="true" />}
                  aria-label={t('assignments.deleteLabel', {
                    name: assignment.name,
                    target: assignment.target.name,
                  })}
                  onClick={() => remove.ask(assignment)}
                >
                  {t('actions.delete')}
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
        page={page}
        onPage={setPage}
      />
      {editing && <EditAssignmentModal assignment={editing} onClose={() => setEditing(null)} />}
      <ConfirmModal
        {...remove.dialog}
        title={t('assignments.deleteTitle')}
        confirmLabel={t('delete.confirm')}
        closeLabel={t('actions.close')}
        danger
      >
        {remove.target
          ? t('assignments.deleteText', { name: remove.target.name, target: remove.target.target.name })
          : ''}
      </ConfirmModal>
    </Stack>
  );
}
