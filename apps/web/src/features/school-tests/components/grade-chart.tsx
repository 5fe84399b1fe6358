import type { Grade } from '@flashcards/contract';
import { BarChart } from '@mantine/charts';
import { gradeColors } from '../../../components/exam/grade-badge';
import { useFormatters } from '../../../lib/format';

export type GradeBar = { grade: Grade; label: string; count: number };

/**
 * Whole, evenly spaced ticks of the count axis from 0 to at least the tallest bar, at most five: the
 * chart's own ticks repeat or skip numbers when the counts are small.
 */
export const countTicks = (tallest: number) => {
  const step = Math.max(1, Math.ceil(tallest / 4));
  const ticks = [0];
  while (ticks[ticks.length - 1]! < Math.max(tallest, 1)) ticks.push(ticks[ticks.length - 1]! + step);
  return ticks;
};

/** The grade distribution as bars, 2 to 6, each in its grade's colour: the charting code loads on its own. */
export function GradeChart({ bars, seriesLabel }: { bars: GradeBar[]; seriesLabel: string }) {
  const { number } = useFormatters();
  const ticks = countTicks(Math.max(0, ...bars.map((bar) => bar.count)));
  return (
    <BarChart
      h={220}
      data={bars.map((bar) => ({ ...bar, color: `${gradeColors[bar.grade]}.6` }))}
      dataKey="label"
      series={[{ name: 'count', label: seriesLabel, color: 'gray.6' }]}
      valueFormatter={number}
      tickLine="none"
      gridAxis="y"
      maxBarWidth={48}
      tooltipAnimationDuration={0}
      barChartProps={{ accessibilityLayer: false }}
      yAxisProps={{ allowDecimals: false, ticks, domain: [0, ticks[ticks.length - 1]!], interval: 0 }}
    />
  );
}
