import { LIVE_POINTS } from '@flashcards/contract';

/**
 * The points of an answer (docs/live.md "Scoring"): a right one scores 600 and up to 400 more the sooner
 * it came, in proportion to the time left, on the server's clock; with the streak bonus, the second
 * right answer in a row scores 100 more, the third 200, the fourth and after 300. A wrong one scores
 * nothing and ends the streak.
 */
export const scoreAnswer = ({
  correct,
  openedAt,
  closesAt,
  answeredAt,
  streak,
  streakBonus,
}: {
  correct: boolean;
  openedAt: Date;
  closesAt: Date;
  answeredAt: Date;
  /** Right answers in a row before this one. */
  streak: number;
  streakBonus: boolean;
}) => {
  if (!correct) return { points: 0, streak: 0 };
  const open = closesAt.getTime() - openedAt.getTime();
  const left = Math.min(Math.max(closesAt.getTime() - answeredAt.getTime(), 0), open);
  const speed = open > 0 ? Math.floor((LIVE_POINTS.speed * left) / open) : 0;
  const bonus = streakBonus ? LIVE_POINTS.streakStep * Math.min(streak, LIVE_POINTS.streakSteps) : 0;
  return { points: LIVE_POINTS.right + speed + bonus, streak: streak + 1 };
};

/** A team's score: its members' mean, rounded, so that a bigger team has no advantage. */
export const teamScore = (scores: number[]) =>
  scores.length === 0 ? 0 : Math.round(scores.reduce((sum, score) => sum + score, 0) / scores.length);
