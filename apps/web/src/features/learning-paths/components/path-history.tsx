import type { LearningPathProgress } from '@flashcards/contract';
import { Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';
import { historyDays } from '../progress-targets';

const PathHistoryBars = lazy(() =>
  import('./path-history-bars').then((module) => ({ default: module.PathHistoryBars })),
);

/** The student's days on a path against the daily targets: a chart for the eye, a table for screen readers. */
export function PathHistory({ path }: { path: LearningPathProgress }) {
  const { t, i18n } = useTranslation('paths');
  const { number } = useFormatters();
  const language = i18n.resolvedLanguage;
  const days = useMemo(() => {
    const short = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    const long = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' });
    return historyDays(path.progress, path).map((day) => {
      const date = new Date(`${day.day}T00:00:00Z`);
      return { ...day, label: short.format(date), fullDate: long.format(date) };
    });
  }, [path, language]);

  if (days.length === 0)
    return (
      <Text c="dimmed" ta="center" py="lg">
        {t('progress.noHistory')}
      </Text>
    );

  const labels = {
    flipsVerbal: t('progress.flipsVerbal'),
    flipsTyping: t('progress.flipsTyping'),
    learnedVerbal: t('progress.learnedVerbal'),
    learnedTyping: t('progress.learnedTyping'),
  };
  return (
    <Stack gap="sm">
      {/* The chart is a picture for the eye; the table below tells the same to a screen reader. */}
      <div aria-hidden="true">
        <Suspense fallback={<Skeleton h={280} radius="md" />}>
          <PathHistoryBars
            days={days}
            labels={labels}
            targets={{
              flips: path.daily_cards_flip_target,
              learned: path.daily_cards_learn_target,
              flipsLabel: t('progress.flipTargetLine', { count: path.daily_cards_flip_target }),
              learnedLabel: t('progress.learnTargetLine', { count: path.daily_cards_learn_target }),
            }}
          />
        </Suspense>
      </div>
      <VisuallyHidden>
        <Table>
          <caption>
            {t('progress.tableCaption', {
              flips: number(path.daily_cards_flip_target),
              learned: number(path.daily_cards_learn_target),
            })}
          </caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('progress.day')}</Table.Th>
              <Table.Th scope="col">{labels.flipsVerbal}</Table.Th>
              <Table.Th scope="col">{labels.flipsTyping}</Table.Th>
              <Table.Th scope="col">{labels.learnedVerbal}</Table.Th>
              <Table.Th scope="col">{labels.learnedTyping}</Table.Th>
              <Table.Th scope="col">{t('progress.targetsMet')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {days.map((day) => (
              <Table.Tr key={day.day}>
                <Table.Th scope="row">{day.fullDate}</Table.Th>
                <Table.Td>{number(day.flipsVerbal)}</Table.Td>
                <Table.Td>{number(day.flipsTyping)}</Table.Td>
                <Table.Td>{number(day.learnedVerbal)}</Table.Td>
                <Table.Td>{number(day.learnedTyping)}</Table.Td>
                <Table.Td>{day.met ? t('progress.yes') : t('progress.no')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </Stack>
  );
}
