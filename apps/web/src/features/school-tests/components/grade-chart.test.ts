import { describe, expect, it } from 'vitest';
import { countTicks } from './grade-chart';

describe('the ticks of the grade chart', () => {
  it('are whole numbers, evenly spaced from 0 to at least the tallest bar, at most five', () => {
    expect(countTicks(0)).toEqual([0, 1]);
    expect(countTicks(1)).toEqual([0, 1]);
    expect(countTicks(3)).toEqual([0, 1, 2, 3]);
    expect(countTicks(4)).toEqual([0, 1, 2, 3, 4]);
    expect(countTicks(5)).toEqual([0, 2, 4, 6]);
    expect(countTicks(17)).toEqual([0, 5, 10, 15, 20]);
  });
});
