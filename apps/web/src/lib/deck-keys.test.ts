import { describe, expect, it } from 'vitest';
import { pageCount, pageFromParam } from './deck-keys';

describe('pages of 20', () => {
  it('counts the total divided by 20, rounded up, and at least one page', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(20)).toBe(1);
    expect(pageCount(21)).toBe(2);
    expect(pageCount(26)).toBe(2);
    expect(pageCount(1000)).toBe(50);
  });

  it('reads a page number from the address, else the first page', () => {
    expect(pageFromParam('3')).toBe(3);
    for (const value of [null, '', '0', '-2', '1.5', 'two']) expect(pageFromParam(value)).toBe(1);
  });
});
