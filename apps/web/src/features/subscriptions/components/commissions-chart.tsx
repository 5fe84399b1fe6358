import { BarChart } from '@mantine/charts';
import { useMoney } from '../money';

export type MonthBar = { month: string; amount: number };

/** Commissions by month as bars, in lev: the charting code loads on its own. */
export function CommissionsChart({ bars, seriesLabel }: { bars: MonthBar[]; seriesLabel: string }) {
  const money = useMoney();
  return (
    <BarChart
      h={240}
      data={bars}
      dataKey="month"
      series={[{ name: 'amount', label: seriesLabel, color: 'teal.7' }]}
      valueFormatter={(value) => money(value.toFixed(2))}
      tickLine="none"
      gridAxis="y"
      maxBarWidth={40}
      tooltipAnimationDuration={0}
      barChartProps={{ accessibilityLayer: false }}
    />
  );
}
