import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconHourglassHigh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { MessagePage } from '../../../components/ui/message-page';
import { currentUserQuery } from '../../../lib/current-user';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useCheckoutStatus } from '../api/get-checkout-status';
import { subscriptionKeys } from '../api/subscription-keys';
import '../subscription-texts';

/**
 * /subscriptions-success?session_id=...: the provider sends the buyer here, but only its webhook records
 * the payment, a moment later. The page asks about this very checkout every `pollEvery` ms until its
 * payment is recorded or `giveUpAfter` ms have passed: an account premium already (its trial) proves
 * nothing about this payment. Once paid, it refreshes the signed-in user so the whole app knows.
 */
export function SubscriptionSuccessPage({
  pollEvery = 2000,
  giveUpAfter = 30_000,
}: {
  pollEvery?: number;
  giveUpAfter?: number;
}) {
  const { t } = useTranslation(['subscriptions', 'pages']);
  const { date } = useFormatters();
  const queryClient = useQueryClient();
  const sessionId = useSearchParams()[0].get('session_id');
  const [gaveUp, setGaveUp] = useState(false);
  const [premium, setPremium] = useState(false);
  const checkout = useCheckoutStatus(sessionId, premium || gaveUp ? false : pollEvery);
  const isPremium = checkout.data?.status === 'paid';

  useEffect(() => {
    const timer = window.setTimeout(() => setGaveUp(true), giveUpAfter);
    return () => window.clearTimeout(timer);
  }, [giveUpAfter]);

  useEffect(() => {
    if (!isPremium) return;
    setPremium(true);
    queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
    queryClient.invalidateQueries({ queryKey: subscriptionKeys.mine });
  }, [isPremium, queryClient]);

  const until = checkout.data?.premium_until && date(checkout.data.premium_until);
  const ways = (
    <Group justify="center" gap="sm">
      <Button component={Link} to={paths.myCategories}>
        {t('success.practise')}
      </Button>
      <Button component={Link} to={paths.subscriptions} variant="default">
        {t('success.mySubscription')}
      </Button>
    </Group>
  );

  if (premium) {
    return (
      <MessagePage icon={<IconCircleCheck size={40} />} title={t('success.title')} action={ways}>
        <Alert color="teal" variant="light" role="status" w="100%">
          {until ? t('success.premiumUntil', { date: until }) : t('success.premium')}
        </Alert>
      </MessagePage>
    );
  }
  // Without a checkout of this account to ask about, the page cannot say more than where to look.
  if (sessionId === null || checkout.isError) {
    return (
      <MessagePage icon={<IconHourglassHigh size={40} />} title={t('success.thanks')} action={ways}>
        <Text role="status">{t('success.unknown')}</Text>
      </MessagePage>
    );
  }
  if (gaveUp) {
    return (
      <MessagePage icon={<IconHourglassHigh size={40} />} title={t('success.thanks')} action={ways}>
        <Text role="status">{t('success.slow')}</Text>
      </MessagePage>
    );
  }
  return (
    <MessagePage
      icon={<IconCircleCheck size={40} />}
      title={t('success.thanks')}
      action={<Loader aria-hidden="true" />}
    >
      <Stack gap="xs" role="status" aria-busy="true">
        <Text size="lg">{t('success.waiting')}</Text>
        <Text size="sm" c="dimmed">
          {t('success.waitingHint')}
        </Text>
      </Stack>
    </MessagePage>
  );
}
