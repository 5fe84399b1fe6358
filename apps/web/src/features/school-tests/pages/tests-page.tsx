import type { SchoolTest } from '@flashcards/contract';
import { Anchor, Badge, Button, Group, Menu, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBroadcast,
  IconCards,
  IconChecklist,
  IconCopy,
  IconDeviceGamepad2,
  IconDots,
  IconEdit,
  IconLock,
  IconPlus,
  IconSend,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link, useNavigate } from 'react-router';
import { ListControls } from '../../../components/list/list-controls';
import { PagedTable } from '../../../components/list/paged-table';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { RequestError } from '../../../components/ui/request-error';
import { useConfirm } from '../../../components/ui/use-confirm';
import { useFormatters } from '../../../lib/format';
import { useListParams } from '../../../lib/list-params';
import { paths } from '../../../lib/paths';
import { useSuccessToast } from '../../../lib/use-success-toast';
import { useCopyTest, useDeleteTest, useTests } from '../api/tests';
import { AssignExamModal } from '../components/assign-exam-modal';
import { TestFromCardsModal } from '../components/test-from-cards-modal';
import { CopyToColleagueModal } from '../components/test-sharing';
import '../test-texts';

export const editorPath = (id: number) => generatePath(paths.schoolTestEdit, { schoolTestId: String(id) });
export const examsOfTestPath = (id: number) => `${paths.schoolExams}?test_id=${id}`;

