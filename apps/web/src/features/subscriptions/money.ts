import type { Currency } from '@flashcards/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const formats = new Map<string, Intl.NumberFormat>();

/**
 * An amount of the API ("12.00") in its currency as the language writes money: "12,00 лв." and
 * "6,00 €" in Bulgarian, "BGN 12.00" and "€6.00" in English. The decimal string becomes a number only
 * here, to be printed with two places, so no arithmetic meets a float.
 */
export function formatMoney(amount: string, currency: Currency, language: string): string {
  const key = `${language}:${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formats.set(key, format);
  }
  return format.format(Number(amount));
}

/** Money in the interface language; commissions and payouts are in lev unless told otherwise. */
export function useMoney() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return useMemo(
    () =>
      (amount: string, currency: Currency = 'bgn') =>
        formatMoney(amount, currency, language),
    [language],
  );
}

/** Whether an amount of the API is more than zero (a saving worth showing, a total to pay out). */
export const isPositive = (amount: string) => Number(amount) > 0;

/** The commission rate of the API ("0.20") as a whole percentage (20). */
export const percentOf = (rate: string) => Math.round(Number(rate) * 100);
