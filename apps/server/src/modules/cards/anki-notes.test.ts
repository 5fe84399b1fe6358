import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCardText } from '@flashcards/contract';
import { describe, expect, it } from 'vitest';
import {
  clozeCardText,
  clozeNumbers,
  htmlToCardText,
  MAX_RENDERED,
  type NoteType,
  RenderedTooLong,
  renderCard,
} from './anki-notes';
import { cardTextToHtml } from './card-export';

describe('the text of an Anki field', () => {
  // Fields as they are found in shared decks: Anki's editor wraps lines in <div>s, ends them with <br>,
  // and keeps the styles pasted with the text.
  it.each([
    ['a<div>b</div>', 'a\nb'],
    ['<div>line one</div><div>line two</div>', 'line one\nline two'],
    ['word<br>', 'word'],
    ['<div>word<br></div>', 'word'],
    ['<div><br></div>', ''],
    ['1<br><br>2', '1\n\n2'],
    ['<p>one</p><p>two</p>', 'one\ntwo'],
    ['<p>list:</p><ul><li>one</li><li>two</li></ul>', 'list:\n- one\n- two'],
    ['<ol><li>erst</li><li>dann</li></ol>', '1. erst\n2. dann'],
    ['<ol start="4"><li>vier</li><li>fünf</li></ol>', '4. vier\n5. fünf'],
    ['Hello&nbsp;world', 'Hello world'],
    ['a &lt; b &amp;&amp; c &gt; d', 'a < b && c > d'],
    ['<span style="color: rgb(0, 0, 0);">text</span>', 'text'],
    ['<b>bold</b>, <i>it</i> and H<sub>2</sub>O', '**bold**, *it* and H~2~O'],
    ['<strong>x</strong><sup>2</sup> <em>or</em> <b> spaced </b>out', '**x**^2^ *or* **spaced** out'],
    ['<b></b>empty <i> </i>marks', 'empty marks'],
    ['\\(x^2 + y_1\\) and \\[\\frac{1}{2}\\]', '$x^2 + y_1$ and $$\\frac{1}{2}$$'],
    ['\\( a &lt; b \\)', '$a < b$'],
    ['costs $5 and $10', 'costs $5 and $10'],
    ['5 * 3 = 15, 2^10 ~ 1000', '5 * 3 = 15, 2^10 ~ 1000'],
    ['a*b*c and 2^10^', 'a\\*b\\*c and 2\\^10\\^'],
    ['<div>- not a list</div><div>1. nor this</div>', '\\- not a list\n1\\. nor this'],
    ['$x$ as written', '\\$x\\$ as written'],
    ['a $x <b>b</b> y$ z', 'a \\$x **b** y\\$ z'],
    ['[sound:hund_1.mp3]der Hund', 'der Hund'],
    ['<style>.card { color: red }</style>shown', 'shown'],
    ['the HTML\nline break\r\nis a space', 'the HTML line break is a space'],
    ['<table><tr><td>a</td><td>b</td></tr><tr><td>c</td></tr></table>', 'a b\nc'],
    ['  spaced   out  ', 'spaced out'],
    ['<div>къща</div><div>дом</div>', 'къща\nдом'],
  ])('%j is %j', (html, text) => {
    expect(htmlToCardText(html)).toBe(text);
  });
});

const type = (templates: [string, string][], fields: string[], cloze = false): NoteType => ({
  cloze,
  fields,
  templates: new Map(templates.map(([question, answer], ord) => [ord, { question, answer }])),
});

