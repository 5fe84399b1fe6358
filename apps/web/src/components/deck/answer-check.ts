/**
 * The form in which a typed answer and a card's side are compared: letter case, spaces around the
 * answer and repeated spaces inside it do not count.
 */
export const normaliseAnswer = (text: string): string =>
  text.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();

/** Whether the typed answer is the card's side; an empty answer is never right. */
export function isCorrectAnswer(typed: string, expected: string): boolean {
  const answer = normaliseAnswer(typed);
  return answer !== '' && answer === normaliseAnswer(expected);
}
