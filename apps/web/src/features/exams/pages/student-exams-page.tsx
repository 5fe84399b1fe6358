import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { ExamStatusBadge } from '../../../components/exam/exam-status-badge';
import { PagedTable } from '../../../components/list/paged-table';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { personName } from '../../../lib/person-name';
import { useStudentExams } from '../api/get-student-exams';
import { ExamListControls, useExamListParams } from '../components/exam-list-controls';
import { StudentAction } from '../components/student-action';
import '../../../lib/exam-texts';
import { useServerNow } from '../use-now';

/** /students-school-exams: the exams given to me, 20 a page, sorted, searched and filtered by status. */
export function StudentExamsPage() {
  const { t } = useTranslation(['exams', 'pages']);
  const { number, dateTime } = useFormatters();
  const { params, navigate } = useExamListParams();
  const list = useStudentExams(params);
  const data = list.data;
  // Start buttons appear at their start on the server's clock, without a reload.
  const now = useServerNow(data?.results[0]?.now, list.dataUpdatedAt);
  const filtered = Boolean(params.search || params.status);

  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages:titles.studentsSchoolExams')}</Title>
      <ExamListControls
        params={params}
        navigate={navigate}
        total={{ count: data?.count, text: (values) => t('list.total', values) }}
      />
      <PagedTable
        query={list}
        loadingLabel={t('list.loading')}
        empty={{
          icon: <IconClipboardCheck size={32} aria-hidden="true" />,
          title: filtered ? t('list.noneFound') : t('list.empty'),
          description: filtered ? undefined : t('list.emptyHint'),
        }}
        caption={t('list.caption')}
        minWidth={720}
        head={
          // The status and the action first after the test: on a phone they are in sight, the rest scrolls.
          <>
            <Table.Th scope="col">{t('list.columns.test')}</Table.Th>
            <Table.Th scope="col">{t('list.columns.status')}</Table.Th>
            <Table.Th scope="col">{t('list.columns.action')}</Table.Th>
            <Table.Th scope="col">{t('list.columns.window')}</Table.Th>
            <Table.Th scope="col">{t('list.columns.teacher')}</Table.Th>
          </>
        }
        row={(exam) => (
          <Table.Tr key={exam.id}>
            <Table.Th scope="row" fw="normal">
              <Anchor
                component={Link}
                to={generatePath(paths.schoolExam, { examId: String(exam.id) })}
                fw={600}
              >
                {exam.school_test.name}
              </Anchor>
              <Text size="xs" c="dimmed">
                {t('list.questions', {
                  count: exam.questions_count,
                  formatted: number(exam.questions_count),
                })}
              </Text>
            </Table.Th>
            <Table.Td>
              <ExamStatusBadge status={exam.status} />
            </Table.Td>
            <Table.Td>
              <StudentAction exam={exam} now={now} />
            </Table.Td>
            <Table.Td>
              <Text size="sm">
                {t('window', { start: dateTime(exam.start_exam_at), end: dateTime(exam.ends_at) })}
              </Text>
              {exam.time_limit_minutes !== null && (
                <Text size="xs" c="dimmed">
                  {t('timeLimit', {
                    count: exam.time_limit_minutes,
                    formatted: number(exam.time_limit_minutes),
                  })}
                </Text>
              )}
              {exam.extra_minutes > 0 && (
                <Text size="xs" c="dimmed">
                  {t('extraMinutes', {
                    count: exam.extra_minutes,
                    formatted: number(exam.extra_minutes),
                  })}
                </Text>
              )}
            </Table.Td>
            <Table.Td>{personName(exam.teacher)}</Table.Td>
          </Table.Tr>
        )}
        page={params.page}
        onPage={(page) => navigate({ page })}
      />
    </Stack>
  );
}
