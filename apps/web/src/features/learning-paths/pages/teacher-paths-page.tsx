import type { LearningPath } from '@flashcards/contract';
import { Anchor, Button, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPencil, IconPlus, IconRoute, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { ListControls } from '../../../components/list/list-controls';
import { PagedTable } from '../../../components/list/paged-table';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { useConfirm } from '../../../components/ui/use-confirm';
import { useListParams } from '../../../lib/list-params';
import { paths } from '../../../lib/paths';
import { useSuccessToast } from '../../../lib/use-success-toast';
import { useUpdatePath } from '../api/assignments';
import { useDeletePath } from '../api/delete-path';
import { usePaths } from '../api/get-paths';
import { AssignmentsTable } from '../components/assignments-table';
import { CreatePathsModal } from '../components/create-paths-modal';
import { EditPathModal } from '../components/edit-path-modal';
import { CompletedBadges, LearnedLine, personOf, TodayLine, usePathDays } from '../components/path-summary';
import '../path-texts';

/**
 * /learning-paths: the paths I gave to classes and groups, each once; then the paths of named students, 20
 * a page, sorted and searched; assign new ones, edit, delete.
 */
export function TeacherPathsPage() {
  const { t } = useTranslation(['paths', 'pages']);
  const toast = useSuccessToast();
  const pathDays = usePathDays();
  const { params, navigate } = useListParams();
  const list = usePaths('teacher', params);
  const [creating, create] = useDisclosure(false);
  const remove = useConfirm(useDeletePath(), {
    variables: (path: LearningPath) => path.id,
    done: (path) => toast(t('delete.done', { name: path.name })),
  });
  const data = list.data;
  const [editing, setEditing] = useState<LearningPath | null>(null);
  const savePath = useUpdatePath();

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{t('pages:titles.learningPaths')}</Title>
        <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={create.open}>
          {t('list.assign')}
        </Button>
      </Group>
      <AssignmentsTable />
      <Title order={2} size="h3">
        {t('list.namedHeading')}
      </Title>
      <ListControls
        params={params}
        navigate={navigate}
        searchLabel={t('list.searchTeacher')}
        sortLabel={t('list.sort')}
        sortOption={(sort) => t(`list.sorts.${sort}`)}
        total={{ count: data?.count, text: (values) => t('list.total', values) }}
      />
      <PagedTable
        query={list}
        loadingLabel={t('list.loading')}
        empty={{
          icon: <IconRoute size={32} aria-hidden="true" />,
          title: params.search ? t('list.noneFound') : t('list.emptyTeacher'),
          description: params.search ? undefined : t('list.emptyTeacherHint'),
          action: params.search ? undefined : (
            <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={create.open}>
              {t('list.assign')}
            </Button>
          ),
        }}
        caption={t('list.captionTeacher')}
        minWidth={860}
        head={
          <>
            <Table.Th>{t('list.path')}</Table.Th>
            <Table.Th>{t('list.student')}</Table.Th>
            <Table.Th>{t('list.daysHeading')}</Table.Th>
            <Table.Th>{t('list.today')}</Table.Th>
            <Table.Th>{t('list.learned')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('list.actions')}</VisuallyHidden>
            </Table.Th>
          </>
        }
        row={(path) => (
          <Table.Tr key={path.id}>
            <Table.Td>
              <Anchor
                component={Link}
                to={generatePath(paths.learningPathProgress, { learningPathId: String(path.id) })}
                fw={600}
              >
                {path.name}
              </Anchor>
              <Text size="xs" c="dimmed">
                {path.category.name}
                {path.categories_tags.length > 0 && ` · ${path.categories_tags.join(', ')}`}
              </Text>
              <CompletedBadges path={path} />
            </Table.Td>
            <Table.Td>{personOf(path.assigned_user)}</Table.Td>
            <Table.Td>{pathDays(path)}</Table.Td>
            <Table.Td>
              <TodayLine path={path} />
            </Table.Td>
            <Table.Td>
              <LearnedLine path={path} />
            </Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                <Button
                  size="compact-sm"
                  variant="subtle"
                  leftSection={<IconPencil size={14} aria-hidden="true" />}
                  aria-label={t('edit.pathLabel', { name: path.name, student: personOf(path.assigned_user) })}
                  onClick={() => setEditing(path)}
                >
                  {t('actions.edit')}
                </Button>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={14} aria-hidden="true" />}
                  aria-label={t('delete.label', { name: path.name, student: personOf(path.assigned_user) })}
                  onClick={() => remove.ask(path)}
                >
                  {t('actions.delete')}
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
        page={params.page}
        onPage={(page) => navigate({ page })}
      />
      <CreatePathsModal opened={creating} onClose={create.close} />
      {editing && (
        <EditPathModal
          id={editing.id}
          initial={editing}
          text={t('edit.pathText', { student: personOf(editing.assigned_user) })}
          save={savePath}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmModal
        {...remove.dialog}
        title={t('delete.title')}
        confirmLabel={t('delete.confirm')}
        closeLabel={t('actions.close')}
        danger
      >
        {remove.target
          ? t('delete.text', { name: remove.target.name, student: personOf(remove.target.assigned_user) })
          : ''}
      </ConfirmModal>
    </Stack>
  );
}
