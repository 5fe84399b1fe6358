import { BarChart } from '@mantine/charts';
import { useFormatters } from '../../lib/format';

export type ActivityBar = { label: string; fullDate: string; cards: number };

/** The bars of the activity chart: the charting code loads on its own, after the totals are shown. */
export function ActivityBars({ days, seriesLabel }: { days: ActivityBar[]; seriesLabel: string }) {
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
