/** Points of a right answer before the streak multiplier. */
export const POINTS_PER_ANSWER = 10;
/** Every this many right answers in a row raise the multiplier by one… */
export const STREAK_STEP = 3;
/** …up to this. */
export const MAX_MULTIPLIER = 4;
/** Length of a round of the gaming mode. */
export const ROUND_SECONDS = 60;

export type GameScore = {
  points: number;
  /** Right answers in a row so far. */
  streak: number;
  bestStreak: number;
  correct: number;
  wrong: number;
};

export const newGame: GameScore = { points: 0, streak: 0, bestStreak: 0, correct: 0, wrong: 0 };

/** The multiplier the next right answer earns after `streak` right answers in a row: ×1, ×2 after 3, … */
export const multiplierFor = (streak: number): number =>
  Math.min(MAX_MULTIPLIER, 1 + Math.floor(streak / STREAK_STEP));

/** The score after one answer: a right one earns points times the multiplier, a wrong one ends the streak. */
export function scoreAnswer(score: GameScore, correct: boolean): GameScore {
  if (!correct) return { ...score, streak: 0, wrong: score.wrong + 1 };
  const streak = score.streak + 1;
  return {
    points: score.points + POINTS_PER_ANSWER * multiplierFor(score.streak),
    streak,
    bestStreak: Math.max(score.bestStreak, streak),
    correct: score.correct + 1,
    wrong: score.wrong,
  };
}
