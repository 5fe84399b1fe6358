import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconHourglassHigh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MessagePage } from '../../../components/ui/message-page';
import { currentUserQuery } from '../../../lib/current-user';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useMySubscription } from '../api/get-my-subscription';
import '../subscription-texts';

/**
 * /subscriptions-success: the provider sends the buyer here, but only its webhook makes the account
 * premium, a moment later. The page asks again every `pollEvery` ms until the account is premium or
 * `giveUpAfter` ms have passed, then refreshes the signed-in user so the whole app knows.
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
  const [gaveUp, setGaveUp] = useState(false);
  const [premium, setPremium] = useState(false);
  const subscription = useMySubscription(premium || gaveUp ? false : pollEvery);
  const isPremium = subscription.data?.is_premium === true;

  useEffect(() => {
    const timer = window.setTimeout(() => setGaveUp(true), giveUpAfter);
    return () => window.clearTimeout(timer);
  }, [giveUpAfter]);

  useEffect(() => {
    if (!isPremium) return;
    setPremium(true);
    queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
  }, [isPremium, queryClient]);

  const until = subscription.data?.premium_until && date(subscription.data.premium_until);
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
