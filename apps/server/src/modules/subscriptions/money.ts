import type { Currency, Plan } from '@flashcards/contract';
import type { Language } from '@flashcards/i18n';

/** Lev for one euro: the fixed rate of the Bulgarian currency board. */
const BGN_PER_EUR = 1.95583;

/** Minor units as the API writes money: "12.00". */
export const formatMoney = (minorUnits: number) => {
  const sign = minorUnits < 0 ? '-' : '';
  const absolute = Math.abs(minorUnits);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
};

/** Minor units of an amount as a person reads it in their language ("12,00 лв.", "€6.00"). */
export const formatMoneyFor = (language: Language, minorUnits: number, currency: Currency) =>
  new Intl.NumberFormat(language === 'bg' ? 'bg-BG' : 'en-GB', {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(minorUnits / 100);

/** Stotinki of an amount in its currency, euro converted at the fixed rate and rounded to the stotinka. */
export const toStotinki = (minorUnits: number, currency: Currency) =>
  currency === 'eur' ? Math.round(minorUnits * BGN_PER_EUR) : minorUnits;

export const periodOf = (plan: Plan): 'month' | 'year' =>
  plan === 'monthly' || plan === 'gold_monthly' ? 'month' : 'year';

/** The moment `count` calendar months later (UTC), on the last day of a shorter month (31 Jan -> 28 Feb). */
export const addMonths = (moment: Date, count: number) => {
  const result = new Date(moment);
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + count);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
};

export const addPeriod = (moment: Date, plan: Plan, direction: 1 | -1 = 1) =>
  addMonths(moment, (periodOf(plan) === 'month' ? 1 : 12) * direction);
