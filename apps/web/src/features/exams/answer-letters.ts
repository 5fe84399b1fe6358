import type { AnswerKey } from '@flashcards/contract';

type Choice = { key: AnswerKey; shown_key: AnswerKey };

/**
 * The letter the student saw for an answer of the test (by its key), in the question's answers as the
 * server ordered them for this exam; null when the key is not among them (no answer).
 */
export function shownKeyOf(answers: readonly Choice[], key: AnswerKey | null): AnswerKey | null {
  if (key === null) return null;
  return answers.find((answer) => answer.key === key)?.shown_key ?? null;
}

/** Whether a shuffled order moved an answer off its letter in the test: then both letters are named. */
export const isRelettered = (answer: Choice) => answer.key !== answer.shown_key;
