import { describe, expect, it } from 'vitest';
import { scoreAnswer, teamScore } from './scoring';

const openedAt = new Date('2026-11-27T10:00:00Z');
const closesAt = new Date('2026-11-27T10:00:20Z');
const at = (seconds: number) => new Date(openedAt.getTime() + seconds * 1000);
const score = (seconds: number, correct = true, streak = 0, streakBonus = false) =>
  scoreAnswer({ correct, openedAt, closesAt, answeredAt: at(seconds), streak, streakBonus });

describe('live scoring', () => {
  it('scores a right answer 600 and up to 400 more the sooner it came', () => {
    expect(score(0).points).toBe(1000);
    expect(score(5).points).toBe(900);
    expect(score(10).points).toBe(800);
    expect(score(19.999).points).toBe(600);
    expect(score(20).points).toBe(600);
  });

  it('scores a wrong answer nothing and ends the streak', () => {
    expect(score(1, false, 5, true)).toEqual({ points: 0, streak: 0 });
  });

  it('adds 100 for each right answer in a row before, at most 300, when the bonus is on', () => {
    expect(score(20, true, 0, true)).toEqual({ points: 600, streak: 1 });
    expect(score(20, true, 1, true)).toEqual({ points: 700, streak: 2 });
    expect(score(20, true, 2, true)).toEqual({ points: 800, streak: 3 });
    expect(score(20, true, 3, true)).toEqual({ points: 900, streak: 4 });
    expect(score(20, true, 9, true)).toEqual({ points: 900, streak: 10 });
    expect(score(20, true, 9, false)).toEqual({ points: 600, streak: 10 });
  });

  it("scores a team as its members' mean, so that size gives no advantage", () => {
    expect(teamScore([900, 600, 0])).toBe(500);
    expect(teamScore([1000])).toBe(1000);
    expect(teamScore([])).toBe(0);
  });
});
