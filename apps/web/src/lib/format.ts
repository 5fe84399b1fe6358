import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Number and date formatting for the interface language. */
export function useFormatters() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  return useMemo(() => {
    const numbers = new Intl.NumberFormat(language);
    const decimals = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    const averages = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const percents = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
    const days = new Intl.DateTimeFormat(language, { day: '2-digit', month: '2-digit' });
    const hours = new Intl.NumberFormat(language, { style: 'unit', unit: 'hour', unitDisplay: 'long' });
    const dayCounts = new Intl.NumberFormat(language, { style: 'unit', unit: 'day', unitDisplay: 'long' });
    const kilobytes = new Intl.NumberFormat(language, {
      style: 'unit',
      unit: 'kilobyte',
      maximumFractionDigits: 0,
    });
    const megabytes = new Intl.NumberFormat(language, {
      style: 'unit',
      unit: 'megabyte',
      maximumFractionDigits: 1,
    });
    const minutes = new Intl.NumberFormat(language, { style: 'unit', unit: 'minute', unitDisplay: 'short' });
    const seconds = new Intl.NumberFormat(language, { style: 'unit', unit: 'second', unitDisplay: 'short' });
    const dateTimes = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    const lists = new Intl.ListFormat(language, { style: 'long', type: 'conjunction' });
    return {
      number: (value: number) => numbers.format(value),
      /** Items joined as the language lists them ("2, 5 and 7", "2, 5 и 7"). */
      list: (items: string[]) => lists.format(items),
      /** A number with one decimal ("4.5", in Bulgarian "4,5"). */
      decimal: (value: number) => decimals.format(value),
      /** A share (0..1) as a percentage with at most one decimal ("3.1%", in Bulgarian "3,1 %"). */
      percent: (value: number) => percents.format(value),
      /** An average grade with two decimals, as school records write it ("4.67", in Bulgarian "4,67"). */
      average: (value: number) => averages.format(value),
      /** An ISO moment's day and month, short enough for a column's head ("10/01", "01.10"). */
      dayMonth: (iso: string) => days.format(new Date(iso)),
      /** A length of time in whole hours or days, in words ("5 hours", "3 дни"). */
      duration: (value: number, unit: 'hour' | 'day') => (unit === 'hour' ? hours : dayCounts).format(value),
      /** A short length of time in minutes and seconds ("2 min 5 sec", "2 мин. 5 сек."). */
      elapsed: (milliseconds: number) => {
        const total = Math.max(0, Math.round(milliseconds / 1000));
        const whole = Math.floor(total / 60);
        const rest = seconds.format(total % 60);
        return whole > 0 ? `${minutes.format(whole)} ${rest}` : rest;
      },
      /** A file's size in kB below a megabyte, else in MB with a decimal ("340 kB", "2.4 MB"). */
      fileSize: (bytes: number) =>
        bytes < 1024 * 1024
          ? kilobytes.format(Math.max(1, Math.round(bytes / 1024)))
          : megabytes.format(bytes / 1024 / 1024),
      /** An ISO date or time as a long date, or null when it cannot be read. */
      date: (iso: string) => {
        const date = new Date(iso);
        if (Number.isNaN(date.getTime())) return null;
        // A bare date means that calendar day, wherever the reader is.
        const timeZone = DATE_ONLY.test(iso) ? 'UTC' : undefined;
        return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone }).format(date);
      },
      /** An ISO moment as a date and a time in the reader's time zone ("24 Nov 2026, 10:30"), or null. */
      dateTime: (iso: string) => {
        const date = new Date(iso);
        return Number.isNaN(date.getTime()) ? null : dateTimes.format(date);
      },
      /** Two ISO moments as one span, the day written once when both fall on it ("25.11.2026 г., 8:00 ч. – 14:00 ч."). */
      dateTimeRange: (startIso: string, endIso: string) => {
        const start = new Date(startIso);
        const end = new Date(endIso);
        if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return null;
        return dateTimes.formatRange(start, end);
      },
    };
  }, [language]);
}
