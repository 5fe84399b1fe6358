import { describe, expect, it } from 'vitest';
import { catalogParamsOf, catalogQueryOf, catalogSearchFrom } from './catalog-search';

describe('catalog search in the address', () => {
  it('reads the defaults from an empty address', () => {
    expect(catalogSearchFrom(new URLSearchParams())).toEqual({
      page: 1,
      q: '',
      language: null,
      topic: null,
      order: 'most_download',
    });
  });

  it('reads every part and leaves unknown values out', () => {
    expect(
      catalogSearchFrom(new URLSearchParams('q=%20capitals%20&language=bg&topic=art&order=top_rate&page=3')),
    ).toEqual({ page: 3, q: 'capitals', language: 'bg', topic: 'art', order: 'top_rate' });
    expect(catalogSearchFrom(new URLSearchParams('language=de&topic=cars&order=newest&page=-2'))).toEqual({
      page: 1,
      q: '',
      language: null,
      topic: null,
      order: 'most_download',
    });
  });

  it('writes back only what differs from the defaults', () => {
    const search = catalogSearchFrom(new URLSearchParams('q=flags&order=last_update&page=2'));
    expect(catalogParamsOf(search).toString()).toBe('q=flags&order=last_update&page=2');
    expect(catalogParamsOf(catalogSearchFrom(new URLSearchParams())).toString()).toBe('');
  });

  it('asks the server with the spec parameters and one order flag', () => {
    expect(
      catalogQueryOf({ page: 2, q: 'flags', language: 'en', topic: null, order: 'last_update' }),
    ).toEqual({ page: 2, search_value: 'flags', language: 'en', last_update: true });
    expect(catalogQueryOf({ page: 1, q: '', language: null, topic: null, order: 'most_download' })).toEqual({
      page: 1,
      most_download: true,
    });
  });
});
