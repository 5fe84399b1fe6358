import type { LearningPath } from '@flashcards/contract';
import { Group, Paper, RingProgress, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';
import { todayAgainstTargets } from '../progress-targets';

/** Today's answers and cards learned as rings against the path's daily targets. */
export function TodayRings({ path }: { path: LearningPath }) {
  const { t } = useTranslation('paths');
  const { number } = useFormatters();
  const today = todayAgainstTargets(path);
  const rings = [
    {
      key: 'flips',
      label: t('progress.flipsToday'),
      value: today.flips,
      target: path.daily_cards_flip_target,
      percent: today.flipPercent,
      met: today.flipsMet,
      color: 'indigo',
    },
    {
      key: 'learned',
      label: t('progress.learnedToday'),
      value: today.learned,
      target: path.daily_cards_learn_target,
      percent: today.learnPercent,
      met: today.learnedMet,
      color: 'teal',
    },
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {rings.map((ring) => (
        <Paper key={ring.key} withBorder radius="lg" p="md">
          <Group gap="md" wrap="nowrap">
            <RingProgress
              aria-hidden="true"
              size={96}
              thickness={10}
              roundCaps
              sections={[{ value: ring.percent, color: ring.met ? 'teal' : ring.color }]}
              label={
                <Text ta="center" fw={700} size="sm">
                  {`${number(ring.percent)}%`}
                </Text>
              }
            />
            <Stack gap={2}>
              <Text fw={600}>{ring.label}</Text>
              <Text size="sm">
                {t('progress.ofTarget', { value: number(ring.value), target: number(ring.target) })}
              </Text>
              {ring.met && (
                <Text size="sm" c="teal.9" fw={600}>
                  {t('progress.targetMet')}
                </Text>
              )}
            </Stack>
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
