import {
  cardPlainText,
  clozeAnswer,
  clozeCards,
  clozeNumbers,
  escapeCardText,
  isFormatted,
  parseCardText,
  parseInline,
} from '@flashcards/contract';
import { describe, expect, it } from 'vitest';

const text = (value: string) => ({ kind: 'text', text: value });

describe('card text', () => {
  it('reads bold, italic, sub- and superscript, nested', () => {
    expect(parseInline('**bold** and *it* in H~2~O and x^2^')).toEqual([
      { kind: 'strong', children: [text('bold')] },
      text(' and '),
      { kind: 'em', children: [text('it')] },
      text(' in H'),
      { kind: 'sub', children: [text('2')] },
      text('O and x'),
      { kind: 'sup', children: [text('2')] },
    ]);
    expect(parseInline('*a **b** c*')).toEqual([
      { kind: 'em', children: [text('a '), { kind: 'strong', children: [text('b')] }, text(' c')] },
    ]);
  });

  it('leaves text alone that only looks like formatting', () => {
    for (const plain of [
      '5 * 3 * 2',
      'costs $5 and $10',
      '~ 5 km ~ 6 km',
      '2^10 and 3^ 4^',
      'a ** b ** c',
      'snake_case_name',
      '**',
      '$ x $',
      '1.5 kg',
      '-5 °C',
    ])
      expect(cardPlainText(plain)).toBe(plain);
  });

  it('reads formulas between $ and $$, and keeps their LaTeX untouched', () => {
    expect(parseInline('area $\\pi r^2$, or $$\\int_0^1 x^2 dx$$')).toEqual([
      text('area '),
      { kind: 'math', tex: '\\pi r^2', display: false },
      text(', or '),
      { kind: 'math', tex: '\\int_0^1 x^2 dx', display: true },
    ]);
    expect(parseInline('*not $a*b$ italic*')).toEqual([
      { kind: 'em', children: [text('not '), { kind: 'math', tex: 'a*b', display: false }, text(' italic')] },
    ]);
    expect(parseCardText('Solve:\n$$\nx^2 = 4\n$$')).toEqual([
      { kind: 'lines', lines: [[text('Solve:')]] },
      { kind: 'math', tex: 'x^2 = 4' },
    ]);
    expect(parseInline('E = $mc^2$')).toContainEqual({ kind: 'math', tex: 'mc^2', display: false });
    expect(parseInline('costs $5 and $10')).toEqual([text('costs $5 and $10')]);
  });

  it('reads lists, numbered from their first number, and keeps every line break', () => {
    expect(parseCardText('Planets:\n- Mars\n* Venus\n\n3. three\n4) four\nend')).toEqual([
      { kind: 'lines', lines: [[text('Planets:')]] },
      { kind: 'list', ordered: false, start: 1, items: [[text('Mars')], [text('Venus')]] },
      { kind: 'lines', lines: [[]] },
      { kind: 'list', ordered: true, start: 3, items: [[text('three')], [text('four')]] },
      { kind: 'lines', lines: [[text('end')]] },
    ]);
    expect(cardPlainText('- **a**\n- b\n7. c')).toBe('- a\n- b\n7. c');
  });

  it('keeps an escaped character as it is', () => {
    expect(cardPlainText('\\*not italic\\* and \\$5\\$')).toBe('*not italic* and $5$');
    expect(cardPlainText('C:\\Windows')).toBe('C:\\Windows');
  });

  it('escapes plain text only where it would read as formatting', () => {
    for (const plain of [
      'a*b*c',
      '- dash',
      '2. second',
      '$x$',
      'x^2^',
      '\\*',
      'H~2~O',
      'one\n* two',
      '• dot',
    ])
      expect(cardPlainText(escapeCardText(plain))).toBe(plain);
    expect(escapeCardText('house')).toBe('house');
    expect(escapeCardText('5 * 3 costs $5')).toBe('5 * 3 costs $5');
    expect(isFormatted('plain\ntext')).toBe(false);
    expect(isFormatted('**bold**')).toBe(true);
  });

  it('reads cloze deletions, with hints, and makes a card per number', () => {
    const sentence = '{{c1::Sofia}} is the capital of {{c2::**Bulgaria**::a country}} since {{c1::1879}}.';
    expect(clozeNumbers(sentence)).toEqual([1, 2]);
    expect(clozeCards(sentence)).toEqual([
      '{{c1::Sofia}} is the capital of **Bulgaria** since {{c1::1879}}.',
      'Sofia is the capital of {{c2::**Bulgaria**::a country}} since 1879.',
    ]);
    expect(parseInline('{{c2::**Bulgaria**::a country}}')).toEqual([
      {
        kind: 'cloze',
        number: 2,
        hint: 'a country',
        children: [{ kind: 'strong', children: [text('Bulgaria')] }],
      },
    ]);
    expect(clozeAnswer(clozeCards(sentence)[0]!)).toBe('Sofia, 1879');
    expect(cardPlainText(sentence, { hideCloze: true })).toBe(
      '[...] is the capital of [a country] since [...].',
    );
    expect(cardPlainText(sentence)).toBe('Sofia is the capital of Bulgaria since 1879.');
    // Not deletions: number 0, an empty answer, across a line, nested, escaped.
    for (const plain of ['{{c0::a}}', '{{c1::}}', '{{c1:: }}', '{{c1::a\nb}}', '{{c1 ::a}}'])
      expect(clozeNumbers(plain)).toEqual([]);
    expect(clozeNumbers('{{c1::a {{c2::b}} c}}')).toEqual([2]);
    expect(clozeNumbers(escapeCardText('{{c1::a}}'))).toEqual([]);
    expect(clozeCards('no gaps')).toEqual([]);
    // As Anki reads it: the answer ends at the first `::`, the rest is the hint.
    expect(parseInline('{{c1::a::b::c}}')).toEqual([
      { kind: 'cloze', number: 1, hint: 'b::c', children: [text('a')] },
    ]);
  });

  // Quadratic reading of these would take minutes, past the test's time limit; linear takes milliseconds.
  it('reads a line of many unclosed openers in linear time', { timeout: 30_000 }, () => {
    // Many lines opening a formula block that none closes.
    const fences = '$$\n'.repeat(50_000);
    expect(cardPlainText(fences) === fences, 'fences').toBe(true);
    const lines = ['*a ', '**a ', '$a ', '~a ', '^a '].map((opener) => opener.repeat(50_000));
    lines.push(
      `*${'$a '.repeat(50_000)}`,
      `**${'$$a'.repeat(1)}${' *a'.repeat(50_000)}`,
      `${'{{c1::a\n'.repeat(50_000)}}}`,
    );
    // Many openers and one close: only the last opener is a deletion. Lines are compared as flags: a
    // failure should not print a 200,000-character line.
    const openers = `${'{{c1::a '.repeat(50_000)}}}`;
    expect(cardPlainText(openers) === `${'{{c1::a '.repeat(49_999)}a `, 'openers').toBe(true);
    for (const line of lines) expect(cardPlainText(line) === line, line.slice(0, 8)).toBe(true);
  });
});
