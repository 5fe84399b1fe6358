import { describe, expect, it } from 'vitest';
import { type SessionAnswer, summarize } from './session-summary';

const answer = (cardId: number, correct: boolean, extra: Partial<SessionAnswer> = {}): SessionAnswer => ({
  cardId,
  correct,
  learned: false,
  completedCategory: false,
  ...extra,
});

describe('summarize', () => {
  it('is all zeros for a session without answers', () => {
    expect(summarize([])).toEqual({
      correct: 0,
      wrong: 0,
      learned: 0,
      completedCategory: false,
      wrongCardIds: [],
    });
  });

  it('counts right, wrong and learned answers', () => {
    const summary = summarize([
      answer(1, true, { learned: true }),
      answer(2, false),
      answer(3, true),
      answer(4, false),
      answer(5, true, { learned: true }),
    ]);
    expect(summary).toMatchObject({ correct: 3, wrong: 2, learned: 2, completedCategory: false });
    expect(summary.wrongCardIds).toEqual([2, 4]);
  });

  it('goes over again only the cards whose last answer was wrong', () => {
    const summary = summarize([
      answer(1, false),
      answer(2, false),
      answer(1, true),
      answer(3, true),
      answer(3, false),
    ]);
    expect(summary.wrongCardIds).toEqual([2, 3]);
    expect(summary).toMatchObject({ correct: 2, wrong: 3 });
  });

  it('notices the answer that completed the category', () => {
    expect(
      summarize([answer(1, true), answer(2, true, { learned: true, completedCategory: true })]),
    ).toMatchObject({
      learned: 1,
      completedCategory: true,
    });
  });
});
