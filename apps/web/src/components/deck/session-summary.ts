/** One answer given in a practice session, as the server counted it. */
export type SessionAnswer = {
  cardId: number;
  correct: boolean;
  /** The answer learned the card (it reached the learned threshold in the mode). */
  learned: boolean;
  /** The answer learned the last card of the category still to learn in the mode. */
  completedCategory: boolean;
};

export type SessionSummary = {
  correct: number;
  wrong: number;
  learned: number;
  completedCategory: boolean;
  /** The cards whose last answer in the session was wrong, in the order they were answered. */
  wrongCardIds: number[];
};

/** What a session adds up to: its right and wrong answers, cards learned, and the cards to go over again. */
export function summarize(answers: readonly SessionAnswer[]): SessionSummary {
  const lastAnswerOf = new Map<number, boolean>();
  let correct = 0;
  let learned = 0;
  let completedCategory = false;
  for (const answer of answers) {
    if (answer.correct) correct++;
    if (answer.learned) learned++;
    if (answer.completedCategory) completedCategory = true;
    // A card answered again moves to its latest place and result.
    lastAnswerOf.delete(answer.cardId);
    lastAnswerOf.set(answer.cardId, answer.correct);
  }
  return {
    correct,
    wrong: answers.length - correct,
    learned,
    completedCategory,
    wrongCardIds: [...lastAnswerOf].filter(([, right]) => !right).map(([id]) => id),
  };
}
