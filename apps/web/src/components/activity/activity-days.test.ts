import type { ActivityEntry } from '@flashcards/contract';
import { describe, expect, it } from 'vitest';
import { activityDays, dayAxis } from './activity-days';

const entry = (create_at: string, card_requests: number, learned = 0): ActivityEntry => ({
  create_at,
  card_requests,
  learned_cards_verbal: learned,
  learned_cards_typing: 1,
  completed_categories_verbal: 0,
  completed_categories_typing: 0,
  daily_limit: 30,
});

describe('activityDays', () => {
  it('lists every day of the span oldest first, zero where nothing was practised', () => {
    const { days } = activityDays([entry('2026-11-22', 12), entry('2026-11-20', 3, 2)], '2026-11-22', 3);
    expect(days).toEqual([
      { day: '2026-11-20', cards: 3, learnedVerbal: 2, learnedTyping: 1 },
      { day: '2026-11-21', cards: 0, learnedVerbal: 0, learnedTyping: 0 },
      { day: '2026-11-22', cards: 12, learnedVerbal: 0, learnedTyping: 1 },
    ]);
  });

  it('leaves out days before the span and counts the totals of the span only', () => {
    const result = activityDays(
      [entry('2026-11-22', 5), entry('2026-10-24', 7, 1), entry('2026-10-23', 100, 9)],
      '2026-11-22',
      30,
    );
    expect(result.days).toHaveLength(30);
    expect(result.days[0]?.day).toBe('2026-10-24');
    expect(result.totals).toEqual({ cards: 12, learned: 3, activeDays: 2 });
  });

  it('crosses a daylight-saving change and a month end without skipping or repeating a day', () => {
    const days = activityDays([], '2026-11-02', 10).days.map((day) => day.day);
    expect(days).toEqual([
      '2026-10-24',
      '2026-10-25',
      '2026-10-26',
      '2026-10-27',
      '2026-10-28',
      '2026-10-29',
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
      '2026-11-02',
    ]);
  });

  it('labels the days in the language and spaces the labelled days evenly, ending today', () => {
    const days = activityDays([], '2026-11-25', 30).days.map((day) => day.day);
    const english = dayAxis(days, 'en');
    expect(english.labels).toHaveLength(30);
    expect(english.labels.at(-1)).toBe('Nov 25');
    expect(english.ticks).toEqual(['Oct 31', 'Nov 5', 'Nov 10', 'Nov 15', 'Nov 20', 'Nov 25']);
    expect(
      dayAxis(
        activityDays([], '2026-11-25', 90).days.map((day) => day.day),
        'en',
      ).ticks,
    ).toEqual(['Sep 11', 'Sep 26', 'Oct 11', 'Oct 26', 'Nov 10', 'Nov 25']);
    const bulgarian = dayAxis(days, 'bg');
    expect(bulgarian.labels.at(-1)).toBe(
      new Intl.DateTimeFormat('bg', { day: 'numeric', month: 'short' }).format(new Date(2026, 10, 25)),
    );
    expect(bulgarian.labels.at(-1)).not.toBe('Nov 25');
  });
});