describe('a card of an Anki note', () => {
  const reversed = type(
    [
      ['{{Front}}', '{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}'],
      ['{{Back}}', '{{FrontSide}}<hr id="answer">{{Front}}'],
    ],
    ['Front', 'Back'],
  );

  it('each template shows its own side first; the answer is what follows <hr id=answer>', () => {
    expect(renderCard(reversed, ['Hund', 'dog'], 0)).toEqual({
      question: 'Hund',
      answer: '\n\ndog',
      cloze: null,
    });
    expect(renderCard(reversed, ['Hund', 'dog'], 1)).toEqual({
      question: 'dog',
      answer: 'Hund',
      cloze: null,
    });
    expect(renderCard(reversed, ['Hund', 'dog'], 2)).toBeUndefined();
  });

  it('an answer without the rule loses the question it repeats', () => {
    const plain = type([['{{Front}}', '{{FrontSide}} = {{Back}}']], ['Front', 'Back']);
    expect(renderCard(plain, ['2+2', '4'], 0)).toEqual({ question: '2+2', answer: ' = 4', cloze: null });
  });

  it('sections show when their field has text, a picture or a sound, inverted ones when it has none', () => {
    const sections = type(
      [['{{Word}}{{#Note}} ({{Note}}){{/Note}}{{^Note}} -{{/Note}}', '{{Meaning}}']],
      ['Word', 'Note', 'Meaning'],
    );
    expect(renderCard(sections, ['go', 'verb', 'тръгвам'], 0)?.question).toBe('go (verb)');
    expect(renderCard(sections, ['go', '<br>&nbsp;', 'тръгвам'], 0)?.question).toBe('go -');
    expect(renderCard(sections, ['go', '<img src="a.png">', 'тръгвам'], 0)?.question).toBe(
      'go (<img src="a.png">)',
    );
  });

  it('drops hints, speech, typing boxes and the fields Anki fills itself; other filters keep the value', () => {
    const filters = type(
      [
        [
          '{{Deck}} {{Tags}} {{Word}}{{hint:Hint}}{{tts en_US voices=Apple_Samantha:Word}}{{type:Meaning}}',
          '<hr id=answer>{{type:Meaning}} {{furigana:Reading}} {{text:Meaning}}',
        ],
      ],
      ['Word', 'Meaning', 'Hint', 'Reading'],
    );
    expect(renderCard(filters, ['dog', 'куче', 'an animal', '犬[いぬ]'], 0)).toEqual({
      question: '  dog',
      answer: 'куче 犬[いぬ] куче',
      cloze: null,
    });
  });

  describe('cloze', () => {
    const cloze = type(
      [['{{cloze:Text}}', '{{cloze:Text}}<br>{{Back Extra}}']],
      ['Text', 'Back Extra'],
      true,
    );
    const text = '{{c1::Sofia}} is the capital of {{c2::Bulgaria::a country}} since {{c1::1879}}.';

    it('finds the numbers a field uses', () => {
      expect(clozeNumbers(text)).toEqual([1, 2]);
      expect(clozeNumbers('{{c3::a}} {{c10::b}} {{c3::c}}')).toEqual([3, 10]);
      expect(clozeNumbers('no deletions')).toEqual([]);
    });

    const cardText = (values: string[], ord: number) => {
      const card = renderCard(cloze, values, ord)!;
      return { ...card, question: clozeCardText(htmlToCardText(card.question), card.cloze!) };
    };

    it('keeps its own number as a deletion of card text, shows the others, leaves the answer the rest', () => {
      expect(cardText([text, 'Extra'], 0)).toEqual({
        question: '{{c1::Sofia}} is the capital of Bulgaria since {{c1::1879}}.',
        answer: '<br>Extra',
        cloze: 1,
      });
      expect(cardText([text, ''], 1).question).toBe(
        'Sofia is the capital of {{c2::Bulgaria::a country}} since 1879.',
      );
      expect(cardText(['{{c1::<b>bold</b> answer}} and {{c1:: }}', ''], 0).question).toBe(
        '{{c1::**bold** answer}} and',
      );
    });

    it('a typed cloze does not repeat the deletion', () => {
      const typed = type(
        [['{{cloze:Text}}{{type:cloze:Text}}', '{{cloze:Text}}{{type:cloze:Text}}']],
        ['Text'],
        true,
      );
      const card = renderCard(typed, ['{{c1::a}} b'], 0)!;
      expect(clozeCardText(htmlToCardText(card.question), 1)).toBe('{{c1::a}} b');
      expect(card.answer).toBe('');
    });
  });
});

