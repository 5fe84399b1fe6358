import type { ExamAssignmentDetails } from '@flashcards/contract';
import { Anchor, Button, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconBroadcast, IconPencil, IconSchool, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link, useNavigate, useParams } from 'react-router';
import { ExamStatusBadge } from '../../../components/exam/exam-status-badge';
import { GradeBadge } from '../../../components/exam/grade-badge';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { BackLink, DetailSection, FactList, missingOn404 } from '../../../components/ui/detail-page';
import { MessagePage } from '../../../components/ui/message-page';
import { PageLoader } from '../../../components/ui/page-loader';
import { QueryState } from '../../../components/ui/query-state';
import { StatTile } from '../../../components/ui/stat-tile';
import { useConfirm } from '../../../components/ui/use-confirm';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { personName } from '../../../lib/person-name';
import { useSuccessToast } from '../../../lib/use-success-toast';
import { useDeleteExamAssignment, useExamAssignment } from '../api/exam-assignments';
import { EditExamAssignmentModal } from '../components/edit-exam-assignment-modal';
import { ExamTargetBadge } from '../components/exam-assignments-table';
import '../test-texts';

/** The id of the address, or null when it is not a whole number from 1. */
const idFrom = (param: string | undefined) => (param && /^[1-9]\d*$/.test(param) ? Number(param) : null);

function AssignmentMissing() {
  const { t } = useTranslation('tests');
  return (
    <MessagePage
      icon={<IconSchool size={36} />}
      title={t('assignments.notFound')}
      action={
        <Button component={Link} to={paths.schoolExams} variant="default">
          {t('assignments.back')}
        </Button>
      }
    >
      <Text>{t('assignments.notFoundText')}</Text>
    </MessagePage>
  );
}

/** /exam-assignments/:id: a test given as an exam to a class or a group, with each student's exam. */
export function ExamAssignmentPage() {
  const { t } = useTranslation('tests');
  const id = idFrom(useParams().assignmentId);
  const assignment = useExamAssignment(id ?? 0);
  if (id === null) return <AssignmentMissing />;
  return (
    <QueryState
      query={assignment}
      loading={<PageLoader label={t('assignments.loadingOne')} />}
      error={missingOn404(<AssignmentMissing />)}
    >
      {(found) => <AssignmentView assignment={found} />}
    </QueryState>
  );
}

function AssignmentView({ assignment }: { assignment: ExamAssignmentDetails }) {
  const { t } = useTranslation('tests');
  const { number, dateTimeRange } = useFormatters();
  const navigate = useNavigate();
  const toast = useSuccessToast();
  const [editing, setEditing] = useState(false);
  const remove = useConfirm(useDeleteExamAssignment(), {
    variables: (deleted: ExamAssignmentDetails) => deleted.id,
    done: (deleted) => {
      toast(t('assignments.delete.done', { name: deleted.school_test.name, target: deleted.target.name }));
      navigate(paths.schoolExams);
    },
  });
  const options = [
    assignment.shuffle_questions && t('assignments.option.shuffle'),
    assignment.show_results_after_end && t('assignments.option.resultsAfterEnd'),
    assignment.leave_completes && t('assignments.option.leaveCompletes'),
  ].filter((option) => typeof option === 'string');
  const facts = [
    { label: t('assignments.target'), value: <ExamTargetBadge assignment={assignment} /> },
    {
      label: t('assignments.window'),
      value: dateTimeRange(assignment.start_exam_at, assignment.end_exam_at),
    },
    {
      label: t('assignments.timeLimit'),
      value:
        assignment.time_limit_minutes === null
          ? t('assignments.noLimit')
          : t('exams.limit', {
              count: assignment.time_limit_minutes,
              formatted: number(assignment.time_limit_minutes),
            }),
    },
    {
      label: t('assignments.options'),
      value:
        options.length === 0 ? (
          t('assignments.noOptions')
        ) : (
          <Stack gap={2}>
            {options.map((option) => (
              <span key={option}>{option}</span>
            ))}
          </Stack>
        ),
    },
  ];

  return (
    <Stack gap="lg">
      <BackLink to={paths.schoolExams}>{t('assignments.back')}</BackLink>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={6}>
          <Title order={1}>{assignment.school_test.name}</Title>
          <ExamTargetBadge assignment={assignment} />
          <Text c="dimmed">{dateTimeRange(assignment.start_exam_at, assignment.end_exam_at)}</Text>
        </Stack>
        <Group gap="sm">
          <Button
            variant="default"
            component={Link}
            to={generatePath(paths.schoolExamLive, { schoolTestId: String(assignment.school_test.id) })}
            leftSection={<IconBroadcast size={18} aria-hidden="true" />}
          >
            {t('live.watch')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconPencil size={18} aria-hidden="true" />}
            onClick={() => setEditing(true)}
          >
            {t('assignments.edit.open')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconTrash size={18} aria-hidden="true" />}
            onClick={() => remove.ask(assignment)}
          >
            {t('assignments.delete.open')}
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={3} spacing="sm" maw={560}>
        <StatTile label={t('assignments.students')} value={number(assignment.students_count)} />
        <StatTile label={t('assignments.started')} value={number(assignment.started_count)} />
        <StatTile label={t('assignments.completed')} value={number(assignment.completed_count)} />
      </SimpleGrid>
      <DetailSection id="assignment-students" title={t('assignments.studentsHeading')}>
        {assignment.exams.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('assignments.noStudents')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={600}>
            <Table verticalSpacing="xs">
              <Table.Caption>{t('assignments.studentsCaption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('exams.student')}</Table.Th>
                  <Table.Th>{t('exams.status')}</Table.Th>
                  <Table.Th ta="end">{t('exams.score')}</Table.Th>
                  <Table.Th>{t('exams.grade')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {assignment.exams.map((exam) => (
                  <Table.Tr key={exam.id}>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={generatePath(paths.schoolExam, { examId: String(exam.id) })}
                        fw={600}
                      >
                        {personName(exam.student)}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <ExamStatusBadge status={exam.status} />
                    </Table.Td>
                    <Table.Td ta="end">
                      {exam.score === null
                        ? t('exams.noScore')
                        : t('exams.ofTotal', { value: number(exam.score), total: number(exam.total_score) })}
                    </Table.Td>
                    <Table.Td>
                      {exam.grade === null ? t('exams.noScore') : <GradeBadge grade={exam.grade} />}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </DetailSection>
      <DetailSection id="assignment-details" title={t('assignments.detailsHeading')}>
        <FactList facts={facts} />
      </DetailSection>
      {editing && <EditExamAssignmentModal assignment={assignment} onClose={() => setEditing(false)} />}
      <ConfirmModal
        {...remove.dialog}
        title={t('assignments.delete.title')}
        confirmLabel={t('assignments.delete.confirm')}
        closeLabel={t('actions.close')}
        danger
      >
        {t('assignments.delete.text', { name: assignment.school_test.name, target: assignment.target.name })}
      </ConfirmModal>
    </Stack>
  );
}
