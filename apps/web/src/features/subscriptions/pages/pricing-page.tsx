import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useIsSignedIn } from '../../../lib/session';
import { PlansSection } from '../components/plans-section';
import '../subscription-texts';

/** /pricing: the plans for everyone; a visitor is led to sign up, a signed-in reader buys. */
export function PricingPage() {
  const { t } = useTranslation(['subscriptions', 'pages']);
  const signedIn = useIsSignedIn();
  return (
    <Stack gap="xl" py="md">
      <Stack gap="xs" maw={720}>
        <Title order={1}>{t('pages:titles.pricing')}</Title>
        <Text size="lg">{t('pricing.lead')}</Text>
      </Stack>
      <PlansSection
        title={t('pricing.choose')}
        action={signedIn ? 'buy' : 'signup'}
        showTrial={!signedIn}
        showComparison
      />
    </Stack>
  );
}
