import type { Currency, PlanInfo, Pricing } from '@flashcards/contract';
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCrown, IconSparkles } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useStartCheckout } from '../api/start-checkout';
import { isPositive, useMoney } from '../money';
import { useResetOnReturn } from '../use-reset-on-return';
import { useCheckoutErrorMessage } from './checkout-error';
import { readableTitle } from './readable-title';

/** What a plan's button does: lead a visitor to sign up, or buy for a signed-in reader. */
export type PlanAction = 'signup' | 'buy';

/**
 * The plans side by side, each with its price, weekly price, saving and AI quota. Buying sends the browser
 * to the provider's checkout; a server that does not sell shows the plans with the buttons off.
 */
export function PlanCards({
  pricing,
  currency,
  action,
}: {
  pricing: Pricing;
  currency: Currency;
  action: PlanAction;
}) {
  const checkout = useStartCheckout();
  useResetOnReturn(checkout.reset);
  const checkoutError = useCheckoutErrorMessage();
  const { t } = useTranslation('subscriptions');
  const onSale = pricing.payments_enabled && !pricing.premium_for_all;
  // After a successful call the browser is leaving: the button keeps its spinner until it has gone.
  const buying = checkout.isPending || checkout.isSuccess ? checkout.variables?.plan : undefined;
  return (
    <Stack gap="md">
      {checkout.isError && (
        <Alert
          color="red"
          icon={<IconAlertTriangle aria-hidden="true" />}
          title={t('buy.failed')}
          styles={readableTitle}
        >
          {checkoutError(checkout.error)}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        {pricing.plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            currency={currency}
            button={
              action === 'signup' ? (
                <Button component={Link} to={paths.signup} fullWidth variant={plan.gold ? 'filled' : 'light'}>
                  {t('buy.signup')}
                </Button>
              ) : (
                <Button
                  fullWidth
                  variant={plan.gold ? 'filled' : 'light'}
                  disabled={!onSale || (buying !== undefined && buying !== plan.id)}
                  loading={buying === plan.id}
                  onClick={() => checkout.mutate({ plan: plan.id, currency })}
                  aria-label={t('buy.labelled', { plan: t(`plans.${plan.id}.name`) })}
                >
                  {t('buy.button')}
                </Button>
              )
            }
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function PlanCard({
  plan,
  currency,
  button,
}: {
  plan: PlanInfo;
  currency: Currency;
  button: React.ReactNode;
}) {
  const { t } = useTranslation('subscriptions');
  const money = useMoney();
  const { number } = useFormatters();
  const headingId = useId();
  const price = plan.prices[currency];
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="lg"
      p="lg"
      shadow={plan.gold ? 'md' : 'xs'}
      data-plan={plan.id}
      style={plan.gold ? { borderColor: 'var(--mantine-color-yellow-6)', borderWidth: 2 } : undefined}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} size="h4" id={headingId}>
            {t(`plans.${plan.id}.name`)}
          </Title>
          <ThemeIcon
            variant="light"
            color={plan.gold ? 'yellow' : 'blue'}
            radius="xl"
            size={36}
            aria-hidden="true"
          >
            {plan.gold ? <IconCrown size={20} /> : <IconSparkles size={20} />}
          </ThemeIcon>
        </Group>
        {/* The same height with or without badges, so the prices line up across the cards. */}
        <Group gap={6} mih={28}>
          {plan.gold && (
            <Badge variant="light" color="yellow" c="var(--mantine-color-text)">
              {t('plans.goldBadge')}
            </Badge>
          )}
          {isPositive(price.saving) && (
            <Badge variant="filled" color="teal.9" size="lg">
              {t('plans.saving', { amount: money(price.saving, currency) })}
            </Badge>
          )}
        </Group>
        <div>
          <Text component="p" m={0} fz={32} fw={800} lh={1.1}>
            {money(price.amount, currency)}
          </Text>
          <Text size="sm">{t(`plans.per.${plan.period}`)}</Text>
        </div>
        <Text size="sm" fw={600}>
          {t('plans.perWeek', { amount: money(price.per_week, currency) })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('plans.aiQuota', {
            text: number(plan.ai_quota.text),
            images: number(plan.ai_quota.images),
          })}
        </Text>
        <Text size="sm" c="dimmed" style={{ flexGrow: 1 }}>
          {t(`plans.${plan.id}.text`)}
        </Text>
        {button}
      </Stack>
    </Paper>
  );
}
