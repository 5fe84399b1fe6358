import { describe, expect, it } from 'vitest';
import { catalogParamsOf, catalogQueryOf, catalogSearchFrom, orderOf, ordersFor } from './catalog-search';

describe('catalog search in the address', () => {
  it('reads the defaults from an empty address', () => {
    expect(catalogSearchFrom(new URLSearchParams())).toEqual({
      page: 1,
      q: '',
      language: null,
      topic: null,
      order: null,
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
      order: null,
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

  it('shows a search best match first unless an order is chosen, and the plain catalog most adopted first', () => {
    const searched = catalogSearchFrom(new URLSearchParams('q=capitals'));
    expect(orderOf(searched)).toBe('relevance');
    expect(ordersFor(searched.q)).toContain('relevance');
    // The best match is the server's order when none is asked for: no flag is sent.
    expect(catalogQueryOf(searched)).toEqual({ page: 1, search_value: 'capitals' });
    expect(catalogParamsOf(searched).toString()).toBe('q=capitals');
    // Without a search there is nothing to match: the best match is not offered and falls back.
    const plain = catalogSearchFrom(new URLSearchParams('order=relevance'));
    expect(ordersFor(plain.q)).not.toContain('relevance');
    expect(orderOf(plain)).toBe('most_download');
    expect(catalogQueryOf(plain)).toEqual({ page: 1, most_download: true });
    // A chosen order is kept for a search, and the most adopted is written out since it is not the default.
    const chosen = catalogSearchFrom(new URLSearchParams('q=capitals&order=most_download'));
    expect(catalogQueryOf(chosen)).toEqual({ page: 1, search_value: 'capitals', most_download: true });
    expect(catalogParamsOf(chosen).toString()).toBe('q=capitals&order=most_download');
  });
});
