import type { User } from '@flashcards/contract';
import { Group, Paper, Progress, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { type Icon, IconBulb, IconPhoto } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';

/** What is left of a month's allowance. */
export const quotaLeft = (used: number, total: number) => Math.max(0, total - used);

/** The first day of the next month, when the server starts counting again (it counts by UTC months). */
export function renewalDate(now: Date): string {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return next.toISOString().slice(0, 10);
}

function QuotaMeter({
  icon: Icon,
  label,
  used,
  total,
}: {
  icon: Icon;
  label: string;
  used: number;
  total: number;
}) {
  const { t } = useTranslation('ai');
  const { number } = useFormatters();
  const left = quotaLeft(used, total);
  const share = total > 0 ? (left / total) * 100 : 0;
  const labelId = useId();
  return (
    <Paper withBorder radius="lg" p="md" aria-labelledby={labelId} role="group">
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon
            variant="light"
            radius="xl"
            size="lg"
            color={left === 0 ? 'red' : undefined}
            aria-hidden="true"
          >
            <Icon size={20} />
          </ThemeIcon>
          <Stack gap={0}>
            <Text fw={600} id={labelId}>
              {label}
            </Text>
            <Text size="sm" c={left === 0 ? 'var(--mantine-color-error)' : 'dimmed'}>
              {left === 0
                ? t('quota.noneLeft')
                : t('quota.left', { count: left, left: number(left), total: number(total) })}
            </Text>
          </Stack>
        </Group>
        <Progress
          value={share}
          size="sm"
          radius="xl"
          color={left === 0 ? 'red' : undefined}
          aria-label={t('quota.meter', { label, left: number(left), total: number(total) })}
        />
      </Stack>
    </Paper>
  );
}

/** The generations of each kind left this month (the plan's allowance less this month's use). */
export function QuotaSummary({ user }: { user: User }) {
  const { t } = useTranslation('ai');
  const { date } = useFormatters();
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={2} size="h4" id={headingId}>
          {t('quota.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('quota.renews', { date: date(renewalDate(new Date())) })}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <QuotaMeter icon={IconBulb} label={t('quota.text')} used={user.ai_usage} total={user.ai_quota.text} />
        <QuotaMeter
          icon={IconPhoto}
          label={t('quota.images')}
          used={user.ai_image_usage}
          total={user.ai_quota.images}
        />
      </SimpleGrid>
    </Stack>
  );
}
