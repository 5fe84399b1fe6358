import type { ExamAssignment } from '@flashcards/contract';
import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { PagedTable } from '../../../components/list/paged-table';
import { TargetBadge } from '../../../components/ui/target-badge';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useExamAssignments } from '../api/exam-assignments';

export const examAssignmentPath = (id: number) =>
  generatePath(paths.examAssignment, { assignmentId: String(id) });

/** The class or group an exam was given to, with its kind. */
export function ExamTargetBadge({ assignment }: { assignment: ExamAssignment }) {
  const { t } = useTranslation('tests');
  return (
    <TargetBadge target={assignment.target} kindLabel={t(`assignments.kinds.${assignment.target.kind}`)} />
  );
}

/** How many of its students an assignment has, and how many started and completed their exams. */
export function useStudentCounts() {
  const { t } = useTranslation('tests');
  const { number } = useFormatters();
  return (assignment: ExamAssignment) => ({
    students: t('assignments.studentsValue', {
      count: assignment.students_count,
      formatted: number(assignment.students_count),
    }),
    progress: t('assignments.progress', {
      started: number(assignment.started_count),
      completed: number(assignment.completed_count),
    }),
  });
}

/** The exams I gave to classes and groups, each once, with its students counted. */
export function ExamAssignmentsTable() {
  const { t } = useTranslation('tests');
  const { dateTimeRange } = useFormatters();
  const counts = useStudentCounts();
  const [page, setPage] = useState(1);
  const list = useExamAssignments(page);

  return (
    <section aria-labelledby="exam-assignments-title">
      <Title order={2} size="h4" id="exam-assignments-title" mb="sm">
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
            <Table.Th>{t('assignments.test')}</Table.Th>
            <Table.Th>{t('assignments.target')}</Table.Th>
            <Table.Th>{t('assignments.window')}</Table.Th>
            <Table.Th>{t('assignments.students')}</Table.Th>
          </>
        }
        row={(assignment) => {
          const { students, progress } = counts(assignment);
          return (
            <Table.Tr key={assignment.id}>
              <Table.Td>
                <Anchor component={Link} to={examAssignmentPath(assignment.id)} fw={600}>
                  {assignment.school_test.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <ExamTargetBadge assignment={assignment} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{dateTimeRange(assignment.start_exam_at, assignment.end_exam_at)}</Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <Text size="sm">{students}</Text>
                  <Text size="xs" c="dimmed">
                    {progress}
                  </Text>
                </Stack>
              </Table.Td>
            </Table.Tr>
          );
        }}
        page={page}
        onPage={setPage}
      />
    </section>
  );
}
