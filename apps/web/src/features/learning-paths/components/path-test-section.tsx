import type { Grade, LearningPathProgress, PathTest } from '@flashcards/contract';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconClipboardCheck, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link, useNavigate } from 'react-router';
import { GradeBadge } from '../../../components/exam/grade-badge';
import { useErrorMessage } from '../../../lib/api-errors';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useOpenPathTest } from '../api/path-test';

/** What the test's window says: when it opens and until when. */
function WindowText({ test }: { test: PathTest }) {
  const { t } = useTranslation('paths');
  const { dateTime } = useFormatters();
  const end = dateTime(test.ends_at);
  if (test.status === 'waiting')
    return (
      <Text>
        {test.opens_at
          ? t('test.waitingDates', { start: dateTime(test.opens_at), end })
          : t('test.waitingTargets', { end })}
      </Text>
    );
  if (test.status === 'open') return <Text>{t('test.openUntil', { end })}</Text>;
  if (test.status === 'missed') return <Text>{t('test.missed', { end })}</Text>;
  return null;
}

/**
 * The test a path ends with: its window, the student's way into it once it opens, and the grade when it
 * is taken; the teacher sees the same state and the grade.
 */
export function PathTestSection({ path, mine }: { path: LearningPathProgress; mine: boolean }) {
  const { t } = useTranslation('paths');
  const { number } = useFormatters();
  const errorMessage = useErrorMessage();
  const navigate = useNavigate();
  const open = useOpenPathTest();
  const test = path.test_state;
  if (!test) return null;
  const exam = test.exam;
  const take = () =>
    open.mutate(path.id, {
      onSuccess: (opened) => {
        if (opened.exam) navigate(generatePath(paths.schoolExamStarted, { examId: String(opened.exam.id) }));
      },
    });

  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2}>
            <Text fw={600}>{test.name}</Text>
            <Text size="sm" c="dimmed">
              {t('test.size', {
                questions: number(test.questions_count),
                points: number(test.total_score),
                count: test.questions_count,
              })}
            </Text>
          </Stack>
          {test.status === 'completed' && exam?.grade != null && <GradeBadge grade={exam.grade as Grade} />}
        </Group>
        {test.status === 'completed' && exam?.score != null && (
          <Text>{t('test.score', { score: number(exam.score), total: number(test.total_score) })}</Text>
        )}
        <WindowText test={test} />
        {test.status === 'waiting' && (
          <Text size="sm" c="dimmed">
            {test.targets_met ? t('test.targetsMet') : t('test.targetsNotMet')}
          </Text>
        )}
        {open.error && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(open.error)}
          </Alert>
        )}
        <Group gap="sm">
          {mine && test.status === 'open' && (
            <Button
              onClick={take}
              loading={open.isPending}
              leftSection={<IconPlayerPlay size={18} aria-hidden="true" />}
            >
              {exam && exam.status === 'in_progress' ? t('test.continue') : t('test.take')}
            </Button>
          )}
          {exam && (test.status === 'completed' || !mine) && (
            <Button
              component={Link}
              to={generatePath(paths.schoolExam, { examId: String(exam.id) })}
              variant="default"
              leftSection={<IconClipboardCheck size={18} aria-hidden="true" />}
            >
              {t('test.details')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
