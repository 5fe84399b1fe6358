import type { ReportRow } from '@flashcards/contract';
import { Group, SegmentedControl, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';
import { chartBars, type Mode } from '../report-rows';

const ReportBars = lazy(() => import('./report-bars').then((module) => ({ default: module.ReportBars })));

/** Cards and learned cards of each row on the page, in one mode at a time. */
export function ReportChart({ rows }: { rows: readonly ReportRow[] }) {
  const { t } = useTranslation('reports');
  const { number } = useFormatters();
  const headingId = useId();
  const modeId = useId();
  const [mode, setMode] = useState<Mode>('verbal');
  const bars = useMemo(() => chartBars(rows, mode), [rows, mode]);
  const cardsLabel = t('chart.cards');
  const learnedLabel = t('chart.learned');

  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3" id={headingId}>
          {t('report.chartHeading')}
        </Title>
        <Group gap="xs" align="center">
          <Text size="sm" fw={500} id={modeId}>
            {t('report.chartMode')}
          </Text>
          <SegmentedControl
            aria-labelledby={modeId}
            value={mode}
            onChange={(value) => setMode(value as Mode)}
            data={[
              { value: 'verbal', label: t('modes.verbal') },
              { value: 'typing', label: t('modes.typing') },
            ]}
          />
        </Group>
      </Group>
      {/* The chart is a picture for the eye; the table below tells the same to a screen reader. */}
      <div aria-hidden="true">
        <Suspense fallback={<Skeleton h={260} radius="md" />}>
          <ReportBars bars={bars} cardsLabel={cardsLabel} learnedLabel={learnedLabel} />
        </Suspense>
      </div>
      <VisuallyHidden>
        <Table>
          <caption>{t('report.tableCaption', { mode: t(`modes.${mode}`) })}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('columns.name')}</Table.Th>
              <Table.Th scope="col">{cardsLabel}</Table.Th>
              <Table.Th scope="col">{learnedLabel}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {bars.map((bar) => (
              <Table.Tr key={bar.key}>
                <Table.Th scope="row">{bar.name}</Table.Th>
                <Table.Td>{number(bar.cards)}</Table.Td>
                <Table.Td>{number(bar.learned)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </Stack>
  );
}
