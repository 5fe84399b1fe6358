import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';
import { useSite } from '../../../lib/site';

type Scores = { guesses_score: number; guesses_score_typing: number };

/** How far a card is from learned in one mode: its correct answers, at most the threshold. */
export const progressOf = (correct: number, threshold: number) => {
  const done = Math.max(0, Math.min(correct, threshold));
  return {
    done,
    percent: threshold > 0 ? Math.round((done / threshold) * 100) : 0,
    learned: done >= threshold,
  };
};

/**
 * A text or picture card's progress towards learned verbally and by typing, against the server's
 * threshold (shown once it is known). Each bar is named with its figures for screen readers.
 */
export function CardProgress({ card }: { card: Scores }) {
  const { t } = useTranslation('cards');
  const { number } = useFormatters();
  const threshold = useSite().data?.learned_threshold;
  if (!threshold) return null;
  const modes = [
    { mode: 'verbal', correct: card.guesses_score },
    { mode: 'typing', correct: card.guesses_score_typing },
  ] as const;
  return (
    <Stack gap={4}>
      {modes.map(({ mode, correct }) => {
        const { done, percent, learned } = progressOf(correct, threshold);
        const figures = { done: number(done), total: number(threshold) };
        return (
          <Group key={mode} gap="xs" wrap="nowrap">
            <Text size="xs" c="dimmed" w={64} style={{ flex: 'none' }} aria-hidden="true">
              {t(`card.progress.${mode}`)}
            </Text>
            <Progress.Root
              size="sm"
              style={{ flex: 1 }}
              role="progressbar"
              aria-label={t(`card.progress.${mode}Label`)}
              aria-valuemin={0}
              aria-valuemax={threshold}
              aria-valuenow={done}
              aria-valuetext={t(learned ? 'card.progress.learned' : 'card.progress.value', figures)}
            >
              <Progress.Section value={percent} color={learned ? 'teal' : 'blue'} withAria={false} />
            </Progress.Root>
            <Text
              size="xs"
              c="dimmed"
              style={{ flex: 'none', fontVariantNumeric: 'tabular-nums' }}
              aria-hidden="true"
            >
              {t('card.progress.short', figures)}
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}
