import { describe, expect, it } from 'vitest';
import { ageParts, catalogStatusOf } from './market-status';

describe('catalog status', () => {
  it('follows the approval and whether the category is on the catalog', () => {
    expect(catalogStatusOf({ market_approvement: 'none', market_accessible: false })).toBe('notPublished');
    expect(catalogStatusOf({ market_approvement: 'pending', market_accessible: true })).toBe('pending');
    expect(catalogStatusOf({ market_approvement: 'approved', market_accessible: true })).toBe('published');
    expect(catalogStatusOf({ market_approvement: 'approved', market_accessible: false })).toBe(
      'notPublished',
    );
    expect(catalogStatusOf({ market_approvement: 'rejected', market_accessible: false })).toBe('rejected');
  });
});

describe('waiting time', () => {
  it('counts hours under two days, then days', () => {
    expect(ageParts(0.4)).toEqual({ unit: 'hour', value: 0 });
    expect(ageParts(25.9)).toEqual({ unit: 'hour', value: 25 });
    expect(ageParts(47.99)).toEqual({ unit: 'hour', value: 47 });
    expect(ageParts(50)).toEqual({ unit: 'day', value: 2 });
  });
});