// A package is untrusted: inputs that make a pattern rescan the rest of the text from each of many
// openings (quadratic time: minutes here, past the test's time limit) or make a template write without end.
describe('a hostile note or template', () => {
  const many = (text: string) => text.repeat(100_000);

  it('is read in one pass: unclosed tags, sounds, styles, deletions and template tags', () => {
    expect(htmlToCardText(`${many('<div ')}x`)).toBe(`${many('<div ')}x`);
    expect(htmlToCardText(`${many('[sound:')}x`)).toBe(`${many('[sound:')}x`);
    expect(htmlToCardText(`a${many('<style>')}`)).toBe('a');
    expect(htmlToCardText(`a${many(' \n ')}b`)).toBe('a b');
    expect(htmlToCardText(`a${many('<br><div>')}b`)).toBe(`a${'\n'.repeat(2)}b`);
    expect(htmlToCardText(`${many('\\(')}x`)).toBe(`${many('\\\\(')}x`);
    expect(htmlToCardText(`${many('\\[')}x`)).toBe(`${many('\\\\[')}x`);
    expect(htmlToCardText(many('$$<br>'))).toHaveLength(many('\\$\\$\n').length - 1);
    expect(clozeNumbers(many('{{c1::'))).toEqual([]);
    const plain = type([[many('{{'), '{{Back}}']], ['Front', 'Back']);
    expect(renderCard(plain, ['a', 'b'], 0)?.question).toHaveLength(200_000);
  });

  it('stops writing a side past the bound, however often a template repeats a field', () => {
    const repeating = type([[many('{{Front}}'), '{{Back}}']], ['Front', 'Back']);
    expect(() => renderCard(repeating, ['x'.repeat(100), 'b'], 0)).toThrow(RenderedTooLong);
    expect(MAX_RENDERED).toBeLessThan(100 * 100_000);
  });

  it('reads sections nested past any real template as text, without running out of stack', () => {
    const deep = type(
      [[`${'{{#Front}}'.repeat(10_000)}x${'{{/Front}}'.repeat(10_000)}`, '{{Back}}']],
      ['Front', 'Back'],
    );
    expect(renderCard(deep, ['a', 'b'], 0)?.question).toBe('x');
  });
});

describe('card text as the HTML of an Anki field', () => {
  const payloads = readFileSync(
    path.join(import.meta.dirname, '../../../../../packages/contract/fixtures/xss-payloads.txt'),
    'utf8',
  )
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'));
  const ALLOWED = /^<\/?(?:b|i|sub|sup|ul|li|br|div)>$|^<ol(?: start="\d+")?>$|^<\/ol>$/;

  it.each(payloads)('writes %j with no tag but its own formatting, and reads it back the same', (payload) => {
    const html = cardTextToHtml(payload);
    for (const tag of html.match(/<[^>]*>?/g) ?? []) expect(tag).toMatch(ALLOWED);
    expect(html).not.toMatch(/<(?!\/?(?:b|i|sub|sup|ul|ol|li|br|div)\b)/);
    const reading = (text: string) => JSON.stringify(parseCardText(text.replace(/ {2,}/g, ' ')));
    expect(reading(htmlToCardText(html))).toBe(reading(payload));
  });

  it('writes formatting as tags and formulas between MathJax delimiters', () => {
    expect(cardTextToHtml('**a** *b* H~2~O x^2^ $\\pi < 4$\n- one\n3. three')).toBe(
      '<b>a</b> <i>b</i> H<sub>2</sub>O x<sup>2</sup> \\(\\pi &lt; 4\\)<ul><li>one</li></ul><ol start="3"><li>three</li></ol>',
    );
  });
});
