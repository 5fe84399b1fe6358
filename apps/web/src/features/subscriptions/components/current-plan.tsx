import type { MySubscription } from '@flashcards/contract';
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconExternalLink } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';
import { planKindOf } from '../../../lib/plan-kind';
import { useOpenPortal } from '../api/open-portal';
import { useResetOnReturn } from '../use-reset-on-return';
import { useCheckoutErrorMessage } from './checkout-error';

/** The plan I am on now, until when, the three end dates, and the way to the billing portal. */
export function CurrentPlan({ subscription }: { subscription: MySubscription }) {
  const { t } = useTranslation('subscriptions');
  const { date } = useFormatters();
  const portal = useOpenPortal();
  useResetOnReturn(portal.reset);
  const portalError = useCheckoutErrorMessage();
  const headingId = useId();
  const dateOrNone = (iso: string | null) => (iso && date(iso)) || t('current.none');
  const plan = planKindOf(subscription);
  const planName = subscription.premium_for_all
    ? t('current.forAll')
    : plan === 'free' || plan === 'trial' || plan === 'premium'
      ? t(`current.${plan}`)
      : t(`plans.${plan}.name`);
  const details = [
    // A date that has passed is not "premium until": the trial and plan ends below say when it ended.
    {
      label: t('current.premiumUntil'),
      value: dateOrNone(subscription.is_premium ? subscription.premium_until : null),
    },
    { label: t('current.trialEnd'), value: dateOrNone(subscription.trial_end_date) },
    { label: t('current.monthlyEnd'), value: dateOrNone(subscription.subscription_end_date) },
    { label: t('current.annualEnd'), value: dateOrNone(subscription.annual_subscription_end_date) },
  ];
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Title order={2} size="h3" id={headingId}>
              {t('current.title')}
            </Title>
            <Group gap="xs">
              <Text fz="xl" fw={700}>
                {planName}
              </Text>
              <Badge
                variant={subscription.is_premium ? 'filled' : 'light'}
                color={subscription.is_premium ? 'teal.9' : 'gray'}
                c={subscription.is_premium ? undefined : 'var(--mantine-color-text)'}
              >
                {subscription.is_premium ? t('current.premium') : t('current.notPremium')}
              </Badge>
            </Group>
          </Stack>
          {subscription.can_manage && (
            <Button
              variant="default"
              rightSection={<IconExternalLink size={16} aria-hidden="true" />}
              loading={portal.isPending || portal.isSuccess}
              onClick={() => portal.mutate()}
            >
              {t('current.manage')}
            </Button>
          )}
        </Group>
        {portal.isError && (
          <Alert color="red" icon={<IconAlertTriangle aria-hidden="true" />}>
            {portalError(portal.error)}
          </Alert>
        )}
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 4 }} spacing="md" m={0}>
          {details.map(({ label, value }) => (
            <div key={label}>
              <Text component="dt" size="sm" c="dimmed">
                {label}
              </Text>
              <Text component="dd" m={0} fw={600}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
