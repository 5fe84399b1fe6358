import type { Exam, ExamStatus, Grade } from '@flashcards/contract';
import { examStatusSchema } from '@flashcards/contract';
import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconBroadcast, IconClockPlus, IconPlus, IconReportAnalytics, IconTrash } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { ExamStatusBadge } from '../../../components/exam/exam-status-badge';
import { GradeBadge } from '../../../components/exam/grade-badge';
import { ListControls } from '../../../components/list/list-controls';
import { PagedTable } from '../../../components/list/paged-table';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { RequestError } from '../../../components/ui/request-error';
import { StatTile } from '../../../components/ui/stat-tile';
import { useErrorMessage } from '../../../lib/api-errors';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { personName } from '../../../lib/person-name';
import { useSuccessToast } from '../../../lib/use-success-toast';
import { useDeleteExam, useExamSummary, useTeacherExams } from '../api/exams';
import { useTestChoices } from '../api/tests';
import { AssignExamModal } from '../components/assign-exam-modal';
import { ExamAssignmentsTable, examAssignmentPath } from '../components/exam-assignments-table';
import { ExtraTimeModal } from '../components/extra-time-modal';
import { AnalysisBlock, ResultsActions } from '../components/results-tools';
import { useExamListParams } from '../components/use-list-params';
import '../test-texts';

const GradeChart = lazy(() => import('../components/grade-chart').then((m) => ({ default: m.GradeChart })));

const grades: Grade[] = [2, 3, 4, 5, 6];
const examPath = (id: number) => generatePath(paths.schoolExam, { examId: String(id) });

/**
 * /school-exams: the exams I gave to classes and groups, each once; then every exam I gave, filtered by
 * test, status and student, their counts by status and the grade distribution above a results table, 20 a
 * page; extra time, delete, and a link to each exam (and to its class's or group's assignment).
 */
