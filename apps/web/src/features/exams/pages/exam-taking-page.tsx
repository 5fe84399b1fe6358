import type { ExamDetail } from '@flashcards/contract';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  List,
  Loader,
  Paper,
  Progress,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconArrowRight,
  IconCircleCheck,
  IconClipboardCheck,
  IconCloudCheck,
  IconCloudUpload,
  IconDoorExit,
  IconFlag,
  IconLock,
  IconPlayerPlay,
  IconWifiOff,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link, useNavigate, useParams } from 'react-router';
import { QuestionPicture } from '../../../components/exam/question-picture';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { MessagePage } from '../../../components/ui/message-page';
import { PageLoader } from '../../../components/ui/page-loader';
import { RequestError } from '../../../components/ui/request-error';
import { useAnnouncer } from '../../../components/ui/use-announcer';
import { api } from '../../../lib/api-client';
import { hasStatus, useErrorMessage } from '../../../lib/api-errors';
import { useFormatters } from '../../../lib/format';
import { tokenExpiry } from '../../../lib/jwt';
import { paths } from '../../../lib/paths';
import { personName } from '../../../lib/person-name';
import { readTokens } from '../../../lib/session';
import { AnswerQueue, type GivenAnswer, type SaveState } from '../answer-queue';
import { answerQuestion } from '../api/answer-question';
import { completeExam, completeExamOnUnload } from '../api/complete-exam';
import { examKeys } from '../api/exam-keys';
import { useExam } from '../api/get-exam';
import { type StartedExam, useStartExam } from '../api/start-exam';
import { ExamTimer } from '../components/exam-timer';
import { QuestionInput } from '../components/question-input';
import { QuestionNavigator } from '../components/question-navigator';
import { examIdFrom } from '../exam-state';
import '../../../lib/exam-texts';
import { type Leaving, useCompleteOnLeave } from '../use-complete-on-leave';
import { useExamPresence } from '../use-exam-presence';
import { useLeaveGuard } from '../use-leave-guard';
import { useServerNow } from '../use-now';
import { ExamMissing } from './exam-detail-page';

/** A typed answer is saved once the student stops typing for this long (or leaves the field, or finishes). */
const TYPING_PAUSE_MS = 600;

/** How long finishing waits for answers still on their way before completing without them. */
const DRAIN_MS = 8_000;
/** How often answers whose save failed are sent again, besides when the browser says it is back online. */
const RETRY_MS = 5_000;

const detailsOf = (id: number) => generatePath(paths.schoolExam, { examId: String(id) });
const within = (promise: Promise<void>, ms: number) =>
  Promise.race([promise, new Promise<void>((resolve) => setTimeout(resolve, ms))]);

/** The server refused the exam (its window closed, it was completed): its message and the way to the details. */
function Refusal({ id, error }: { id: number; error: unknown }) {
  const { t } = useTranslation('exams');
  const message = useErrorMessage();
  return (
    <MessagePage
      icon={<IconLock size={36} />}
      title={t('taking.refused')}
      action={
        <Button component={Link} to={detailsOf(id)} variant="default">
          {t('taking.toDetails')}
        </Button>
      }
    >
      <Text role="alert">{message(error)}</Text>
    </MessagePage>
  );
}

/**
 * /school-exam-started/:examId, a focus mode: the warning (which says what leaving does), then the exam
 * itself, one question at a time with the countdown to its end. Answers are saved as they are given. By
 * default the attempt stays open until the student finishes it or the time is up; with the teacher's
 * strict option leaving the page completes it (spec). Either way leaving asks first. A started exam
 * opened again continues at its first unanswered question, with its saved answers.
 */
