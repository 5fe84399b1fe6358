import type { Pricing } from '@flashcards/contract';
import { Alert, Stack, Text } from '@mantine/core';
import { IconGift, IconInfoCircle, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';
import { readableTitle } from './readable-title';

/**
 * What the reader should know before choosing: everyone is premium here, or this server does not take
 * payments; else the free trial, with the promotion's date while it runs.
 */
export function PricingNotes({ pricing, showTrial }: { pricing: Pricing; showTrial: boolean }) {
  const { t } = useTranslation('subscriptions');
  const { date } = useFormatters();
  if (pricing.premium_for_all) {
    return (
      <Alert
        color="teal"
        variant="light"
        icon={<IconUsersGroup aria-hidden="true" />}
        title={t('notes.forAllTitle')}
        styles={readableTitle}
      >
        {t('notes.forAll')}
      </Alert>
    );
  }
  const promotion = pricing.trial_promotion_until && date(pricing.trial_promotion_until);
  return (
    <>
      {!pricing.payments_enabled && (
        <Alert
          color="gray"
          variant="light"
          icon={<IconInfoCircle aria-hidden="true" />}
          title={t('notes.offTitle')}
          styles={readableTitle}
        >
          {t('notes.off')}
        </Alert>
      )}
      {showTrial && pricing.trial_days > 0 && (
        <Alert
          color="blue"
          variant="light"
          icon={<IconGift aria-hidden="true" />}
          title={t('notes.trialTitle')}
          styles={readableTitle}
        >
          <Stack gap={4}>
            <Text size="sm">{t('notes.trial', { count: pricing.trial_days })}</Text>
            {promotion && (
              <Text size="sm" fw={700}>
                {t('notes.promotion', { date: promotion })}
              </Text>
            )}
          </Stack>
        </Alert>
      )}
    </>
  );
}
