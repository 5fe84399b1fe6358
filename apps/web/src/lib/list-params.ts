import { useSearchParams } from 'react-router';
import { pageFromParam } from './deck-keys';

/** The orders of the lists of paths, tests and exams: by date or by name, either way. */
export const listSorts = ['newest', 'oldest', 'az', 'za'] as const;
export type ListSort = (typeof listSorts)[number];

export const isListSort = (value: unknown): value is ListSort =>
  (listSorts as readonly unknown[]).includes(value);

/** An order as the list calls take it. */
export const sortQuery: Record<ListSort, { sort_by: 'date' | 'alphabetical'; sort_order: 'asc' | 'desc' }> = {
  newest: { sort_by: 'date', sort_order: 'desc' },
  oldest: { sort_by: 'date', sort_order: 'asc' },
  az: { sort_by: 'alphabetical', sort_order: 'asc' },
  za: { sort_by: 'alphabetical', sort_order: 'desc' },
};

export type ListParams = { page: number; sort: ListSort; search: string };
export const listDefaults: ListParams = { page: 1, sort: 'newest', search: '' };

type AddressValues = Record<string, string | number | null>;

/** Writes a list's values into the address (defaults left out), so that a reload or a link keeps them. */
export const useAddressWriter = <T extends AddressValues>(current: T, defaults: T) => {
  const [, setParams] = useSearchParams();
  return (next: Partial<T>) =>
    setParams((previous) => {
      const updated = new URLSearchParams(previous);
      const merged = { ...current, ...next };
      for (const [key, value] of Object.entries(merged)) {
        if (value === null || value === '' || value === defaults[key]) updated.delete(key);
        else updated.set(key, String(value));
      }
      return updated;
    });
};

/** The page, order and search of a list as the address holds them. */
export const listParamsOf = (params: URLSearchParams): ListParams => {
  const sort = params.get('sort');
  return {
    page: pageFromParam(params.get('page')),
    sort: isListSort(sort) ? sort : listDefaults.sort,
    search: params.get('search') ?? '',
  };
};

/** The page, order and search of a list, kept in the address. */
export function useListParams() {
  const [params] = useSearchParams();
  const current = listParamsOf(params);
  const navigate = useAddressWriter(current, listDefaults);
  return { params: current, navigate };
}
