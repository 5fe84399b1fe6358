import type { ActivityEntry } from '@flashcards/contract';

export type ActivityDay = {
  /** YYYY-MM-DD */
  day: string;
  cards: number;
  learnedVerbal: number;
  learnedTyping: number;
};

const DAY_MS = 86_400_000;

/**
 * The last `span` days up to `today`, oldest first, with a zero for each day without practice, and the
 * totals of the period.
 */
export function activityDays(entries: readonly ActivityEntry[], today: string, span: number) {
  const byDay = new Map(entries.map((entry) => [entry.create_at, entry]));
  // Calendar arithmetic on UTC midnights: no daylight-saving day is 23 or 25 hours long there.
  const end = Date.parse(`${today}T00:00:00Z`);
  const days: ActivityDay[] = Array.from({ length: span }, (_, index) => {
    const day = new Date(end - (span - 1 - index) * DAY_MS).toISOString().slice(0, 10);
    const entry = byDay.get(day);
    return {
      day,
      cards: entry?.card_requests ?? 0,
      learnedVerbal: entry?.learned_cards_verbal ?? 0,
      learnedTyping: entry?.learned_cards_typing ?? 0,
    };
  });
  const sum = (pick: (day: ActivityDay) => number) => days.reduce((total, day) => total + pick(day), 0);
  return {
    days,
    totals: {
      cards: sum((day) => day.cards),
      learned: sum((day) => day.learnedVerbal + day.learnedTyping),
      activeDays: days.filter((day) => day.cards > 0).length,
    },
  };
}

/**
 * The labels of the chart's day axis in the reader's language ("Nov 25"; in Bulgarian Intl's "25.11"), and
 * the days that carry a label: every `span / 6`th day counted back from today, so the labels stand at
 * even distances (the chart's own choice skips by label width, which spaces them unevenly).
 */
export function dayAxis(days: readonly string[], language: string | undefined) {
  const short = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const labels = days.map((day) => short.format(new Date(`${day}T00:00:00Z`)));
  const step = Math.max(1, Math.round(days.length / 6));
  const ticks = labels.filter((_, index) => (days.length - 1 - index) % step === 0);
  return { labels, ticks };
}
