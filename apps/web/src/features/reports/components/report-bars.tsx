import { BarChart } from '@mantine/charts';
import { useFormatters } from '../../../lib/format';
import type { ChartBar } from '../report-rows';

/** The bars of the report's chart: the charting code loads on its own, after the rows are shown. */
export function ReportBars({
  bars,
  cardsLabel,
  learnedLabel,
}: {
  bars: ChartBar[];
  cardsLabel: string;
  learnedLabel: string;
}) {
  const { number } = useFormatters();
  return (
    <BarChart
      h={260}
      data={bars}
      dataKey="label"
      series={[
        { name: 'cards', label: cardsLabel, color: 'gray.5' },
        { name: 'learned', label: learnedLabel, color: 'indigo.6' },
      ]}
      valueFormatter={number}
      withLegend
      tickLine="none"
      gridAxis="y"
      maxBarWidth={28}
      accessibilityLayer={false}
      tooltipAnimationDuration={0}
      barChartProps={{ accessibilityLayer: false }}
      tooltipProps={{
        labelFormatter: (label, payload) => payload?.[0]?.payload?.name ?? label,
      }}
    />
  );
}
