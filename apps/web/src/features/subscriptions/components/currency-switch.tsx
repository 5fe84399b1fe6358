import { CURRENCIES, type Currency } from '@flashcards/contract';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Lev or euro, as a labelled group of two radio buttons. */
export function CurrencySwitch({
  value,
  onChange,
}: {
  value: Currency;
  onChange: (value: Currency) => void;
}) {
  const { t } = useTranslation('subscriptions');
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Text id={labelId} size="sm" fw={600}>
        {t('currency.label')}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        value={value}
        onChange={(next) => onChange(next as Currency)}
        data={CURRENCIES.map((currency) => ({ value: currency, label: t(`currency.${currency}`) }))}
        radius="md"
      />
    </Stack>
  );
}
