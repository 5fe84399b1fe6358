import type { ExamDetail } from '@flashcards/contract';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCertificate, IconClipboardX, IconHourglass, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link, useParams } from 'react-router';
import { ExamEvents } from '../../../components/exam/exam-events';
import { ExamStatusBadge } from '../../../components/exam/exam-status-badge';
import { GradeBadge } from '../../../components/exam/grade-badge';
import { BackLink, DetailSection, FactList, missingOn404 } from '../../../components/ui/detail-page';
import { MessagePage } from '../../../components/ui/message-page';
import { PageLoader } from '../../../components/ui/page-loader';
import { QueryState } from '../../../components/ui/query-state';
import { useCurrentUser } from '../../../lib/current-user';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { personName } from '../../../lib/person-name';
import { useExam } from '../api/get-exam';
import { ExamMendActions } from '../components/exam-mend-actions';
import { ExamReview } from '../components/exam-review';
import { ScoreText } from '../components/student-action';
import { examIdFrom, resultsHidden, studentActionOf } from '../exam-state';
import '../../../lib/exam-texts';
import { useServerNow } from '../use-now';

/** An exam that is not there, or not one of mine (given to me or by me). */
export function ExamMissing() {
  const { t } = useTranslation('exams');
  return (
    <MessagePage
      icon={<IconClipboardX size={36} />}
      title={t('detail.notFound')}
      action={
        <Button component={Link} to={paths.studentsSchoolExams} variant="default">
          {t('detail.toMyExams')}
        </Button>
      }
    >
      <Text>{t('detail.notFoundText')}</Text>
    </MessagePage>
  );
}

/** The score and grade, or why they are not shown yet. */
function ExamResult({ exam, viewer }: { exam: ExamDetail; viewer: 'student' | 'teacher' }) {
  const { t } = useTranslation('exams');
  const { dateTime } = useFormatters();
  if (exam.score !== null)
    return (
      <Group gap="sm">
        <ScoreText score={exam.score} total={exam.total_score} />
        {exam.grade !== null && <GradeBadge grade={exam.grade} />}
      </Group>
    );
  if (viewer === 'student' && resultsHidden(exam))
    return (
      <Alert color="blue" variant="light" icon={<IconHourglass aria-hidden="true" />}>
        {exam.results_at
          ? t('detail.resultsHidden', { time: dateTime(exam.results_at) })
          : t('detail.resultsHiddenNoTime')}
      </Alert>
    );
  return (
    <Text c="dimmed">
      {exam.status === 'missed' ? t('detail.resultsMissed') : t('detail.resultsPending')}
    </Text>
  );
}

/**
 * /school-exam/:examId: an exam for its student or its teacher: the test, the people, the window, the
 * status, the answers given, the score and grade when they may be seen, and the review of every question
 * once it is open.
 */
export function ExamDetailPage() {
  const { t } = useTranslation(['exams', 'pages']);
  const id = examIdFrom(useParams().examId);
  const query = useExam(id ?? 0);
  if (id === null) return <ExamMissing />;
  return (
    <QueryState
      query={query}
      loading={<PageLoader label={t('detail.loading')} />}
      error={missingOn404(<ExamMissing />)}
    >
      {(exam) => <ExamDetailView exam={exam} receivedAt={query.dataUpdatedAt} />}
    </QueryState>
  );
}

