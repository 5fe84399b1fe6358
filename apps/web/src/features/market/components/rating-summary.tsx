import { Group, Rating, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';
import '../../../lib/market-texts';

/** The mean rating as stars with the number of ratings; read as one sentence by screen readers. */
export function RatingSummary({
  rating,
  count,
  size = 'sm',
}: {
  rating: number | null;
  count: number;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation('market');
  const { number, decimal } = useFormatters();
  if (rating === null || count === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('item.notRated')}
      </Text>
    );
  const label = t('item.rating', { count, formatted: number(count), rating: decimal(rating) });
  return (
    <Group gap={6} wrap="nowrap" role="img" aria-label={label}>
      <Rating value={rating} fractions={10} readOnly size={size} aria-hidden="true" />
      <Text size="sm" fw={600} aria-hidden="true">
        {decimal(rating)}
      </Text>
      <Text size="sm" c="dimmed" aria-hidden="true">
        ({number(count)})
      </Text>
    </Group>
  );
}
