import { BarChart } from '@mantine/charts';
import { useFormatters } from '../../../lib/format';

export type HistoryBar = {
  label: string;
  fullDate: string;
  flipsVerbal: number;
  flipsTyping: number;
  learnedVerbal: number;
  learnedTyping: number;
};

/** The bars of a path's history (answers and cards learned side by side, each stacked by mode): the charting code loads on its own, after the rest of the page. */
export function PathHistoryBars({
  days,
  labels,
  targets,
}: {
  days: HistoryBar[];
  labels: { flipsVerbal: string; flipsTyping: string; learnedVerbal: string; learnedTyping: string };
  targets: { flips: number; learned: number; flipsLabel: string; learnedLabel: string };
}) {
  const { number } = useFormatters();
  return (
    <BarChart
      h={280}
      data={days}
      dataKey="label"
      withLegend
      series={[
        { name: 'flipsVerbal', label: labels.flipsVerbal, color: 'indigo.6', stackId: 'flips' },
        { name: 'flipsTyping', label: labels.flipsTyping, color: 'cyan.6', stackId: 'flips' },
        { name: 'learnedVerbal', label: labels.learnedVerbal, color: 'teal.6', stackId: 'learned' },
        { name: 'learnedTyping', label: labels.learnedTyping, color: 'lime.7', stackId: 'learned' },
      ]}
      referenceLines={[
        { y: targets.flips, label: targets.flipsLabel, color: 'indigo.4' },
        { y: targets.learned, label: targets.learnedLabel, color: 'teal.4' },
      ]}
      valueFormatter={number}
      // The target lines stay in sight on days below them.
      yAxisProps={{ domain: [0, (highest: number) => Math.max(highest, targets.flips, targets.learned)] }}
      tickLine="none"
      gridAxis="x"
      maxBarWidth={24}
      tooltipAnimationDuration={0}
      barChartProps={{ accessibilityLayer: false }}
      tooltipProps={{
        labelFormatter: (label, payload) => payload?.[0]?.payload?.fullDate ?? label,
      }}
    />
  );
}
