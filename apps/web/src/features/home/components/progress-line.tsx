import { Group, Progress, Text } from '@mantine/core';
import { useId } from 'react';

/** A named bar of `done` out of `total`, with its figures in words beside the name (read out as its value). */
export function ProgressLine({
  label,
  text,
  done,
  total,
}: {
  label: string;
  text: string;
  done: number;
  total: number;
}) {
  const labelId = useId();
  const percent = total > 0 ? Math.min(100, (done / total) * 100) : 0;
  return (
    <div>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" id={labelId}>
          {label}
        </Text>
        <Text size="sm" fw={600} ta="right">
          {text}
        </Text>
      </Group>
      <Progress.Root size="md" radius="xl" mt={4}>
        {/* Its own values, not Mantine's percentage: read out as the figures beside the name. */}
        <Progress.Section
          value={percent}
          color={percent >= 100 ? 'teal' : 'indigo'}
          withAria={false}
          role="progressbar"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={Math.min(done, total)}
          aria-valuetext={text}
        />
      </Progress.Root>
    </div>
  );
}
