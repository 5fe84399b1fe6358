import { reviewRoutes } from '@flashcards/contract';
import { Progress, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client';
import { useFormatters } from '../../lib/format';
import { QueryState } from '../ui/query-state';
import { SectionCard } from '../ui/section-card';
import '../../lib/review-texts';

/** Under the decks' root, so that answers given elsewhere refresh it too. */
const memoryModelKey = ['decks', 'memory-model'] as const;

/** The profile's memory model: the recall it schedules for, and whether it is fitted to the learner yet. */
export function MemoryModelCard() {
  const { t } = useTranslation('review');
  const { number, percent, date } = useFormatters();
  const model = useQuery({
    queryKey: memoryModelKey,
    queryFn: ({ signal }) => api.call(reviewRoutes.memoryModel, { signal }),
  });
  return (
    <SectionCard title={t('memoryModel.title')}>
      <QueryState query={model} loading={<Skeleton height={60} />}>
        {(found) => {
          const { fit } = found;
          return (
            <Stack gap="sm">
              <Text>{t('memoryModel.retention', { retention: percent(found.desired_retention) })}</Text>
              {fit === null ? (
                <>
                  <Text>
                    {t('memoryModel.waiting', {
                      count: found.min_reviews,
                      needed: number(found.min_reviews),
                      given: number(found.reviews),
                    })}
                  </Text>
                  <Progress
                    value={Math.min(100, (found.reviews / found.min_reviews) * 100)}
                    aria-label={t('memoryModel.progress', {
                      given: number(found.reviews),
                      needed: number(found.min_reviews),
                    })}
                  />
                </>
              ) : (
                <Text>
                  {t(found.own_parameters ? 'memoryModel.own' : 'memoryModel.defaultsBetter', {
                    count: fit.reviews,
                    reviews: number(fit.reviews),
                    date: date(fit.fitted_at),
                    error: percent(fit.rmse_bins),
                    defaultError: percent(fit.default_rmse_bins),
                  })}
                </Text>
              )}
            </Stack>
          );
        }}
      </QueryState>
    </SectionCard>
  );
}
