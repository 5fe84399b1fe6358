import { pageFromParam } from '../../lib/deck-keys';

export const placeFields = ['region', 'municipality', 'town', 'school'] as const;
export type PlaceField = (typeof placeFields)[number];

/** The friend search as kept in the address of /friends: a text, four place fields and a page. */
export type PeopleSearch = { search: string; page: number } & Record<PlaceField, string>;

const fields = ['search', ...placeFields] as const;

/** The search read from the address; missing fields are empty. */
export function peopleSearchFrom(params: URLSearchParams): PeopleSearch {
  const value = (name: string) => (params.get(name) ?? '').trim();
  return {
    search: value('search'),
    region: value('region'),
    municipality: value('municipality'),
    town: value('town'),
    school: value('school'),
    page: pageFromParam(params.get('page')),
  };
}

/** The address of a search: empty fields and the first page are left out, the open tab is kept. */
export function peopleSearchParams(search: PeopleSearch, tab?: string): URLSearchParams {
  const params = new URLSearchParams();
  if (tab) params.set('tab', tab);
  for (const field of fields) {
    const value = search[field].trim();
    if (value) params.set(field, value);
  }
  if (search.page > 1) params.set('page', String(search.page));
  return params;
}

/** The server needs at least one field: with none there is nothing to ask. */
export const isEmptySearch = (search: PeopleSearch) => fields.every((field) => search[field].trim() === '');
