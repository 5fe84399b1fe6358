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
    const hours = new Intl.NumberFormat(language, { style: 'unit', unit: 'hour', unitDisplay: 'long' });
    const days = new Intl.NumberFormat(language, { style: 'unit', unit: 'day', unitDisplay: 'long' });
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
    return {
      number: (value: number) => numbers.format(value),
      /** A number with one decimal ("4.5", in Bulgarian "4,5"). */
      decimal: (value: number) => decimals.format(value),
      /** A length of time in whole hours or days, in words ("5 hours", "3 дни"). */
      duration: (value: number, unit: 'hour' | 'day') => (unit === 'hour' ? hours : days).format(value),
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
      /** An ISO moment as a short date and time in the reader's time zone, or null when it cannot be read. */
      dateTime: (iso: string) => {
        const date = new Date(iso);
        if (Number.isNaN(date.getTime())) return null;
        return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
      },
    };
  }, [language]);
}
