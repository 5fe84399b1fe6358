import { BarChart } from '@mantine/charts';
import { useFormatters } from '../../lib/format';

export type ActivityBar = { label: string; fullDate: string; cards: number };

/** The bars of the activity chart: the charting code loads on its own, after the totals are shown. */
export function ActivityBars({
  days,
  ticks,
  seriesLabel,
}: {
  days: ActivityBar[];
  /** The labelled days, evenly spaced; every one is shown. */
  ticks: string[];
  seriesLabel: string;
}) {
  const { number } = useFormatters();
  return (
    <BarChart
      h={240}
      data={days}
      dataKey="label"
      series={[{ name: 'cards', label: seriesLabel, color: 'indigo.6' }]}
      valueFormatter={number}
      tickLine="none"
      gridAxis="x"
      xAxisProps={{ ticks, interval: 0 }}
      maxBarWidth={24}
      accessibilityLayer={false}
      tooltipAnimationDuration={0}
      barChartProps={{ accessibilityLayer: false }}
      tooltipProps={{
        labelFormatter: (label, payload) => payload?.[0]?.payload?.fullDate ?? label,
      }}
    />
  );
}
