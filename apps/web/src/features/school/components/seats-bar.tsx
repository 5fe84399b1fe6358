import { Group, Progress, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';

/** The seats a school's students take, of those it has: a named bar with the numbers beside it. */
export function SeatsBar({ used, total, size = 'md' }: { used: number; total: number; size?: 'md' | 'lg' }) {
  const { t } = useTranslation('school');
  const { number } = useFormatters();
  const labelId = useId();
  const percent = total > 0 ? Math.min(100, (used / total) * 100) : used > 0 ? 100 : 0;
  const text = t('card.seatsUsed', { used: number(used), total: number(total) });
  return (
    <>
      <Group justify="space-between">
        <Text fw={600} size={size === 'lg' ? 'md' : 'sm'} id={labelId}>
          {t('card.seats')}
        </Text>
        <Text size="sm">{text}</Text>
      </Group>
      <Progress.Root size={size} radius="xl">
        <Progress.Section
          value={percent}
          color={percent >= 100 ? 'red.8' : 'indigo'}
          aria-labelledby={labelId}
          aria-valuetext={text}
        />
      </Progress.Root>
    </>
  );
}