/** /school-tests: my tests, 20 a page, sorted and searched; edit, give as an exam, copy, delete. */
export function TestsPage() {
  const { t } = useTranslation(['tests', 'pages', 'results']);
  const { number, date } = useFormatters();
  const toast = useSuccessToast();
  const navigateTo = useNavigate();
  const { params, navigate } = useListParams();
  const list = useTests(params);
  const copy = useCopyTest();
  const remove = useConfirm(useDeleteTest(), {
    variables: (test: SchoolTest) => test.id,
    done: (test) => toast(t('delete.done', { name: test.name })),
  });
  const [giving, setGiving] = useState<SchoolTest | null>(null);
  const [givingOpen, give] = useDisclosure(false);
  const [sharing, setSharing] = useState<SchoolTest | null>(null);
  const [fromCardsOpen, fromCards] = useDisclosure(false);

  const data = list.data;
  const copyTest = (test: SchoolTest) =>
    copy.mutate(test.id, {
      onSuccess: (made) => {
        toast(t('copy.done', { name: test.name }));
        navigateTo(editorPath(made.id));
      },
    });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{t('pages:titles.schoolTests')}</Title>
        <Group gap="sm">
          <Button
            variant="light"
            leftSection={<IconCards size={18} aria-hidden="true" />}
            onClick={fromCards.open}
          >
            {t('fromCards.action')}
          </Button>
          <Button
            component={Link}
            to={paths.schoolTestCreate}
            leftSection={<IconPlus size={18} aria-hidden="true" />}
          >
            {t('list.create')}
          </Button>
        </Group>
      </Group>
      <ListControls
        params={params}
        navigate={navigate}
        searchLabel={t('list.search')}
        sortLabel={t('list.sort')}
        sortOption={(sort) => t(`list.sorts.${sort}`)}
        total={{ count: data?.count, text: (values) => t('list.total', values) }}
      />
      {copy.isError && <RequestError error={copy.error} onRetry={() => copy.reset()} />}
      <PagedTable
        query={list}
        loadingLabel={t('list.loading')}
        empty={{
          icon: <IconChecklist size={32} aria-hidden="true" />,
          title: params.search ? t('list.noneFound') : t('list.empty'),
          description: params.search ? undefined : t('list.emptyHint'),
          action: params.search ? undefined : (
            <Button
              component={Link}
              to={paths.schoolTestCreate}
              leftSection={<IconPlus size={18} aria-hidden="true" />}
            >
              {t('list.create')}
            </Button>
          ),
        }}
        caption={t('list.caption')}
        minWidth={760}
        head={
          <>
            <Table.Th>{t('list.name')}</Table.Th>
            <Table.Th ta="end">{t('list.questions')}</Table.Th>
            <Table.Th ta="end">{t('list.points')}</Table.Th>
            <Table.Th ta="end">{t('list.exams')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('list.actions')}</VisuallyHidden>
            </Table.Th>
          </>
        }
        row={(test) => (
          <Table.Tr key={test.id}>
            <Table.Td>
              <Group gap="xs">
                <Anchor component={Link} to={editorPath(test.id)} fw={600}>
                  {test.name}
                </Anchor>
                {test.is_locked && (
                  <Badge color="gray" variant="light" leftSection={<IconLock size={12} aria-hidden="true" />}>
                    {t('list.locked')}
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                {t('list.modified', { date: date(test.date_modified) ?? '' })}
              </Text>
            </Table.Td>
            <Table.Td ta="end">{number(test.questions_count)}</Table.Td>
            <Table.Td ta="end">{number(test.total_score)}</Table.Td>
            <Table.Td ta="end">
              {test.exams_count > 0 ? (
                <Anchor
                  component={Link}
                  to={examsOfTestPath(test.id)}
                  aria-label={t('list.seeExams', { count: test.exams_count, name: test.name })}
                >
                  {number(test.exams_count)}
                </Anchor>
              ) : (
                number(0)
              )}
            </Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap" justify="flex-end">
                <Button
                  size="compact-sm"
                  variant="subtle"
                  leftSection={<IconEdit size={14} aria-hidden="true" />}
                  component={Link}
                  to={editorPath(test.id)}
                  aria-label={t('list.editOne', { name: test.name })}
                >
                  {t('actions.edit')}
                </Button>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  leftSection={<IconSend size={14} aria-hidden="true" />}
                  disabled={test.questions_count === 0}
                  aria-label={t('list.giveOne', { name: test.name })}
                  onClick={() => {
                    setGiving(test);
                    give.open();
                  }}
                >
                  {t('actions.give')}
                </Button>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="gray"
                      aria-label={t('list.more', { name: test.name })}
                    >
                      <IconDots size={16} aria-hidden="true" />
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item
                      leftSection={<IconCopy size={14} aria-hidden="true" />}
                      onClick={() => copyTest(test)}
                      disabled={copy.isPending}
                    >
                      {t('actions.copy')}
                    </Menu.Item>
                    <Menu.Item
                      leftSection={<IconUsers size={14} aria-hidden="true" />}
                      onClick={() => setSharing(test)}
                    >
                      {t('results:colleague.action')}
                    </Menu.Item>
                    {test.exams_count > 0 && (
                      <Menu.Item component={Link} to={examsOfTestPath(test.id)}>
                        {t('actions.seeExams')}
                      </Menu.Item>
                    )}
                    {test.exams_count > 0 && (
                      <Menu.Item
                        component={Link}
                        to={generatePath(paths.schoolExamLive, { schoolTestId: String(test.id) })}
                        leftSection={<IconBroadcast size={14} aria-hidden="true" />}
                      >
                        {t('live.watch')}
                      </Menu.Item>
                    )}
                    {test.questions_count > 0 && (
                      <Menu.Item
                        component={Link}
                        to={`${paths.liveGames}?test=${test.id}`}
                        leftSection={<IconDeviceGamepad2 size={14} aria-hidden="true" />}
                      >
                        {t('actions.playLive')}
                      </Menu.Item>
                    )}
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={14} aria-hidden="true" />}
                      onClick={() => remove.ask(test)}
                    >
                      {t('actions.delete')}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
        page={params.page}
        onPage={(page) => navigate({ page })}
      />
      <AssignExamModal opened={givingOpen} onClose={give.close} test={giving} />
      <CopyToColleagueModal test={sharing} onClose={() => setSharing(null)} />
      <TestFromCardsModal
        opened={fromCardsOpen}
        onClose={fromCards.close}
        onSaved={(made) => {
          fromCards.close();
          toast(t('fromCards.saved', { name: made.name }));
          navigateTo(editorPath(made.id));
        }}
      />
      <ConfirmModal
        {...remove.dialog}
        title={t('delete.title')}
        confirmLabel={t('delete.confirm')}
        closeLabel={t('actions.close')}
        danger
      >
        {remove.target
          ? remove.target.exams_count > 0
            ? t('delete.textWithExams', {
                name: remove.target.name,
                count: remove.target.exams_count,
                formatted: number(remove.target.exams_count),
              })
            : t('delete.text', { name: remove.target.name })
          : ''}
      </ConfirmModal>
    </Stack>
  );
}
