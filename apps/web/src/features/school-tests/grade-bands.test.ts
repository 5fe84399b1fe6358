import { describe, expect, it } from 'vitest';
import { bandsOf } from './grade-bands';

const thresholds = {
  excellent_score_value: 18,
  very_good_score_value: 15,
  good_score_value: 12,
  satisfy_score_value: 9,
  fail_score_value: 0,
};

describe('bandsOf', () => {
  it('splits the points into the five grades, each from its minimum to one under the next', () => {
    expect(bandsOf(thresholds, 20)).toEqual({
      bands: [
        { grade: 2, from: 0, to: 8 },
        { grade: 3, from: 9, to: 11 },
        { grade: 4, from: 12, to: 14 },
        { grade: 5, from: 15, to: 17 },
        { grade: 6, from: 18, to: 20 },
      ],
      excellentAboveTotal: false,
      outOfOrder: false,
    });
  });

  it('gives 6 to the total alone when excellent is exactly the total', () => {
    expect(bandsOf(thresholds, 18).bands.at(-1)).toEqual({ grade: 6, from: 18, to: 18 });
  });

  it('leaves out the bands above the total and warns when excellent is out of reach', () => {
    const preview = bandsOf(thresholds, 13);
    expect(preview.bands).toEqual([
      { grade: 2, from: 0, to: 8 },
      { grade: 3, from: 9, to: 11 },
      { grade: 4, from: 12, to: 13 },
    ]);
    expect(preview.excellentAboveTotal).toBe(true);
  });

  it('has no fail band when satisfactory starts at 0', () => {
    const preview = bandsOf({ ...thresholds, satisfy_score_value: 0 }, 20);
    expect(preview.bands[0]).toEqual({ grade: 3, from: 0, to: 11 });
  });

  it('with no points yet, every score is 0', () => {
    expect(bandsOf(thresholds, 0)).toMatchObject({
      bands: [{ grade: 2, from: 0, to: 0 }],
      excellentAboveTotal: true,
    });
  });

  it('marks thresholds out of order, and keeps the bands of the grades that can still be reached', () => {
    const preview = bandsOf({ ...thresholds, very_good_score_value: 19 }, 20);
    expect(preview.outOfOrder).toBe(true);
    expect(preview.bands.map((band) => band.grade)).toEqual([2, 3, 4, 6]);
  });
});
