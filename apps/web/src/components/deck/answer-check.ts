/**
 * Checking a typed answer as people mean it. Letter case, spaces around and repeated inside the answer,
 * and punctuation around it ("house." for "house") do not count; nor do Cyrillic letters that look like
 * Latin ones, or the other way round (а/a, с/c, р/p…): on the screen they are the same letter. Marks on
 * letters (é, й) count unless the learner chose to ignore them; an answer that differs only by them, or
 * by one letter, is "almost" right: the learner is asked to look again before it counts.
 */

export type AnswerOptions = {
  /** Whether é matches e and й matches и. */
  ignoreAccents?: boolean;
};

export type AnswerVerdict = 'right' | 'almost' | 'wrong';

/** Punctuation a learner may leave out or add around an answer (not # or +, as in C# or C++). */
const SURROUNDING = /^[\s.,;:!?¡¿"'«»„“”‘’()[\]…–—-]+|[\s.,;:!?¡¿"'«»„“”‘’()[\]…–—-]+$/gu;

/** Cyrillic small letters drawn like Latin ones, and the Latin letter each looks like. */
const LOOK_ALIKES: Record<string, string> = {
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  у: 'y',
  х: 'x',
  і: 'i',
  ј: 'j',
  ѕ: 's',
};

const withoutMarks = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');

/** The form in which answers are compared. */
export function normaliseAnswer(text: string, { ignoreAccents = false }: AnswerOptions = {}): string {
  let value = text.normalize('NFC').replace(SURROUNDING, '').replace(/\s+/g, ' ').toLocaleLowerCase();
  if (ignoreAccents) value = withoutMarks(value);
  return value.replace(/[аеорсухіјѕ]/g, (letter) => LOOK_ALIKES[letter] ?? letter);
}

/** Edits (a letter added, left out, changed, or two neighbours swapped) from `a` to `b`, up to `limit` + 1. */
export function editDistance(a: string, b: string, limit = 1): number {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > limit) return limit + 1;
  // Damerau-Levenshtein (optimal string alignment), row by row.
  let before: number[] = [];
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1])
        best = Math.min(best, before[j - 2]! + 1);
      current.push(best);
    }
    before = previous;
    previous = current;
  }
  return Math.min(previous[y.length]!, limit + 1);
}

/** Answers shorter than this are never "almost": one letter of two is not a slip. */
const ALMOST_FROM_LENGTH = 3;

/** Right, almost (one slip, or only marks on letters) or wrong; an empty answer is never right. */
export function checkAnswer(typed: string, expected: string, options: AnswerOptions = {}): AnswerVerdict {
  const answer = normaliseAnswer(typed, options);
  const right = normaliseAnswer(expected, options);
  if (answer === '') return 'wrong';
  if (answer === right) return 'right';
  if (withoutMarks(answer) === withoutMarks(right)) return 'almost';
  if ([...right].length >= ALMOST_FROM_LENGTH && editDistance(answer, right) === 1) return 'almost';
  return 'wrong';
}

/** A run of letters of an answer: in both, only in the typed one, or only in the right one. */
export type Difference = { text: string; kind: 'same' | 'extra' | 'missing' };

/**
 * The typed and the right answer side by side, as Anki shows them: the letters they share, the typed
 * letters that are not in the right answer, and the right answer's letters missing from the typed one
 * (the longest common run of letters, compared without case).
 */
export function markDifferences(
  typed: string,
  expected: string,
): { typed: Difference[]; expected: Difference[] } {
  const a = [...typed.trim()];
  const b = [...expected.trim()];
  const same = (i: number, j: number) => a[i]!.toLocaleLowerCase() === b[j]!.toLocaleLowerCase();
  // lengths[i][j]: the longest common subsequence of a[i..] and b[j..].
  const lengths = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lengths[i]![j] = same(i, j)
        ? lengths[i + 1]![j + 1]! + 1
        : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
  const typedRuns: Difference[] = [];
  const expectedRuns: Difference[] = [];
  const add = (runs: Difference[], text: string, kind: Difference['kind']) => {
    const last = runs.at(-1);
    if (last?.kind === kind) last.text += text;
    else runs.push({ text, kind });
  };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && same(i, j)) {
      add(typedRuns, a[i++]!, 'same');
      add(expectedRuns, b[j++]!, 'same');
    } else if (j < b.length && (i === a.length || lengths[i]![j + 1]! >= lengths[i + 1]![j]!)) {
      add(expectedRuns, b[j++]!, 'missing');
    } else add(typedRuns, a[i++]!, 'extra');
  }
  return { typed: typedRuns, expected: expectedRuns };
}
