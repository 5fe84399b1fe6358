import type { LearningPath, PathProgressEntry } from '@flashcards/contract';

/** How far a count got towards a daily target, 0–100 (a target of 0 is met at once). */
export const targetPercent = (value: number, target: number): number =>
  target <= 0 ? 100 : Math.min(100, Math.round((value / target) * 100));

/** A day's answers and cards learned, both modes together. */
export const dayTotals = (entry: PathProgressEntry | null) => ({
  flips: entry ? entry.flip_cards_verbal + entry.flip_cards_typing : 0,
  learned: entry ? entry.learned_cards_verbal + entry.learned_cards_typing : 0,
});

/** Today's progress against the path's daily targets. */
export function todayAgainstTargets(
  path: Pick<LearningPath, 'today' | 'daily_cards_flip_target' | 'daily_cards_learn_target'>,
) {
  const { flips, learned } = dayTotals(path.today);
  return {
    flips,
    learned,
    flipPercent: targetPercent(flips, path.daily_cards_flip_target),
    learnPercent: targetPercent(learned, path.daily_cards_learn_target),
    flipsMet: flips >= path.daily_cards_flip_target,
    learnedMet: learned >= path.daily_cards_learn_target,
  };
}

/** The days with answers, oldest first, with their totals and whether each met both targets. */
export function historyDays(
  progress: PathProgressEntry[],
  targets: Pick<LearningPath, 'daily_cards_flip_target' | 'daily_cards_learn_target'>,
) {
  return [...progress]
    .sort((a, b) => a.create_at.localeCompare(b.create_at))
    .map((entry) => {
      const { flips, learned } = dayTotals(entry);
      return {
        day: entry.create_at.slice(0, 10),
        flipsVerbal: entry.flip_cards_verbal,
        flipsTyping: entry.flip_cards_typing,
        learnedVerbal: entry.learned_cards_verbal,
        learnedTyping: entry.learned_cards_typing,
        flips,
        learned,
        met: flips >= targets.daily_cards_flip_target && learned >= targets.daily_cards_learn_target,
      };
    });
}

/** Whether the path runs on the day (`YYYY-MM-DD`): 'before', 'during' or 'after' its days. */
export const pathPhase = (path: Pick<LearningPath, 'start_at' | 'end_at'>, day: string) =>
  day < path.start_at.slice(0, 10) ? 'before' : day > path.end_at.slice(0, 10) ? 'after' : 'during';
