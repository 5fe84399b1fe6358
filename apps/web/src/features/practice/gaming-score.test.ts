import { describe, expect, it } from 'vitest';
import { type GameScore, multiplierFor, newGame, scoreAnswer } from './gaming-score';

const play = (answers: boolean[]): GameScore => answers.reduce(scoreAnswer, newGame);

describe('gaming points', () => {
  it('gives 10 points a right answer and none for a wrong one', () => {
    expect(play([true])).toMatchObject({ points: 10, correct: 1, wrong: 0, streak: 1 });
    expect(play([false])).toMatchObject({ points: 0, correct: 0, wrong: 1, streak: 0 });
  });

  it('multiplies the points of a streak: ×2 from the 4th right answer in a row, ×3 from the 7th, at most ×4', () => {
    expect([0, 1, 2, 3, 5, 6, 9, 12, 40].map(multiplierFor)).toEqual([1, 1, 1, 2, 2, 3, 4, 4, 4]);
    // 10 + 10 + 10, then 20 + 20 + 20, then 30
    expect(play(Array(7).fill(true)).points).toBe(120);
    expect(play(Array(13).fill(true)).points).toBe(30 + 60 + 90 + 4 * 40);
  });

  it('ends the streak on a wrong answer, so the multiplier starts again', () => {
    const score = play([true, true, true, true, false, true]);
    expect(score).toMatchObject({ points: 30 + 20 + 10, streak: 1, bestStreak: 4, correct: 5, wrong: 1 });
    expect(multiplierFor(score.streak)).toBe(1);
  });
});
