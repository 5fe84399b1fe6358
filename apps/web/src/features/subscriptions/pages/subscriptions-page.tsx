import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../components/ui/request-error';
import { useMySubscription } from '../api/get-my-subscription';
import { CurrentPlan } from '../components/current-plan';
import { PaymentsTable } from '../components/payments-table';
import { PlansSection } from '../components/plans-section';
import '../subscription-texts';

/** /subscriptions: my plan and its dates, the plans to buy or extend, and my payments. */
export function SubscriptionsPage() {
  const { t } = useTranslation(['subscriptions', 'pages']);
  const subscription = useMySubscription();
  return (
    <Stack gap="xl" py="md">
      <Stack gap="xs">
        <Title order={1}>{t('pages:titles.subscriptions')}</Title>
        <Text size="lg">{t('mine.lead')}</Text>
      </Stack>
      {subscription.isPending ? (
        <Skeleton h={160} radius="lg" aria-busy="true" aria-label={t('mine.loading')} />
      ) : subscription.isError ? (
        <RequestError error={subscription.error} onRetry={() => subscription.refetch()} />
      ) : (
        <CurrentPlan subscription={subscription.data} />
      )}
      <PlansSection title={t('mine.plansTitle')} action="buy" showTrial={false} showComparison={false} />
      <Stack gap="md" component="section" aria-labelledby="payments-heading">
        <Title order={2} size="h3" id="payments-heading">
          {t('payments.title')}
        </Title>
        {subscription.isPending ? (
          <Skeleton h={120} radius="lg" />
        ) : subscription.data ? (
          <PaymentsTable payments={subscription.data.payments} />
        ) : null}
      </Stack>
    </Stack>
  );
}
