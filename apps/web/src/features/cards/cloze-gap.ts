import { clozeNumbers } from '@flashcards/contract';

/**
 * The text with the selection from `start` to `end` made a cloze deletion of the next number (c1 for the
 * first), as Anki's Ctrl+Shift+C does; with nothing selected, an empty deletion to type into. Returns the
 * new text and where the caret goes (after the answer).
 */
export function withClozeGap(text: string, start: number, end: number) {
  const number = Math.max(0, ...clozeNumbers(text)) + 1;
  const opening = `{{c${number}::`;
  const selected = text.slice(start, end);
  // Spaces selected around a word stay outside the deletion.
  const leading = selected.length - selected.trimStart().length;
  const answer = selected.trim();
  const from = start + leading;
  const next = `${text.slice(0, from)}${opening}${answer}}}${text.slice(from + answer.length)}`;
  return { text: next, caret: from + opening.length + answer.length };
}
