import type { Exam } from '@flashcards/contract';
import { Button, Group, Text } from '@mantine/core';
import { IconClock, IconPlayerPlay, IconPlayerTrackNext } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { GradeBadge } from '../../../components/exam/grade-badge';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { studentActionOf } from '../exam-state';

/** The exam's score over its points, as the lists and the details show it ("5 / 10"). */
export function ScoreText({ score, total }: { score: number; total: number }) {
  const { t } = useTranslation('exams');
  const { number } = useFormatters();
  return (
    <Text component="span" fw={600}>
      {t('score', { score: number(score), total: number(total) })}
    </Text>
  );
}

/** What the student can do with an exam now: start, continue, wait for it, or see its result. */
export function StudentAction({ exam, now }: { exam: Exam; now: number }) {
  const { t } = useTranslation('exams');
  const { dateTime } = useFormatters();
  const action = studentActionOf(exam, now);
  const taking = generatePath(paths.schoolExamStarted, { examId: String(exam.id) });
  switch (action.kind) {
    case 'start':
      return (
        <Button
          component={Link}
          to={taking}
          size="compact-md"
          leftSection={<IconPlayerPlay size={16} aria-hidden="true" />}
          aria-label={t('list.startLabel', { name: exam.school_test.name })}
        >
          {t('list.start')}
        </Button>
      );
    case 'continue':
      return (
        <Button
          component={Link}
          to={taking}
          size="compact-md"
          variant="light"
          leftSection={<IconPlayerTrackNext size={16} aria-hidden="true" />}
          aria-label={t('list.continueLabel', { name: exam.school_test.name })}
        >
          {t('list.continue')}
        </Button>
      );
    case 'opensAt':
      return (
        <Group gap={6} wrap="nowrap">
          <IconClock size={16} aria-hidden="true" />
          <Text size="sm">{t('list.opensAt', { time: dateTime(action.at) })}</Text>
        </Group>
      );
    case 'result':
      return (
        <Group gap="xs" wrap="nowrap">
          <ScoreText score={action.score} total={action.total} />
          <GradeBadge grade={action.grade} />
        </Group>
      );
    case 'resultsLater':
      return (
        <Text size="sm" c="dimmed">
          {t('list.resultsAfterEnd')}
        </Text>
      );
    default:
      return (
        <Text size="sm" c="dimmed">
          {t('list.closed')}
        </Text>
      );
  }
}
