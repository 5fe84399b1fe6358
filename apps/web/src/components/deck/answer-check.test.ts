import { describe, expect, it } from 'vitest';
import { checkAnswer, editDistance, markDifferences, normaliseAnswer } from './answer-check';

describe('checking a typed answer', () => {
  // [typed, the card's side, the verdict]
  const cases: [string, string, ReturnType<typeof checkAnswer>][] = [
    // Letter case, in Latin and Cyrillic.
    ['bulgaria', 'Bulgaria', 'right'],
    ['BULGARIA', 'Bulgaria', 'right'],
    ['българия', 'България', 'right'],
    // Spaces around the answer and repeated inside it.
    ['  New   York ', 'New York', 'right'],
    ['new\tyork', 'New York', 'right'],
    ['Costa Rica', '  costa  rica  ', 'right'],
    // Punctuation around the answer.
    ['house.', 'house', 'right'],
    ['„къща“', 'къща', 'right'],
    ['Really?!', 'really', 'right'],
    ['(to) run', '(to) run', 'right'],
    // Punctuation that is part of the word is kept: C# is not C.
    ['C', 'C#', 'wrong'],
    ['C++', 'C++', 'right'],
    // Cyrillic letters drawn like Latin ones, and the other way round.
    ['сар', 'cap', 'right'],
    ['cоffee', 'coffee', 'right'],
    ['pека', 'река', 'right'],
    // One slip is almost: a letter left out, added, changed, or two swapped.
    ['re', 'red', 'almost'],
    ['hous', 'house', 'almost'],
    ['housse', 'house', 'almost'],
    ['hoyse', 'house', 'almost'],
    ['huose', 'house', 'almost'],
    ['ябълак', 'ябълка', 'almost'],
    ['къшта', 'къща', 'wrong'],
    // Too short for a slip, and more than one.
    ['a', 'an', 'wrong'],
    ['hoses', 'house', 'wrong'],
    ['NewYork', 'New York', 'almost'],
    ['Bulgari', 'Bulgaria', 'almost'],
    ['Romania', 'Bulgaria', 'wrong'],
    // Marks on letters count unless ignored; differing only by them is almost.
    ['Reykjavik', 'Reykjavík', 'almost'],
    ['иод', 'йод', 'almost'],
    ['cafe creme', 'café crème', 'almost'],
    // Composed and decomposed letters are the same letter.
    ['Reykjavi\u0301k', 'Reykjavík', 'right'],
    ['Й', 'И\u0306', 'right'],
    // An empty answer is never right.
    ['', '', 'wrong'],
    ['   ', ' ', 'wrong'],
    ['...', 'house', 'wrong'],
  ];

  it.each(cases)('"%s" for "%s" is %s', (typed, expected, verdict) => {
    expect(checkAnswer(typed, expected)).toBe(verdict);
  });

  it('accepts answers without marks on letters when the learner chose to ignore them', () => {
    expect(checkAnswer('Reykjavik', 'Reykjavík', { ignoreAccents: true })).toBe('right');
    expect(checkAnswer('иод', 'йод', { ignoreAccents: true })).toBe('right');
    expect(checkAnswer('cafe creme', 'café crème', { ignoreAccents: true })).toBe('right');
    expect(checkAnswer('cafe', 'café crème', { ignoreAccents: true })).toBe('wrong');
  });

  it('normalises both sides alike', () => {
    expect(normaliseAnswer(' „Сар“. ')).toBe(normaliseAnswer('cap'));
    expect(normaliseAnswer('Café', { ignoreAccents: true })).toBe('cafe');
  });

  it('counts edits, two swapped neighbours as one', () => {
    expect(editDistance('house', 'house')).toBe(0);
    expect(editDistance('huose', 'house')).toBe(1);
    expect(editDistance('hose', 'house')).toBe(1);
    expect(editDistance('horse', 'house')).toBe(1);
    expect(editDistance('mouse', 'house', 3)).toBe(1);
    expect(editDistance('abc', 'xyz')).toBe(2);
    expect(editDistance('a', 'abcd')).toBe(2);
  });
});

describe('the typed and the right answer side by side', () => {
  it('marks the letters typed that are not in the answer and the ones left out', () => {
    expect(markDifferences('hoyse', 'house')).toEqual({
      typed: [
        { text: 'ho', kind: 'same' },
        { text: 'y', kind: 'extra' },
        { text: 'se', kind: 'same' },
      ],
      expected: [
        { text: 'ho', kind: 'same' },
        { text: 'u', kind: 'missing' },
        { text: 'se', kind: 'same' },
      ],
    });
    expect(markDifferences('re', 'Red')).toEqual({
      typed: [{ text: 're', kind: 'same' }],
      expected: [
        { text: 'Re', kind: 'same' },
        { text: 'd', kind: 'missing' },
      ],
    });
  });

  it('works letter by letter in Cyrillic too, and with nothing in common', () => {
    expect(markDifferences('къшта', 'къща').expected).toEqual([
      { text: 'къ', kind: 'same' },
      { text: 'щ', kind: 'missing' },
      { text: 'а', kind: 'same' },
    ]);
    expect(markDifferences('xyz', 'abc')).toEqual({
      typed: [{ text: 'xyz', kind: 'extra' }],
      expected: [{ text: 'abc', kind: 'missing' }],
    });
  });
});
