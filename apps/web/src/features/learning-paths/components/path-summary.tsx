import type { LearningPath } from '@flashcards/contract';
import { Group, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';
import { todayAgainstTargets } from '../progress-targets';

/** Today's answers and cards learned against the daily targets. */
export function TodayLine({ path }: { path: LearningPath }) {
  const { t } = useTranslation('paths');
  const { number } = useFormatters();
  const today = todayAgainstTargets(path);
  return (
    <Text size="sm">
      {t('list.todayValue', {
        flips: number(today.flips),
        flipTarget: number(path.daily_cards_flip_target),
        learned: number(today.learned),
        learnTarget: number(path.daily_cards_learn_target),
      })}
    </Text>
  );
}

/** Cards learned over the path's cards, per mode it studies. */
export function LearnedLine({ path }: { path: LearningPath }) {
  const { t } = useTranslation('paths');
  const { number } = useFormatters();
  const parts = [
    ...(path.learning_type_verbal
      ? [
          t('list.learnedVerbal', {
            learned: number(path.learned_cards_verbal_len),
            cards: number(path.cards_len),
          }),
        ]
      : []),
    ...(path.learning_type_typing
      ? [
          t('list.learnedTyping', {
            learned: number(path.learned_cards_typing_len),
            cards: number(path.cards_len),
          }),
        ]
      : []),
  ];
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
      {parts.join('\n')}
    </Text>
  );
}

/** "Completed" per mode the student finished. */
export function CompletedBadges({ path }: { path: LearningPath }) {
  const { t } = useTranslation('paths');
  const done = [
    ...(path.completed_verbal ? [t('list.completedVerbal')] : []),
    ...(path.completed_typing ? [t('list.completedTyping')] : []),
  ];
  if (done.length === 0) return null;
  return (
    <Group gap={8}>
      {done.map((label) => (
        <Group key={label} gap={4} wrap="nowrap">
          <IconCircleCheck size={16} color="var(--mantine-color-teal-7)" aria-hidden="true" />
          <Text size="sm" fw={600} c="teal.9">
            {label}
          </Text>
        </Group>
      ))}
    </Group>
  );
}

/** A person's name as a path shows it. */
export const personOf = (person: { first_name: string; last_name: string }) =>
  `${person.first_name} ${person.last_name}`.trim();

/** The path's days, formatted for the language. */
export function usePathDays() {
  const { t } = useTranslation('paths');
  const { date } = useFormatters();
  return (path: Pick<LearningPath, 'start_at' | 'end_at'>) =>
    t('list.days', { start: date(path.start_at) ?? path.start_at, end: date(path.end_at) ?? path.end_at });
}
