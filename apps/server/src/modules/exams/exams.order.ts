import type { AnswerKey } from '@flashcards/contract';

/** The letters of the answers by their place on the student's screen: the first shown is A, then B, … */
const LETTERS: readonly AnswerKey[] = ['a', 'b', 'c', 'd'];

/** A 32-bit FNV-1a hash: the seed of an exam's own order. */
const hash = (text: string) => {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
};

/** The items in an order derived from the exam alone: the same on every call, another for another exam. */
export const shuffled = <T>(items: T[], examId: number, keyOf: (item: T) => string) =>
  items
    .map((item) => ({ item, rank: hash(`${examId}:${keyOf(item)}`) }))
    .sort((a, b) => a.rank - b.rank)
    .map(({ item }) => item);

/** The questions of an exam in the order its student sees them. */
export const questionsInExamOrder = <Q extends { id: number }>(
  exam: { id: number; shuffle_questions: boolean },
  questions: Q[],
) => (exam.shuffle_questions ? shuffled(questions, exam.id, (question) => String(question.id)) : questions);

/**
 * A question's answers in the order its student sees them, each with its key in the test (what the
 * student sends and what is stored) and `shown_key`, the letter of its place on the screen: a shuffled
 * exam still reads A, B, C, D from the top.
 */
export const answersInExamOrder = (
  exam: { id: number; shuffle_questions: boolean },
  questionId: number,
  answers: { key: AnswerKey; text: string }[],
) =>
  (exam.shuffle_questions
    ? shuffled(answers, exam.id, (answer) => `${questionId}:${answer.key}`)
    : answers
  ).map((answer, index) => ({ key: answer.key, shown_key: LETTERS[index]!, text: answer.text }));

/**
 * An ordering's items or a matching's right items as the student first sees them: always shuffled, the
 * same for the exam on every call. A shuffle that left them in the right order is turned by one, so the
 * right order is never given away.
 */
export const itemsInExamOrder = (examId: number, questionId: number, texts: string[]) => {
  const items = shuffled(
    texts.map((text, key) => ({ key, text })),
    examId,
    (item) => `${questionId}:item:${item.key}`,
  );
  return items.length > 1 && items.every((item, place) => item.key === place)
    ? [...items.slice(1), items[0]!]
    : items;
};
