import type { MySubscription } from '@flashcards/contract';
import { Alert, Skeleton, Stack, Title } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/ui/page-heading';
import { QueryState } from '../../../components/ui/query-state';
import { useFormatters } from '../../../lib/format';
import { useMySubscription } from '../api/get-my-subscription';
import { CurrentPlan } from '../components/current-plan';
import { PaymentsTable } from '../components/payments-table';
import { PlansSection } from '../components/plans-section';
import '../subscription-texts';

/**
 * When a plan bought now starts: the server starts a paid period when the premium the account has (its
 * trial or a plan) ends, so the reader is told before paying.
 */
function StartNote({ subscription }: { subscription: MySubscription }) {
  const { t } = useTranslation('subscriptions');
  const { date } = useFormatters();
  const until = subscription.premium_until;
  if (!subscription.is_premium || subscription.premium_for_all || !until) return null;
  const trialLast =
    subscription.trial_end_date !== null && Date.parse(subscription.trial_end_date) >= Date.parse(until);
  return (
    <Alert color="blue" variant="light" icon={<IconCalendarEvent aria-hidden="true" />}>
      {t(trialLast ? 'mine.startsAfterTrial' : 'mine.startsAfterPremium', { date: date(until) })}
    </Alert>
  );
}

/** /subscriptions: my plan and its dates, the plans to buy or extend, and my payments. */
export function SubscriptionsPage() {
  const { t } = useTranslation(['subscriptions', 'pages']);
  const subscription = useMySubscription();
  return (
    <Stack gap="xl" py="md">
      <PageHeading title={t('pages:titles.subscriptions')} intro={t('mine.lead')} />
      <QueryState
        query={subscription}
        loading={<Skeleton h={160} radius="lg" aria-busy="true" aria-label={t('mine.loading')} />}
      >
        {(data) => <CurrentPlan subscription={data} />}
      </QueryState>
      <PlansSection
        title={t('mine.plansTitle')}
        action="buy"
        showTrial={false}
        showComparison={false}
        note={subscription.data && <StartNote subscription={subscription.data} />}
      />
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
