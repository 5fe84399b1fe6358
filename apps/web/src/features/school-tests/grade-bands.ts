import type { Grade, Thresholds } from '@flashcards/contract';

/** A grade's points: from `from` to `to`, both included. */
export type GradeBand = { grade: Grade; from: number; to: number };

export type BandsPreview = {
  /** The bands that hold at least one score from 0 to the total, from 2 up. */
  bands: GradeBand[];
  /** Excellent needs more points than the test has: no one can get a 6 (the test cannot be given). */
  excellentAboveTotal: boolean;
  /** The thresholds are not in order (excellent > very good > good > satisfy >= fail). */
  outOfOrder: boolean;
};

/**
 * The grade bands a test's thresholds make of its points (docs/api.md "Grades": 6 from excellent's minimum, 5
 * from very good's, 4 from good's, 3 from satisfy's, else 2). Bands below 0 or above the total, and empty
 * ones, are left out.
 */
export function bandsOf(thresholds: Thresholds, total: number): BandsPreview {
  const top = Math.max(0, Math.floor(total));
  const starts: [Grade, number][] = [
    [2, 0],
    [3, thresholds.satisfy_score_value],
    [4, thresholds.good_score_value],
    [5, thresholds.very_good_score_value],
    [6, thresholds.excellent_score_value],
  ];
  const bands: GradeBand[] = [];
  starts.forEach(([grade, start], index) => {
    // A band ends where the next higher grade that starts after it begins.
    const nextStarts = starts.slice(index + 1).map(([, next]) => next);
    const end = Math.min(top, ...nextStarts.map((next) => next - 1));
    const from = Math.max(0, start);
    if (from <= end) bands.push({ grade, from, to: end });
  });
  return {
    bands,
    excellentAboveTotal: thresholds.excellent_score_value > top,
    outOfOrder: !(
      thresholds.excellent_score_value > thresholds.very_good_score_value &&
      thresholds.very_good_score_value > thresholds.good_score_value &&
      thresholds.good_score_value > thresholds.satisfy_score_value &&
      thresholds.satisfy_score_value >= thresholds.fail_score_value &&
      thresholds.fail_score_value >= 0
    ),
  };
}
