import { Group, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/ui/query-state';
import { usePricing } from '../api/get-pricing';
import { useCurrency } from './currency';
import { CurrencySwitch } from './currency-switch';
import { type PlanAction, PlanCards } from './plan-cards';
import { PremiumComparison } from './premium-comparison';
import { PricingNotes } from './pricing-notes';

/** The plans under a heading with the currency switch, the notes on this server's sales, the comparison if asked. */
export function PlansSection({
  title,
  action,
  showTrial,
  showComparison,
  note,
}: {
  /** The section's heading, beside the currency switch. */
  title: string;
  action: PlanAction;
  showTrial: boolean;
  showComparison: boolean;
  /** What the reader should know about buying now, above the plans. */
  note?: ReactNode;
}) {
  const { t } = useTranslation('subscriptions');
  const pricing = usePricing();
  const [currency, setCurrency] = useCurrency();
  return (
    <QueryState
      query={pricing}
      loading={
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 4 }}
          spacing="md"
          aria-busy="true"
          aria-label={t('plans.loading')}
        >
          {[1, 2, 3, 4].map((key) => (
            <Skeleton key={key} h={320} radius="lg" />
          ))}
        </SimpleGrid>
      }
    >
      {(prices) => (
        <Stack gap="lg">
          <Group justify="space-between" align="flex-end">
            <Title order={2} size="h3">
              {title}
            </Title>
            <CurrencySwitch value={currency} onChange={setCurrency} />
          </Group>
          <PricingNotes pricing={prices} showTrial={showTrial} />
          {note}
          <PlanCards pricing={prices} currency={currency} action={action} />
          {showComparison && <PremiumComparison pricing={prices} />}
        </Stack>
      )}
    </QueryState>
  );
}
