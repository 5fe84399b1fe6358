import { Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';
import { usePublicStats } from '../api/get-public-stats';

function Stat({ value, label }: { value: string; label: string }) {
  return (
    <Stack gap={0}>
      <Text fz={36} fw={800} lh={1.1}>
        {value}
      </Text>
      <Text c="dimmed">{label}</Text>
    </Stack>
  );
}

/** How many categories and cards the platform holds; left out when the counts cannot be loaded. */
export function PublicStats() {
  const { t } = useTranslation('home');
  const { number } = useFormatters();
  const stats = usePublicStats();
  const headingId = useId();
  if (stats.isError) return null;
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="lg" p="lg" shadow="sm">
      <Text id={headingId} fw={700} tt="uppercase" size="sm" c="dimmed" mb="sm">
        {t('stats.label')}
      </Text>
      {stats.isPending ? (
        <Group gap="xl" aria-busy="true">
          <Skeleton height={64} width={120} />
          <Skeleton height={64} width={120} />
        </Group>
      ) : (
        <Group gap="xl">
          <Stat
            value={number(stats.data.categories_count)}
            label={t('stats.categories', { count: stats.data.categories_count })}
          />
          <Stat
            value={number(stats.data.cards_count)}
            label={t('stats.cards', { count: stats.data.cards_count })}
          />
        </Group>
      )}
    </Paper>
  );
}
