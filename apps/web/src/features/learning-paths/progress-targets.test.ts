import { describe, expect, it } from 'vitest';
import { historyDays, pathPhase, targetPercent, todayAgainstTargets } from './progress-targets';

const entry = (day: string, fv: number, ft: number, lv: number, lt: number) => ({
  id: 1,
  create_at: day,
  flip_cards_verbal: fv,
  flip_cards_typing: ft,
  learned_cards_verbal: lv,
  learned_cards_typing: lt,
});

describe('progress against the daily targets', () => {
  it('is a capped percentage, and a target of 0 is met', () => {
    expect(targetPercent(5, 20)).toBe(25);
    expect(targetPercent(30, 20)).toBe(100);
    expect(targetPercent(0, 0)).toBe(100);
  });

  it('adds both modes of today', () => {
    const today = todayAgainstTargets({
      today: entry('2026-11-24', 6, 4, 1, 2),
      daily_cards_flip_target: 20,
      daily_cards_learn_target: 3,
    });
    expect(today).toEqual({
      flips: 10,
      learned: 3,
      flipPercent: 50,
      learnPercent: 100,
      flipsMet: false,
      learnedMet: true,
    });
  });

  it('counts nothing before the first answer of the day', () => {
    const today = todayAgainstTargets({
      today: null,
      daily_cards_flip_target: 20,
      daily_cards_learn_target: 5,
    });
    expect(today.flips).toBe(0);
    expect(today.flipPercent).toBe(0);
  });

  it('lists the days oldest first with their totals', () => {
    const days = historyDays([entry('2026-11-02', 1, 0, 0, 0), entry('2026-11-01', 10, 10, 3, 2)], {
      daily_cards_flip_target: 20,
      daily_cards_learn_target: 5,
    });
    expect(days.map((day) => [day.day, day.flips, day.learned, day.met])).toEqual([
      ['2026-11-01', 20, 5, true],
      ['2026-11-02', 1, 0, false],
    ]);
  });

  it('knows whether a day is within the path', () => {
    const path = { start_at: '2026-11-01', end_at: '2026-11-30' };
    expect(pathPhase(path, '2026-10-31')).toBe('before');
    expect(pathPhase(path, '2026-11-30')).toBe('during');
    expect(pathPhase(path, '2026-12-01')).toBe('after');
  });
});
