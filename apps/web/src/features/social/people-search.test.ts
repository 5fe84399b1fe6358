import { describe, expect, it } from 'vitest';
import { isEmptySearch, peopleSearchFrom, peopleSearchParams } from './people-search';

describe('the people search in the address', () => {
  it('reads the fields and the page, trimmed, missing ones empty', () => {
    const search = peopleSearchFrom(new URLSearchParams('search=+Ana+&town=Varna&page=3'));
    expect(search).toEqual({
      search: 'Ana',
      region: '',
      municipality: '',
      town: 'Varna',
      school: '',
      page: 3,
    });
  });

  it('writes only the fields given, the first page left out, the tab kept', () => {
    const params = peopleSearchParams(
      { search: 'Ana', region: '', municipality: '', town: ' Varna ', school: '', page: 1 },
      'search',
    );
    expect(params.toString()).toBe('tab=search&search=Ana&town=Varna');
  });

  it('is empty with no field given, whatever the page', () => {
    expect(isEmptySearch(peopleSearchFrom(new URLSearchParams('page=2')))).toBe(true);
    expect(isEmptySearch(peopleSearchFrom(new URLSearchParams('school=5+SOU')))).toBe(false);
  });
});
