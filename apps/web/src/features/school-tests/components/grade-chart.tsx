import type { Grade } from '@flashcards/contract';
import { BarChart } from '@mantine/charts';
import { gradeColors } from '../../../components/exam/grade-badge';
import { useFormatters } from '../../../lib/format';

export type GradeBar = { grade: Grade; label: string; count: number };

/** The grade distribution as bars, 2 to 6, each in its grade's colour: the charting code loads on its own. */
export function GradeChart({ bars, seriesLabel }: { bars: GradeBar[]; seriesLabel: string }) {
  const { number } = useFormatters();
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
      yAxisProps={{ allowDecimals: false }}
    />
  );
}
