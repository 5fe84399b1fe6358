import { MEMORY_MIN_REVIEWS } from '@flashcards/contract';
import { default_w, fsrs } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { simulateLearner } from '../../../test/simulated-learner';
import { fitParameters, itemsOf, type LoggedReview } from './memory-optimizer';

const shapeOf = (items: Awaited<ReturnType<typeof itemsOf>>) =>
  items.map((item) => item.reviews.map((review) => [review.rating, review.deltaT]));

describe('the items of a review log', () => {
  // Two answers of one card: Good, then Again.
  it.each([
    { zone: 'Europe/Sofia', first: '2025-01-10T21:30Z', second: '2025-01-10T22:30Z', deltaT: 1 }, // 23:30, 00:30
    { zone: 'UTC', first: '2025-01-10T21:30Z', second: '2025-01-10T22:30Z', deltaT: 0 },
    { zone: 'Europe/Sofia', first: '2025-01-09T22:30Z', second: '2025-01-10T21:30Z', deltaT: 0 }, // 00:30, 23:30
    { zone: 'UTC', first: '2025-01-09T22:30Z', second: '2025-01-10T21:30Z', deltaT: 1 },
    { zone: 'America/New_York', first: '2025-01-11T04:00Z', second: '2025-01-11T06:00Z', deltaT: 1 }, // 23:00, 01:00
    { zone: 'Europe/Sofia', first: '2025-03-29T22:30Z', second: '2025-03-31T21:30Z', deltaT: 2 }, // over DST
    { zone: 'Not/AZone', first: '2025-01-10T21:30Z', second: '2025-01-10T22:30Z', deltaT: 0 }, // UTC
  ])(
    'counts calendar days in $zone: $first to $second is $deltaT',
    async ({ zone, first, second, deltaT }) => {
      const logs: LoggedReview[] = [
        { cardId: 1, grade: 1, reviewedAt: new Date(second) },
        { cardId: 1, grade: 3, reviewedAt: new Date(first) },
      ];
      // A same-day answer is history only: it has no item of its own.
      expect(shapeOf(await itemsOf(logs, zone))).toEqual(
        deltaT === 0
          ? []
          : [
              [
                [3, 0],
                [1, deltaT],
              ],
            ],
      );
    },
  );

  it("holds each card's earlier answers, same-day ones too, oldest item first across cards", async () => {
    const at = (iso: string) => new Date(iso);
    const logs: LoggedReview[] = [
      { cardId: 7, grade: 3, reviewedAt: at('2025-01-04T09:00Z') },
      { cardId: 5, grade: 1, reviewedAt: at('2025-01-01T09:00Z') },
      { cardId: 5, grade: 3, reviewedAt: at('2025-01-01T09:10Z') },
      { cardId: 5, grade: 4, reviewedAt: at('2025-01-03T09:00Z') },
      { cardId: 7, grade: 2, reviewedAt: at('2025-01-02T09:00Z') },
      { cardId: 9, grade: 3, reviewedAt: at('2025-01-02T10:00Z') }, // a single answer: no item
      { cardId: 5, grade: 3, reviewedAt: at('2025-01-06T09:00Z') },
    ];
    expect(shapeOf(await itemsOf(logs, 'UTC'))).toEqual([
      [
        [1, 0],
        [3, 0],
        [4, 2],
      ],
      [
        [2, 0],
        [3, 2],
      ],
      [
        [1, 0],
        [3, 0],
        [4, 2],
        [3, 3],
      ],
    ]);
  });
});

describe('fitting parameters', () => {
  it("fits a learner's own parameters that predict their newest reviews better than the defaults", async () => {
    const logs = simulateLearner(42, 200, 120);
    expect(logs.length).toBeGreaterThan(1500);
    expect(logs.length).toBeLessThan(3000);

    const fit = await fitParameters(logs, 'Europe/Sofia');
    if (!fit) throw new Error('the learner has enough reviews to fit');

    expect(fit.reviews).toBeGreaterThanOrEqual(MEMORY_MIN_REVIEWS);
    expect(fit.parameters).toHaveLength(default_w.length);
    const largestChange = Math.max(...fit.parameters.map((w, i) => Math.abs(w - default_w[i]!)));
    expect(largestChange).toBeGreaterThan(0.1);
    expect(fit.logLoss).toBeLessThan(fit.defaultLogLoss);
    expect(fit.rmseBins).toBeLessThan(fit.defaultRmseBins);
    // ts-fsrs takes them as they are (a wrong length would fall back to the defaults with a warning).
    expect(fsrs({ w: fit.parameters }).parameters.w).toEqual(fit.parameters);
  });

  it('fits nothing on a log with fewer reviews than it needs', async () => {
    const logs = simulateLearner(7, 40, 60);
    expect(await fitParameters(logs, 'UTC')).toBeNull();
  });
});