export function ExamTakingPage() {
  const { t } = useTranslation('exams');
  const id = examIdFrom(useParams().examId);
  const query = useExam(id ?? 0);
  const start = useStartExam();
  const [started, setStarted] = useState<StartedExam | null>(null);
  const [resumed, setResumed] = useState(false);
  const asked = useRef(false);

  const begin = (resume: boolean) => {
    if (id === null || asked.current) return;
    asked.current = true;
    start.mutate(id, {
      onSuccess: (taking) => {
        setResumed(resume);
        setStarted(taking);
      },
      onError: () => {
        asked.current = false;
      },
    });
  };

  // A started exam opened again continues at once: the start call returns its saved answers.
  const status = query.data?.status;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the exam's status decides
  useEffect(() => {
    if (status === 'in_progress' && !started) begin(true);
  }, [status]);

  if (id === null) return <ExamMissing />;
  if (started) return <ExamSession key={id} id={id} started={started} resumed={resumed} />;
  if (start.isError) {
    if (hasStatus(start.error, 403) || hasStatus(start.error, 404))
      return <Refusal id={id} error={start.error} />;
    return <RequestError error={start.error} onRetry={() => begin(status === 'in_progress')} />;
  }
  if (query.isPending || status === 'in_progress') return <PageLoader label={t('taking.loading')} />;
  if (query.isError) {
    if (hasStatus(query.error, 404)) return <ExamMissing />;
    return <RequestError error={query.error} onRetry={() => query.refetch()} />;
  }
  const exam = query.data;
  if (exam.status !== 'not_started')
    return (
      <MessagePage
        icon={<IconClipboardCheck size={36} />}
        title={t(exam.status === 'missed' ? 'taking.missed' : 'taking.completed')}
        action={
          <Button component={Link} to={detailsOf(id)}>
            {t('taking.toDetails')}
          </Button>
        }
      >
        <Text>{t(exam.status === 'missed' ? 'taking.missedText' : 'taking.completedText')}</Text>
      </MessagePage>
    );
  return (
    <ExamWarning
      exam={exam}
      receivedAt={query.dataUpdatedAt}
      starting={start.isPending}
      onStart={() => begin(false)}
    />
  );
}

/** Before the start: what the exam is, what leaving the page does, and that answers are kept as given. */
function ExamWarning({
  exam,
  receivedAt,
  starting,
  onStart,
}: {
  exam: ExamDetail;
  /** When the exam was read: its `now` and this moment keep the page on the server's clock. */
  receivedAt: number;
  starting: boolean;
  onStart: () => void;
}) {
  const { t } = useTranslation('exams');
  const { number, dateTime } = useFormatters();
  // The button comes alive when the window opens on the server's clock, and goes when it closes.
  const now = useServerNow(exam.now, receivedAt);
  const opensAt = Date.parse(exam.start_exam_at);
  const open = now >= opensAt && now < Date.parse(exam.ends_at);

  return (
    <Stack gap="lg" maw={720} mx="auto" w="100%">
      <Anchor
        component={Link}
        to={paths.studentsSchoolExams}
        size="sm"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, alignSelf: 'flex-start' }}
      >
        <IconArrowLeft size={16} aria-hidden="true" />
        {t('detail.toMyExams')}
      </Anchor>
      <Stack gap={4}>
        <Text c="dimmed" size="sm">
          {t('taking.warningKicker')}
        </Text>
        <Title order={1}>{exam.school_test.name}</Title>
        {exam.school_test.description && (
          <Text c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
            {exam.school_test.description}
          </Text>
        )}
      </Stack>
      {exam.leave_completes ? (
        <Alert color="orange" variant="light" radius="lg" icon={<IconDoorExit aria-hidden="true" />}>
          {/* The title in the body's colour: the alert's own orange title is too light to read. */}
          <Text fw={700} mb={4}>
            {t('taking.leaveTitle')}
          </Text>
          {t('taking.leaveText')}
        </Alert>
      ) : (
        <Alert color="blue" variant="light" radius="lg" icon={<IconCloudCheck aria-hidden="true" />}>
          <Text fw={700} mb={4}>
            {t('taking.resumeTitle')}
          </Text>
          {t('taking.resumeText')}
        </Alert>
      )}
      <Paper withBorder radius="lg" p="lg">
        <List spacing="sm" center icon={<IconCircleCheck size={18} aria-hidden="true" />}>
          <List.Item>
            {t('taking.questionsCount', {
              count: exam.questions_count,
              formatted: number(exam.questions_count),
              points: number(exam.total_score),
            })}
          </List.Item>
          <List.Item>
            {exam.time_limit_minutes === null
              ? t('taking.endsAt', { time: dateTime(exam.ends_at) })
              : t('taking.endsWithin', {
                  count: exam.time_limit_minutes,
                  formatted: number(exam.time_limit_minutes),
                  time: dateTime(exam.ends_at),
                })}
          </List.Item>
          <List.Item>{t('taking.savedAsGiven')}</List.Item>
          <List.Item>{t('taking.oneAtATime')}</List.Item>
          <List.Item>{t('taking.teacher', { name: personName(exam.teacher) })}</List.Item>
        </List>
      </Paper>
      {now < opensAt && (
        <Alert color="gray" variant="light">
          {t('list.opensAt', { time: dateTime(exam.start_exam_at) })}
        </Alert>
      )}
      {now >= Date.parse(exam.ends_at) && (
        <Alert color="gray" variant="light" title={t('taking.missed')}>
          {t('taking.missedText')}
        </Alert>
      )}
      <Group>
        <Button
          size="md"
          leftSection={<IconPlayerPlay size={18} aria-hidden="true" />}
          onClick={onStart}
          loading={starting}
          disabled={!open}
        >
          {t('taking.start')}
        </Button>
      </Group>
    </Stack>
  );
}

