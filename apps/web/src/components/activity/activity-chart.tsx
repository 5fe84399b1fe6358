import type { ActivityEntry } from '@flashcards/contract';
import {
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localToday } from '../../lib/calendar-day';
import { useCurrentUser } from '../../lib/current-user';
import { useFormatters } from '../../lib/format';
import { QueryState } from '../ui/query-state';
import { activityDays, dayAxis } from './activity-days';
import '../../lib/account-texts';

const ActivityBars = lazy(() =>
  import('./activity-bars').then((module) => ({ default: module.ActivityBars })),
);

const spans = ['30', '90'] as const;
type Span = (typeof spans)[number];

/**
 * Cards practised per day over the last 30 or 90 days, with the totals of the period: of my own practice
 * on my profile, of a friend's on theirs. `emptyText` and `loadingText` replace
 * the lines that speak of my own practice.
 */
export function ActivityChart({
  activity,
  emptyText,
  loadingText,
}: {
  activity: UseQueryResult<ActivityEntry[]>;
  emptyText?: string;
  loadingText?: string;
}) {
  const { t } = useTranslation('account');
  // The period chosen outlives a failed refresh and its retry.
  const [span, setSpan] = useState<Span>('30');
  return (
    <QueryState
      query={activity}
      loading={<Skeleton h={280} radius="md" aria-label={loadingText ?? t('activity.loading')} />}
    >
      {(entries) => <ActivityPeriod entries={entries} span={span} onSpan={setSpan} emptyText={emptyText} />}
    </QueryState>
  );
}

function ActivityPeriod({
  entries,
  span,
  onSpan,
  emptyText,
}: {
  entries: ActivityEntry[];
  span: Span;
  onSpan: (span: Span) => void;
  emptyText?: string;
}) {
  const { t, i18n } = useTranslation('account');
  const { number } = useFormatters();
  const language = i18n.resolvedLanguage;
  // The days end with today in the account's time zone, the one the server counts them in.
  const timeZone = useCurrentUser().data?.time_zone;

  const period = useMemo(() => {
    const result = activityDays(entries, localToday(new Date(), timeZone), Number(span));
    const axis = dayAxis(
      result.days.map((day) => day.day),
      language,
    );
    const long = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' });
    const days = result.days.map((day, index) => ({
      ...day,
      label: axis.labels[index] ?? day.day,
      fullDate: long.format(new Date(`${day.day}T00:00:00Z`)),
    }));
    return { days, ticks: axis.ticks, totals: result.totals };
  }, [entries, span, language, timeZone]);

  const cardsLabel = t('activity.cardsPractised');
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <SimpleGrid cols={3} spacing="lg" component="dl" m={0} style={{ flex: '1 1 320px' }}>
          {[
            { label: cardsLabel, value: period.totals.cards },
            { label: t('activity.learned'), value: period.totals.learned },
            { label: t('activity.activeDays'), value: period.totals.activeDays },
          ].map(({ label, value }) => (
            <div key={label}>
              <Text component="dt" size="sm" c="dimmed">
                {label}
              </Text>
              <Text component="dd" m={0} fw={700} fz="xl">
                {number(value)}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        <SegmentedControl
          aria-label={t('activity.period')}
          value={span}
          onChange={(value) => onSpan(value as Span)}
          data={spans.map((days) => ({
            value: days,
            label: t('activity.lastDays', { count: Number(days) }),
          }))}
        />
      </Group>

      {period.totals.cards === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {emptyText ?? t('activity.empty')}
        </Text>
      ) : (
        <>
          {/* The chart is a picture for the eye; the table below tells the same to a screen reader. */}
          <div aria-hidden="true">
            <Suspense fallback={<Skeleton h={240} radius="md" />}>
              <ActivityBars days={period.days} ticks={period.ticks} seriesLabel={cardsLabel} />
            </Suspense>
          </div>
          <VisuallyHidden>
            <Table>
              <caption>{t('activity.tableCaption', { count: Number(span) })}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('activity.day')}</Table.Th>
                  <Table.Th scope="col">{cardsLabel}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {period.days
                  .filter((day) => day.cards > 0)
                  .map((day) => (
                    <Table.Tr key={day.day}>
                      <Table.Th scope="row">{day.fullDate}</Table.Th>
                      <Table.Td>{number(day.cards)}</Table.Td>
                    </Table.Tr>
                  ))}
              </Table.Tbody>
            </Table>
          </VisuallyHidden>
        </>
      )}
    </Stack>
  );
}