function ExamDetailView({ exam, receivedAt }: { exam: ExamDetail; receivedAt: number }) {
  const { t } = useTranslation(['exams', 'pages']);
  const { number, dateTime } = useFormatters();
  // The start button appears at the start on the server's clock, without a reload.
  const now = useServerNow(exam.now, receivedAt);
  const user = useCurrentUser().data;
  // The teacher's view for its teacher and for a principal of the teacher's school, who only looks.
  const viewer = user?.id === exam.student.id ? 'student' : 'teacher';
  const mending = user?.id === exam.teacher.id && viewer === 'teacher';
  const action = viewer === 'student' ? studentActionOf(exam, now) : null;
  const taking = generatePath(paths.schoolExamStarted, { examId: String(exam.id) });
  const facts = [
    { label: t('detail.test'), value: exam.school_test.name },
    viewer === 'student'
      ? { label: t('detail.teacher'), value: personName(exam.teacher) }
      : { label: t('detail.student'), value: personName(exam.student) },
    {
      label: t('detail.window'),
      value: t('window', { start: dateTime(exam.start_exam_at), end: dateTime(exam.end_exam_at) }),
    },
    {
      label: t('detail.timeLimit'),
      value:
        exam.time_limit_minutes === null
          ? t('detail.noTimeLimit')
          : exam.started_at === null
            ? t('timeLimit', { count: exam.time_limit_minutes, formatted: number(exam.time_limit_minutes) })
            : // A started attempt's own end: the limit from its start, or the window's end if sooner.
              t('detail.timeLimitUntil', {
                limit: t('timeLimit', {
                  count: exam.time_limit_minutes,
                  formatted: number(exam.time_limit_minutes),
                }),
                end: dateTime(exam.ends_at),
              }),
    },
    {
      label: t('detail.onLeave'),
      value: exam.leave_completes ? t('detail.leaveCompletes') : t('detail.leaveKeepsOpen'),
    },
    {
      label: t('detail.extraTime'),
      value:
        exam.extra_minutes > 0
          ? t('detail.extraTimeValue', {
              count: exam.extra_minutes,
              formatted: number(exam.extra_minutes),
              end: dateTime(exam.ends_at),
            })
          : t('detail.noExtraTime'),
    },
    {
      label: t('detail.answers'),
      value: t('detail.answersValue', {
        answered: number(exam.answers_count),
        total: number(exam.questions_count),
      }),
    },
    ...(exam.started_at ? [{ label: t('detail.startedAt'), value: dateTime(exam.started_at) }] : []),
    ...(exam.completed_at ? [{ label: t('detail.completedAt'), value: dateTime(exam.completed_at) }] : []),
  ];

  return (
    <Stack gap="lg">
      <BackLink
        to={
          viewer === 'student'
            ? paths.studentsSchoolExams
            : mending
              ? `${paths.schoolExams}?test_id=${exam.school_test.id}`
              : paths.teachersWork
        }
      >
        {viewer === 'student'
          ? t('detail.toMyExams')
          : mending
            ? t('detail.toExams')
            : t('detail.toTeachersWork')}
      </BackLink>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={6}>
          <Title order={1}>{exam.school_test.name}</Title>
          <Group gap="xs">
            <ExamStatusBadge status={exam.status} />
          </Group>
          {exam.school_test.description && (
            <Text c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
              {exam.school_test.description}
            </Text>
          )}
        </Stack>
        {action?.kind === 'start' && (
          <Button component={Link} to={taking} leftSection={<IconPlayerPlay size={18} aria-hidden="true" />}>
            {t('detail.start')}
          </Button>
        )}
        {mending && <ExamMendActions exam={exam} />}
        {action?.kind === 'continue' && (
          <Button component={Link} to={taking} leftSection={<IconPlayerPlay size={18} aria-hidden="true" />}>
            {t('detail.continue')}
          </Button>
        )}
      </Group>
      {action?.kind === 'opensAt' && (
        <Alert color="gray" variant="light" icon={<IconHourglass aria-hidden="true" />}>
          {t('list.opensAt', { time: dateTime(action.at) })}
        </Alert>
      )}
      <DetailSection id="exam-result" title={t('detail.result')}>
        <Paper withBorder radius="lg" p="md">
          <ExamResult exam={exam} viewer={viewer} />
        </Paper>
      </DetailSection>
      <DetailSection id="exam-facts" title={t('detail.heading')}>
        <FactList facts={facts} />
      </DetailSection>
      <DetailSection id="exam-events" title={t('events.title')}>
        <ExamEvents events={exam.events} />
      </DetailSection>
      {exam.questions.length > 0 ? (
        <DetailSection id="exam-review" title={t('review.heading')}>
          <ExamReview exam={exam} viewer={viewer} />
        </DetailSection>
      ) : (
        viewer === 'student' &&
        exam.status === 'completed' && (
          <Alert color="gray" variant="light" icon={<IconCertificate aria-hidden="true" />}>
            {t('review.later', { time: dateTime(exam.ends_at) })}
          </Alert>
        )
      )}
    </Stack>
  );
}
