import { type Currency, currencySchema } from '@flashcards/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/**
 * The currency prices are shown and bought in, kept in the address (`?currency=eur`) so a shared or
 * reloaded page keeps it: lev for a Bulgarian reader, euro otherwise, until the reader picks one.
 */
export function useCurrency(): [Currency, (currency: Currency) => void] {
  const { i18n } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const chosen = currencySchema.safeParse(search.get('currency'));
  const currency: Currency = chosen.success ? chosen.data : i18n.resolvedLanguage === 'bg' ? 'bgn' : 'eur';
  const choose = useCallback(
    (next: Currency) =>
      setSearch(
        (current) => {
          const params = new URLSearchParams(current);
          params.set('currency', next);
          return params;
        },
        { replace: true },
      ),
    [setSearch],
  );
  return [currency, choose];
}
