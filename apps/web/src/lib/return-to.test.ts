import { describe, expect, it } from 'vitest';
import { returnToFrom, returnToState } from './return-to';

describe('return to', () => {
  it('goes back to the path, query and hash the guard came from', () => {
    const state = returnToState({ pathname: '/my-cards/4', search: '?page=2', hash: '#top' });
    expect(returnToFrom(state, '/my-categories')).toBe('/my-cards/4?page=2#top');
  });

  it('falls back without a state, or when the state names another site', () => {
    for (const state of [
      null,
      undefined,
      {},
      { from: 42 },
      { from: 'https://evil.test/' },
      { from: '//evil.test' },
    ])
      expect(returnToFrom(state, '/my-categories')).toBe('/my-categories');
    expect(returnToFrom({ from: '/\\evil.test' }, '/home')).toBe('/home');
  });
});