const saveLooks: Record<SaveState, { Icon: typeof IconCloudCheck; color: string }> = {
  saving: { Icon: IconCloudUpload, color: 'blue' },
  saved: { Icon: IconCloudCheck, color: 'teal' },
  retrying: { Icon: IconWifiOff, color: 'orange' },
};

/** Whether the answers are on the server: "Saved", "Saving…" or "Not saved, retrying". */
function SaveStatus({ state }: { state: SaveState | null }) {
  const { t } = useTranslation('exams');
  if (!state) return <span />;
  const { Icon, color } = saveLooks[state];
  return (
    <Group gap={6} wrap="nowrap">
      <ThemeIcon size="sm" variant="light" color={color} radius="xl" aria-hidden="true">
        <Icon size={14} />
      </ThemeIcon>
      <Text size="sm" c={state === 'retrying' ? 'orange.9' : 'dimmed'}>
        {t(`taking.save.${state}`)}
      </Text>
    </Group>
  );
}

type Phase = 'taking' | 'finishing' | 'done';

/** The exam being taken: the countdown, one question at a time, the navigator and the finish. */
function ExamSession({ id, started, resumed }: { id: number; started: StartedExam; resumed: boolean }) {
  const { t } = useTranslation('exams');
  const { number, list } = useFormatters();
  const errorMessage = useErrorMessage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { announce, region } = useAnnouncer();
  const { questions } = started;
  const total = questions.length;

  const queue = useMemo(
    () =>
      new AnswerQueue({
        send: (questionId, answer) =>
          answerQuestion(
            id,
            questionId,
            answer,
            questions.find((question) => question.id === questionId)?.kind === 'single',
          ),
        isRefusal: (error) => hasStatus(error, 403) || hasStatus(error, 404),
        initial: questions.flatMap((question) => {
          const given = question.student_answer ?? question.student_response;
          return given === null ? [] : [[question.id, given] as [number, GivenAnswer]];
        }),
      }),
    [id, questions],
  );
  const saving = useSyncExternalStore(queue.subscribe, queue.snapshot);
  const [index, setIndex] = useState(() => {
    // A resumed exam opens at its first unanswered question.
    const first = questions.findIndex(
      (question) => question.student_answer === null && question.student_response === null,
    );
    return Math.max(first, 0);
  });
  const [phase, setPhase] = useState<Phase>('taking');
  const [confirming, setConfirming] = useState(false);
  const [finishError, setFinishError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // Failed saves go again when the connection is back, and every few seconds in case nobody says so.
  const retrying = saving.overall === 'retrying';
  useEffect(() => {
    if (!retrying) return;
    announce(t('taking.save.retryingLong'));
    const retry = () => queue.retry();
    window.addEventListener('online', retry);
    const timer = setInterval(retry, RETRY_MS);
    return () => {
      window.removeEventListener('online', retry);
      clearInterval(timer);
    };
  }, [retrying, queue, announce, t]);

  // Completing on leaving the tab needs a token that is still good then: renew it before it runs out.
  useEffect(() => {
    const timer = setInterval(() => {
      const { access } = readTokens();
      const expiry = access ? tokenExpiry(access) : null;
      if (expiry !== null && expiry - Date.now() < 3 * 60_000) void api.refreshAccess().catch(() => {});
    }, 60_000);
    return () => clearInterval(timer);
  }, []);

  // The first question, and each one moved to, takes the focus, so that it is read out.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the question changes
  useEffect(() => {
    heading.current?.focus();
  }, [index]);

  const refused = saving.refusal !== null;
  useExamPresence(id, phase === 'taking' && !refused);
  const strict = started.exam.leave_completes;
  // Leaving asks first in both modes; only the strict one completes the attempt when the student leaves.
  const blocker = useLeaveGuard(phase === 'taking' && !refused);
  useCompleteOnLeave(strict && phase === 'taking' && !refused, (how: Leaving) => {
    if (how === 'unload') {
      completeExamOnUnload(id);
      return;
    }
    // Elsewhere in the app: the answers on their way land first, then the exam completes.
    void within(queue.drained(), DRAIN_MS)
      .then(() => completeExam(id))
      .then((exam) => queryClient.setQueryData(examKeys.detail(id), exam))
      .catch(() => {})
      .finally(() => queryClient.invalidateQueries({ queryKey: examKeys.all }));
  });

  const finish = async (timeUp: boolean) => {
    if (phase !== 'taking') return;
    setPhase('finishing');
    setFinishError(null);
    await within(queue.drained(), DRAIN_MS);
    if (!timeUp && queue.unsaved() > 0 && !refused) {
      setPhase('taking');
      setFinishError(t('taking.finishUnsaved'));
      return;
    }
    try {
      const exam = await completeExam(id);
      queryClient.setQueryData(examKeys.detail(id), exam);
    } catch (error) {
      // Completed already (by the server at the end): the details say how it went.
      if (!timeUp && !hasStatus(error, 403)) {
        setPhase('taking');
        setFinishError(errorMessage(error));
        return;
      }
    }
    setPhase('done');
    setConfirming(false);
    await queryClient.invalidateQueries({ queryKey: examKeys.all });
    navigate(detailsOf(id), { replace: true });
  };

  const question = questions[index];
  const answeredCount = questions.filter((item) => saving.answers.has(item.id)).length;
  const unanswered = total - answeredCount;
  const unansweredNumbers = questions.flatMap((item, at) =>
    saving.answers.has(item.id) ? [] : [number(at + 1)],
  );
  const go = (next: number) => setIndex(Math.max(0, Math.min(total - 1, next)));

  if (refused) return <Refusal id={id} error={saving.refusal} />;

  return (
    <Stack gap="md" maw={820} mx="auto" w="100%">
      {region}
      <Title order={1} size="h2">
        {started.exam.name}
      </Title>
      {/* The countdown stays in sight under the sticky header while the question scrolls (a phone). */}
      <Box
        style={{
          position: 'sticky',
          top: 'calc(var(--app-shell-header-offset, 60px) + var(--mantine-spacing-xs))',
          zIndex: 3,
          alignSelf: 'flex-end',
        }}
      >
        <ExamTimer
          endsAt={started.exam.ends_at}
          offset={started.offset}
          announce={announce}
          onTimeUp={() => {
            announce(t('taking.timeUp'));
            void finish(true);
          }}
        />
      </Box>
      {resumed && (
        <Alert color="blue" variant="light" icon={<IconPlayerPlay aria-hidden="true" />}>
          {t('taking.resumed')}
        </Alert>
      )}
      {phase === 'finishing' && (
        <Alert color="blue" variant="light" icon={<Loader size={16} aria-hidden="true" />} role="status">
          {t('taking.finishing')}
        </Alert>
      )}
      {finishError && !confirming && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden="true" />} role="alert">
          {finishError}
        </Alert>
      )}
      <Stack gap={6}>
        <Group justify="space-between" gap="sm">
          <Text size="sm">
            {t('taking.answered', { answered: number(answeredCount), total: number(total) })}
          </Text>
          <SaveStatus state={saving.overall} />
        </Group>
        <Progress
          value={total > 0 ? (answeredCount / total) * 100 : 0}
          aria-label={t('taking.answered', { answered: number(answeredCount), total: number(total) })}
          radius="xl"
        />
      </Stack>
      {question && (
        <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="exam-question">
          <Stack gap="md">
            <Group justify="space-between" align="baseline" gap="sm">
              <Title order={2} size="h4" id="exam-question" ref={heading} tabIndex={-1}>
                {t('taking.questionOf', { current: number(index + 1), total: number(total) })}
              </Title>
              <Text size="sm" c="dimmed">
                {t('taking.points', { count: question.score_value, formatted: number(question.score_value) })}
              </Text>
            </Group>
            <QuestionPicture question={question} />
            <QuestionInput
              key={question.id}
              question={question}
              value={saving.answers.get(question.id)}
              disabled={phase !== 'taking'}
              onChange={(answer) =>
                queue.give(question.id, answer, {
                  pauseMs: question.kind === 'short_text' ? TYPING_PAUSE_MS : 0,
                })
              }
              onLeaveText={() => queue.flush()}
              onMoved={announce}
            />
            <Group justify="space-between" gap="sm">
              <Button
                variant="default"
                leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
                onClick={() => go(index - 1)}
                disabled={index === 0}
              >
                {t('taking.previous')}
              </Button>
              {index < total - 1 && (
                <Button
                  rightSection={<IconArrowRight size={16} aria-hidden="true" />}
                  onClick={() => go(index + 1)}
                >
                  {t('taking.saveAndNext')}
                </Button>
              )}
            </Group>
          </Stack>
        </Paper>
      )}
      <QuestionNavigator
        count={total}
        current={index}
        answered={(at) => {
          const item = questions[at];
          return item ? saving.answers.has(item.id) : false;
        }}
        onGo={go}
      />
      <Group justify="flex-end">
        <Button
          color="teal.9"
          leftSection={<IconFlag size={18} aria-hidden="true" />}
          onClick={() => {
            setFinishError(null);
            setConfirming(true);
          }}
          disabled={phase !== 'taking'}
        >
          {t('taking.finish')}
        </Button>
      </Group>
      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => void finish(false)}
        title={t('taking.finishTitle')}
        confirmLabel={t('taking.finishConfirm')}
        closeLabel={t('taking.close')}
        loading={phase === 'finishing'}
        error={finishError}
      >
        {unanswered > 0 ? (
          <Stack gap="xs">
            <Text>{t('taking.finishUnanswered', { count: unanswered, formatted: number(unanswered) })}</Text>
            <Text fw={600}>
              {t('taking.finishNotAnswered', {
                list: t('taking.questionNumbers', { count: unanswered, list: list(unansweredNumbers) }),
              })}
            </Text>
          </Stack>
        ) : (
          t('taking.finishAllAnswered', { total: number(total) })
        )}
      </ConfirmModal>
      <ConfirmModal
        opened={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        onConfirm={() => blocker.proceed?.()}
        title={t('taking.leaveConfirmTitle')}
        confirmLabel={strict ? t('taking.leaveAndComplete') : t('taking.leave')}
        cancelLabel={t('taking.stay')}
        closeLabel={t('taking.close')}
        danger={strict}
      >
        {strict ? t('taking.leaveConfirmStrict') : t('taking.leaveConfirmResume')}
      </ConfirmModal>
    </Stack>
  );
}
