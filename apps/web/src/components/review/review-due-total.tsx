import { Anchor, Group, Skeleton } from '@mantine/core';
import { IconCalendarRepeat } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatters } from '../../lib/format';
import { paths } from '../../lib/paths';
import { QueryState } from '../ui/query-state';
import { getReviewSummary, reviewSummaryKey } from './review-summary';
import '../../lib/review-texts';

/** The profile's line of cards due for review over all categories, with the way to them. */
export function ReviewDueTotal() {
  const { t } = useTranslation('review');
  const { number } = useFormatters();
  const summary = useQuery({
    queryKey: reviewSummaryKey,
    queryFn: ({ signal }) => getReviewSummary(signal),
  });
  return (
    <QueryState
      query={summary}
      loading={<Skeleton height={24} width={220} />}
      // The count is a convenience: without it the profile still works.
      error={() => null}
    >
      {({ due_cards_len: due }) => (
        <Group gap="xs">
          <IconCalendarRepeat size={20} aria-hidden="true" />
          <Anchor component={Link} to={paths.myCategories} fw={600}>
            {t('profile.due', { count: due, formatted: number(due) })}
          </Anchor>
        </Group>
      )}
    </QueryState>
  );
}