export function ExamsPage() {
  const { t } = useTranslation(['tests', 'exams', 'pages']);
  const { number, decimal, dateTimeRange } = useFormatters();
  const errorMessage = useErrorMessage();
  const toast = useSuccessToast();
  const { params, navigate } = useExamListParams();
  const filters = { testId: params.testId, status: params.status, search: params.search };
  const list = useTeacherExams(params);
  const summary = useExamSummary(filters);
  const choices = useTestChoices();
  const remove = useDeleteExam();
  const [deleting, setDeleting] = useState<Exam | null>(null);
  const [extending, setExtending] = useState<Exam | null>(null);
  const [giving, setGiving] = useState(false);
  const filtered = params.testId !== null || params.status !== null || params.search !== '';

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast(t('exams.deleted', { name: deleting.school_test.name, student: personName(deleting.student) }));
        setDeleting(null);
      },
    });
  };

  const stats = summary.data;
  const bars = grades.map((grade) => ({
    grade,
    label: String(grade),
    count: stats?.by_grade[String(grade) as '2'] ?? 0,
  }));
  const graded = bars.reduce((sum, bar) => sum + bar.count, 0);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{t('pages:titles.schoolExams')}</Title>
        <Group gap="sm">
          {params.testId !== null && (
            <Button
              variant="default"
              component={Link}
              to={generatePath(paths.schoolExamLive, { schoolTestId: String(params.testId) })}
              leftSection={<IconBroadcast size={18} aria-hidden="true" />}
            >
              {t('live.watch')}
            </Button>
          )}
          <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => setGiving(true)}>
            {t('actions.giveAsExam')}
          </Button>
        </Group>
      </Group>
      <ExamAssignmentsTable />
      <ListControls
        params={params}
        navigate={navigate}
        searchLabel={t('exams.searchStudent')}
        sortLabel={t('list.sort')}
        sortOption={(sort) => t(`list.sorts.${sort}`)}
      >
        <Select
          label={t('exams.filterTest')}
          placeholder={t('exams.allTests')}
          data={(choices.data ?? []).map((choice) => ({ value: String(choice.id), label: choice.name }))}
          value={params.testId === null ? null : String(params.testId)}
          onChange={(value) => navigate({ testId: value ? Number(value) : null, page: 1 })}
          clearable
          searchable
          w={260}
        />
        <Select
          label={t('exams.filterStatus')}
          data={[
            { value: 'all', label: t('exams.allStatuses') },
            ...examStatusSchema.options.map((status) => ({
              value: status,
              label: t(`exams.statuses.${status}`),
            })),
          ]}
          value={params.status ?? 'all'}
          onChange={(value) =>
            navigate({ status: value && value !== 'all' ? (value as ExamStatus) : null, page: 1 })
          }
          allowDeselect={false}
          w={200}
        />
      </ListControls>

      <section aria-labelledby="exams-summary-title">
        <Group justify="space-between" align="center" gap="sm" mb="sm">
          <Title order={2} size="h4" id="exams-summary-title">
            {t('summary.title')}
          </Title>
          <ResultsActions filters={filters} />
        </Group>
        {summary.isPending ? (
          <Skeleton h={120} radius="md" aria-label={t('summary.loading')} />
        ) : summary.isError && !stats ? (
          <RequestError error={summary.error} onRetry={() => summary.refetch()} />
        ) : stats ? (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
              <StatTile label={t('summary.count')} value={number(stats.count)} />
              {examStatusSchema.options.map((status) => (
                <StatTile
                  key={status}
                  label={t(`exams.statuses.${status}`)}
                  value={number(stats.by_status[status] ?? 0)}
                />
              ))}
              <StatTile
                label={t('summary.average')}
                value={
                  stats.average_score === null
                    ? t('exams.noScore')
                    : t('summary.averageValue', {
                        score: decimal(stats.average_score),
                        grade:
                          stats.average_grade === null ? t('exams.noScore') : decimal(stats.average_grade),
                      })
                }
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
              {graded > 0 ? (
                <Paper withBorder p="md" radius="md">
                  <Title order={3} size="h5" mb="xs">
                    {t('summary.gradesTitle')}
                  </Title>
                  <div aria-hidden="true">
                    <Suspense fallback={<Skeleton h={220} />}>
                      <GradeChart bars={bars} seriesLabel={t('summary.exams')} />
                    </Suspense>
                  </div>
                  <VisuallyHidden>
                    <table>
                      <caption>{t('summary.gradesTitle')}</caption>
                      <thead>
                        <tr>
                          <th scope="col">{t('exams.grade')}</th>
                          <th scope="col">{t('summary.exams')}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {bars.map((bar) => (
                          <tr key={bar.grade}>
                            <th scope="row">
                              {t('exams:gradeWithNumber', {
                                name: t(`exams:grade.${bar.grade}`),
                                grade: bar.grade,
                              })}
                            </th>
                            <td>{number(bar.count)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </VisuallyHidden>
                </Paper>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('summary.noGrades')}
                </Text>
              )}
              <AnalysisBlock filters={filters} />
            </SimpleGrid>
          </Stack>
        ) : null}
      </section>

      <PagedTable
        query={list}
        loadingLabel={t('exams.loading')}
        empty={{
          icon: <IconReportAnalytics size={32} aria-hidden="true" />,
          title: filtered ? t('exams.noneFound') : t('exams.empty'),
          description: filtered ? undefined : t('exams.emptyHint'),
          action: filtered ? undefined : (
            <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => setGiving(true)}>
              {t('actions.giveAsExam')}
            </Button>
          ),
        }}
        caption={t('exams.caption')}
        minWidth={860}
        head={
          <>
            <Table.Th>{t('exams.student')}</Table.Th>
            <Table.Th>{t('exams.test')}</Table.Th>
            <Table.Th>{t('exams.window')}</Table.Th>
            <Table.Th>{t('exams.status')}</Table.Th>
            <Table.Th ta="end">{t('exams.answers')}</Table.Th>
            <Table.Th ta="end">{t('exams.score')}</Table.Th>
            <Table.Th>{t('exams.grade')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('list.actions')}</VisuallyHidden>
            </Table.Th>
          </>
        }
        row={(exam) => (
          <Table.Tr key={exam.id}>
            <Table.Td>
              <Anchor component={Link} to={examPath(exam.id)} fw={600}>
                {personName(exam.student)}
              </Anchor>
            </Table.Td>
            <Table.Td>
              {exam.school_test.name}
              {exam.assignment !== null && (
                <Anchor component={Link} to={examAssignmentPath(exam.assignment)} size="xs" display="block">
                  {t('exams.ofAssignment')}
                </Anchor>
              )}
            </Table.Td>
            <Table.Td>
              <Text size="sm">{dateTimeRange(exam.start_exam_at, exam.end_exam_at)}</Text>
              {exam.time_limit_minutes !== null && (
                <Text size="xs" c="dimmed">
                  {t('exams.limit', {
                    count: exam.time_limit_minutes,
                    formatted: number(exam.time_limit_minutes),
                  })}
                </Text>
              )}
              {exam.extra_minutes > 0 && (
                <Text size="xs" c="dimmed">
                  {t('exams.extra', { count: exam.extra_minutes, formatted: number(exam.extra_minutes) })}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <ExamStatusBadge status={exam.status} />
            </Table.Td>
            <Table.Td ta="end">
              {t('exams.ofTotal', {
                value: number(exam.answers_count),
                total: number(exam.questions_count),
              })}
            </Table.Td>
            <Table.Td ta="end">
              {exam.score === null
                ? t('exams.noScore')
                : t('exams.ofTotal', { value: number(exam.score), total: number(exam.total_score) })}
            </Table.Td>
            <Table.Td>
              {exam.grade === null ? t('exams.noScore') : <GradeBadge grade={exam.grade} />}
            </Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap" justify="flex-end">
                {exam.status !== 'completed' && (
                  <Tooltip label={t('actions.extraTime')}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('exams.extraOne', { student: personName(exam.student) })}
                      onClick={() => setExtending(exam)}
                    >
                      <IconClockPlus size={18} aria-hidden="true" />
                    </ActionIcon>
                  </Tooltip>
                )}
                <Tooltip label={t('actions.delete')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('exams.deleteOne', {
                      student: personName(exam.student),
                      name: exam.school_test.name,
                    })}
                    onClick={() => {
                      remove.reset();
                      setDeleting(exam);
                    }}
                  >
                    <IconTrash size={18} aria-hidden="true" />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
        page={params.page}
        onPage={(page) => navigate({ page })}
      />
      <AssignExamModal opened={giving} onClose={() => setGiving(false)} />
      <ExtraTimeModal exam={extending} onClose={() => setExtending(null)} />
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
        title={t('exams.deleteTitle')}
        confirmLabel={t('exams.deleteConfirm')}
        closeLabel={t('actions.close')}
        danger
        loading={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
      >
        {deleting
          ? t('exams.deleteText', { name: deleting.school_test.name, student: personName(deleting.student) })
          : ''}
      </ConfirmModal>
    </Stack>
  );
}
