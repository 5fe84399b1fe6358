import { spreadsheetCell } from '@flashcards/contract';
import { describe, expect, it } from 'vitest';
import { type CardFileResult, MAX_CARD_LINES, type ParsedCard, parseCardFile } from './card-file';

const file = (text: string) => Buffer.from(text, 'utf8');
const parse = (text: string) => parseCardFile(file(text));
const card = (first_side: string, second_side: string, tag = ''): ParsedCard => ({
  first_side,
  second_side,
  tag,
});

/** The cards of a successful result in the expected format (fails the test otherwise). */
const cardsOf = (result: CardFileResult, format: 'percent' | 'tab' | 'csv') => {
  expect(result).toMatchObject({ ok: true, format });
  return result.ok ? result.cards : [];
};
const badLine = (line: number) => ({ ok: false, error: { key: 'card_file_bad_line', values: { line } } });
const EMPTY = { ok: false, error: { key: 'card_file_empty' } };
const NOT_UTF8 = { ok: false, error: { key: 'card_file_not_utf8' } };
const TOO_MANY = { ok: false, error: { key: 'card_file_too_many_lines', values: { max: 1000 } } };

/** A small deterministic pseudo-random generator (mulberry32). */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let value = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
  return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
};
const pick = (next: () => number, chars: string) => chars[Math.floor(next() * chars.length)]!;
const text = (next: () => number, alphabet: string, maxLength: number) => {
  const length = 1 + Math.floor(next() * maxLength);
  let value = '';
  for (let index = 0; index < length; index++) value += pick(next, alphabet);
  return value;
};
const LETTERS = 'abcxyzABCXYZабвгдежзийклмнопрстуфхцчшщъьюяАБВЯ0123456789';
const PUNCTUATION = ' .,;:!?-()\'"/+*=#€ё';

const lines = (count: number, make: (index: number) => string) =>
  Array.from({ length: count }, (_, index) => make(index)).join('\n');

describe('percent format', () => {
  it('reads sides and tags', () => {
    const result = parse('Side one%Side two&Tag\ndog%куче&animals\n');
    expect(cardsOf(result, 'percent')).toEqual([
      card('Side one', 'Side two', 'Tag'),
      card('dog', 'куче', 'animals'),
    ]);
  });

  it('accepts an empty tag and a missing tag', () => {
    const result = parse('one%едно&numbers\ntwo%две&\nthree%три');
    expect(cardsOf(result, 'percent')).toEqual([
      card('one', 'едно', 'numbers'),
      card('two', 'две'),
      card('three', 'три'),
    ]);
  });

  it('splits the tag at the last & and the sides at the first %', () => {
    const result = parse('Tom and Jerry%Том & Джери&cartoons\nsale%50% off & more%&shop\nA%B&&tag');
    expect(cardsOf(result, 'percent')).toEqual([
      card('Tom and Jerry', 'Том & Джери', 'cartoons'),
      card('sale', '50% off & more%', 'shop'),
      card('A', 'B&', 'tag'),
    ]);
  });

  it('trims sides and tags', () => {
    const result = parse('  hello  %\t здравей \t&  greetings  ');
    expect(cardsOf(result, 'percent')).toEqual([card('hello', 'здравей', 'greetings')]);
  });

  it('reads Bulgarian text', () => {
    const result = parse('Ябълка%Apple&Плодове\nКъща%House&Дом\nЩастие%Happiness&Чувства');
    expect(cardsOf(result, 'percent')).toEqual([
      card('Ябълка', 'Apple', 'Плодове'),
      card('Къща', 'House', 'Дом'),
      card('Щастие', 'Happiness', 'Чувства'),
    ]);
  });

  it('reads a first line with % but without & as the percent format', () => {
    expect(cardsOf(parse('cat%котка\ndog%куче&animals'), 'percent')).toEqual([
      card('cat', 'котка'),
      card('dog', 'куче', 'animals'),
    ]);
    expect(cardsOf(parse('Hello, world%Здравей, свят'), 'percent')).toEqual([
      card('Hello, world', 'Здравей, свят'),
    ]);
  });

  it('rejects a line without %', () => {
    expect(parse('a%b&c\nno separator here\nd%e&f')).toEqual(badLine(2));
  });

  it('rejects empty sides', () => {
    expect(parse('a%b&c\n%second&tag')).toEqual(badLine(2));
    expect(parse('a%b&c\nfirst%   &tag')).toEqual(badLine(2));
    expect(parse('a%b&c\nfirst%&tag')).toEqual(badLine(2));
    expect(parse('a%b&c\n  %  ')).toEqual(badLine(2));
  });

  it('reports the first bad line, counting blank lines before it', () => {
    const content = ['a%b&c', '', '   ', 'd%e&f', '\t', 'broken line', 'g%h&i', 'also broken'].join('\n');
    expect(parse(content)).toEqual(badLine(6));
  });

  it('reports the line number of a bad line in the middle of a long file', () => {
    const content = lines(500, (index) => (index === 321 ? 'x%&y' : `q${index}%a${index}&t`));
    expect(parse(content)).toEqual(badLine(322));
  });

  it('caps sides at 1000 characters and tags at 100', () => {
    const side = 'ж'.repeat(1000);
    const tag = 't'.repeat(100);
    expect(cardsOf(parse(`${side}%${side}&${tag}`), 'percent')).toEqual([card(side, side, tag)]);
    expect(parse(`a%b&c\n${side}ж%b&c`)).toEqual(badLine(2));
    expect(parse(`a%b&c\na%${side}ж&c`)).toEqual(badLine(2));
    expect(parse(`a%b&c\na%b&${tag}t`)).toEqual(badLine(2));
  });

  it('counts characters, not UTF-16 units', () => {
    const emoji = '😀'.repeat(1000);
    expect(cardsOf(parse(`${emoji}%b&c`), 'percent')[0]!.first_side).toBe(emoji);
    expect(parse(`${emoji}😀%b&c`)).toEqual(badLine(1));
  });

  it('reads any generated cards written in it back unchanged', () => {
    const next = random(20240601);
    for (let round = 0; round < 200; round++) {
      const count = 1 + Math.floor(next() * 20);
      const cards: ParsedCard[] = [];
      for (let index = 0; index < count; index++) {
        const first = text(next, `${LETTERS}${PUNCTUATION}`, 30).trim() || 'x';
        const second = text(next, `${LETTERS}${PUNCTUATION}%&`, 40).trim() || 'y';
        const tag = next() < 0.3 ? '' : text(next, `${LETTERS}${PUNCTUATION}%`, 20).trim();
        cards.push(card(first, second, tag));
      }
      const ending = ['\n', '\r\n', '\r'][round % 3]!;
      const content = cards.map((each) => `${each.first_side}%${each.second_side}&${each.tag}`).join(ending);
      expect(cardsOf(parse(content), 'percent')).toEqual(cards);
    }
  });
});

describe('file limits and encoding', () => {
  it('accepts exactly 1000 cards and rejects 1001', () => {
    expect(MAX_CARD_LINES).toBe(1000);
    const thousand = lines(1000, (index) => `word ${index}%дума ${index}&tag`);
    expect(cardsOf(parse(thousand), 'percent')).toHaveLength(1000);
    expect(parse(`${thousand}\nlast%последна&tag`)).toEqual(TOO_MANY);
  });

  it('does not count blank lines towards the limit', () => {
    const content = lines(1000, (index) => `word ${index}%дума ${index}&tag\n  \r\n`);
    expect(cardsOf(parse(content), 'percent')).toHaveLength(1000);
  });

  it('parses 1000 long lines in every format', () => {
    const side = 'Съвсем обикновена дума, с малко текст '.repeat(5);
    const percent = file(lines(1000, (index) => `${side}${index}%${side}&tag ${index % 7}`));
    const tab = file(lines(1000, (index) => `${side}${index}\t<b>${side}</b>&amp;\ttag`));
    const csv = file(`front,back,tag\n${lines(1000, (index) => `"${side}${index}","${side}",tag`)}`);
    for (const content of [percent, tab, csv]) {
      expect(parseCardFile(content)).toMatchObject({ ok: true, cards: { length: 1000 } });
    }
  });

  // Backtracking regular expressions would take minutes here; the test's time limit catches that.
  it('gets through hostile input', () => {
    const hostile = [
      `a\t${'<b '.repeat(30_000)}\tc`,
      `a\t${'&#1'.repeat(30_000)}\tc`,
      `front,back\n"${'""x'.repeat(30_000)}",b`,
      `${'"a\t'.repeat(30_000)}`,
      `a\tb\n${'x\n'.repeat(30_000)}`,
    ];
    for (const content of hostile) expect(parse(content)).toHaveProperty('ok');
  });

  it('rejects an empty file and a file of blank lines', () => {
    expect(parseCardFile(Buffer.alloc(0))).toEqual(EMPTY);
    expect(parse('\n\n')).toEqual(EMPTY);
    expect(parse('  \r\n\t\r\n \r \n')).toEqual(EMPTY);
    expect(parseCardFile(Buffer.from([0xef, 0xbb, 0xbf, 0x0a]))).toEqual(EMPTY);
  });

  it('removes a byte order mark', () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const result = parseCardFile(Buffer.concat([bom, file('котка%cat&животни')]));
    expect(cardsOf(result, 'percent')).toEqual([card('котка', 'cat', 'животни')]);
    const csv = parseCardFile(Buffer.concat([bom, file('front,back\nа,б')]));
    expect(cardsOf(csv, 'csv')).toEqual([card('а', 'б')]);
  });

  it('rejects text that is not UTF-8', () => {
    // "Здравей%Hello&поздрав" in Windows-1251.
    const windows1251 = Buffer.from([
      0xc7, 0xe4, 0xf0, 0xe0, 0xe2, 0xe5, 0xe9, 0x25, 0x48, 0x65, 0x6c, 0x6c, 0x6f, 0x26, 0xef, 0xee, 0xe7,
      0xe4, 0xf0, 0xe0, 0xe2,
    ]);
    expect(parseCardFile(windows1251)).toEqual(NOT_UTF8);
    // "café%coffee" in Latin-1: the last byte of é is missing its continuation.
    expect(parseCardFile(Buffer.from('café%coffee', 'latin1'))).toEqual(NOT_UTF8);
    // UTF-16, with and without its byte order mark.
    expect(parseCardFile(Buffer.from('\ufeffa%b&c', 'utf16le'))).toEqual(NOT_UTF8);
    expect(parseCardFile(Buffer.from('a%b&c', 'utf16le'))).toEqual(NOT_UTF8);
  });

  it('accepts CRLF and CR line endings and counts their lines', () => {
    expect(cardsOf(parse('a%b&c\r\nd%e&f\r\n'), 'percent')).toEqual([
      card('a', 'b', 'c'),
      card('d', 'e', 'f'),
    ]);
    expect(cardsOf(parse('a%b&c\rd%e&f\r'), 'percent')).toEqual([card('a', 'b', 'c'), card('d', 'e', 'f')]);
    expect(parse('a%b&c\r\n\r\nbad\r\n')).toEqual(badLine(3));
    expect(parse('a%b&c\r\rbad\r')).toEqual(badLine(3));
  });

  it('rejects a first line in no known format', () => {
    expect(parse('just some words\nd%e&f')).toEqual(badLine(1));
    expect(parse('\n  \njust some words\nd%e&f')).toEqual(badLine(3));
  });
});

describe('tab-separated format', () => {
  it('reads a Quizlet export', () => {
    const content = 'apple\tябълка, плод\nto run\tтичам\nthe house\tкъщата\n';
    expect(cardsOf(parse(content), 'tab')).toEqual([
      card('apple', 'ябълка, плод'),
      card('to run', 'тичам'),
      card('the house', 'къщата'),
    ]);
  });

  it('keeps text that only looks like HTML in a Quizlet export', () => {
    const content = 'x<y and y>z\tинтервал\na <b\tпо-малко\n"quoted" word\tдума';
    expect(cardsOf(parse(content), 'tab')).toEqual([
      card('x<y and y>z', 'интервал'),
      card('a <b', 'по-малко'),
      card('"quoted" word', 'дума'),
    ]);
  });

  it('reads a Quizlet export whose side opens a quote it never closes as plain lines, not run on', () => {
    const content = '"Open quote\tfirst\none\ttwo\n"quoted" word\tsaid "no"\nlast\tcard\n';
    expect(cardsOf(parse(content), 'tab')).toEqual([
      card('"Open quote', 'first'),
      card('one', 'two'),
      card('"quoted" word', 'said "no"'),
      card('last', 'card'),
    ]);
  });

  it('reads a third column as the tag and ignores further columns', () => {
    const content = 'cat\tкотка\tanimals\textra\tmore\ndog\tкуче\t\n';
    expect(cardsOf(parse(content), 'tab')).toEqual([card('cat', 'котка', 'animals'), card('dog', 'куче')]);
  });

  it('reads an Anki export with headers, HTML as card text (formatting and line breaks kept) and a tags column', () => {
    const content = [
      '#separator:tab',
      '#html:true',
      '#tags column:3',
      'Front <b>bold</b>\tfirst line<br>second&nbsp;line &amp; more\tlang::bg vocab',
      '<div>50%</div><div>half</div>\t&lt;b&gt; is &quot;bold&quot; &#8211; &#x41;\t',
      'x<y and y>z\t1 &lt; 2\tmath',
      '',
    ].join('\n');
    expect(cardsOf(parse(content), 'tab')).toEqual([
      card('Front **bold**', 'first line\nsecond line & more', 'lang::bg vocab'),
      card('50%\nhalf', '<b> is "bold" – A'),
      card('xz', '1 < 2', 'math'),
    ]);
  });

  it('converts simple HTML in a headerless export', () => {
    const content =
      'Front<br/>side\t<div>Back</div>&nbsp;&amp;&nbsp;<span style="color: red">more</span>\ttag\n';
    expect(cardsOf(parse(content), 'tab')).toEqual([card('Front side', 'Back & more', 'tag')]);
  });

  it('keeps HTML as text when the export says html:false', () => {
    const content = '#separator:tab\n#html:false\n<b>bold</b>\t&amp;\n';
    expect(cardsOf(parse(content), 'tab')).toEqual([card('<b>bold</b>', '&amp;')]);
  });

  it('skips # lines anywhere and counts them in line numbers', () => {
    const content = '#separator:tab\n#html:false\na\tb\n# a comment\n\nc\td\nbroken\n';
    expect(parse(content)).toEqual(badLine(7));
    expect(cardsOf(parse('#html:true\na\tb\n#note\nc\td'), 'tab')).toEqual([card('a', 'b'), card('c', 'd')]);
  });

  it('honours the separator header even when a card holds % and &', () => {
    const content = '#separator:tab\n#html:true\n50%\tfifty &amp; half\tmath\n';
    expect(cardsOf(parse(content), 'tab')).toEqual([card('50%', 'fifty & half', 'math')]);
  });

  it('reads quoted Anki fields with doubled quotes and line breaks', () => {
    const content = '#separator:tab\n#html:false\n"He said ""hi"""\t"line one\nline two"\ttag\nnext\tслед\n';
    expect(cardsOf(parse(content), 'tab')).toEqual([
      card('He said "hi"', 'line one\nline two', 'tag'),
      card('next', 'след'),
    ]);
    expect(parse(`${content}broken\n`)).toEqual(badLine(6));
  });

  it('decodes HTML entities only when they end with a semicolon', () => {
    const content = '#separator:tab\n#html:true\nCaf&eacute;\t&copy 2024 &amp;co\n';
    expect(cardsOf(parse(content), 'tab')).toEqual([card('Café', '&copy 2024 &co')]);
  });

  it('skips the guid, note type and deck columns of an Anki export', () => {
    const content = [
      '#separator:tab',
      '#html:true',
      '#guid column:1',
      '#notetype column:2',
      '#deck column:3',
      '#tags column:6',
      'f`Zp{L8O;2\tBasic\tBulgarian\tкотка\tcat\tanimals',
      'Ab1>cD2!e3\tBasic\tBulgarian\tкуче\tdog\t',
    ].join('\n');
    expect(cardsOf(parse(content), 'tab')).toEqual([card('котка', 'cat', 'animals'), card('куче', 'dog')]);
  });

  it('rejects a line with one column or an empty side', () => {
    expect(parse('a\tb\nno tab here\nc\td')).toEqual(badLine(2));
    expect(parse('a\tb\n\tmissing front')).toEqual(badLine(2));
    expect(parse('a\tb\nfront\t<br>&nbsp;\ttag')).toEqual(badLine(2));
  });

  it('accepts 1000 cards and rejects 1001', () => {
    const thousand = `#separator:tab\n${lines(1000, (index) => `w${index}\tд${index}`)}`;
    expect(cardsOf(parse(thousand), 'tab')).toHaveLength(1000);
    expect(parse(`${thousand}\nlast\tпоследна`)).toEqual(TOO_MANY);
  });

  it('rejects a file of only Anki headers as empty', () => {
    expect(parse('#separator:tab\n#html:true\n')).toEqual(EMPTY);
  });
});

describe('CSV format', () => {
  it('reads a comma-separated file with a header', () => {
    const content = 'first_side,second_side,tag\ncat,котка,animals\ndog,куче,\n';
    expect(cardsOf(parse(content), 'csv')).toEqual([card('cat', 'котка', 'animals'), card('dog', 'куче')]);
  });

  it('reads a semicolon-separated file', () => {
    const content = 'Term;Definition;Category\r\nкотка;cat, a small animal;животни\r\nкуче;dog;\r\n';
    expect(cardsOf(parse(content), 'csv')).toEqual([
      card('котка', 'cat, a small animal', 'животни'),
      card('куче', 'dog'),
    ]);
  });

  it('reads quoted fields with delimiters, doubled quotes and line breaks', () => {
    const content = [
      'front,back,tags',
      '"one, two","едно, две",numbers',
      '"He said ""hi""","Той каза ""здрасти""",quotes',
      '"multi',
      'line","back\r\nwith CRLF",',
      '  "padded"  , plain ,"t"',
      'last,последна,end',
    ].join('\n');
    expect(cardsOf(parse(content), 'csv')).toEqual([
      card('one, two', 'едно, две', 'numbers'),
      card('He said "hi"', 'Той каза "здрасти"', 'quotes'),
      card('multi\nline', 'back\nwith CRLF'),
      card('padded', 'plain', 't'),
      card('last', 'последна', 'end'),
    ]);
  });

  it('counts the lines inside quoted fields when reporting a bad record', () => {
    const content = 'front,back\n"a\nb\nc",d\n\nonly one field\n';
    expect(parse(content)).toEqual(badLine(6));
  });

  it('counts CRLF and CR inside quoted fields as one line each', () => {
    const content = 'front,back\r\n"a\r\nb","c\rd"\r\n\r\nbad\r\n';
    expect(parse(content)).toEqual(badLine(6));
    expect(cardsOf(parse('front,back\r\n"a\r\nb","c\rd"\ne,f\rg,h'), 'csv')).toEqual([
      card('a\nb', 'c\nd'),
      card('e', 'f'),
      card('g', 'h'),
    ]);
  });

  it('reads a quote inside an unquoted field as text', () => {
    expect(cardsOf(parse('front,back\n12" pizza,big\n'), 'csv')).toEqual([card('12" pizza', 'big')]);
  });

  it('reports a malformed quote at the line its record starts on', () => {
    expect(parse('front,back\na,b\n\n"multi\nline"x,b\n')).toEqual(badLine(4));
  });

  it('reads reordered columns and ignores unknown ones', () => {
    const content = 'Tag;Notes;Answer;Question\nгеография;;София;Столица на България?\n;x;4;2+2\n';
    expect(cardsOf(parse(content), 'csv')).toEqual([
      card('Столица на България?', 'София', 'география'),
      card('2+2', '4'),
    ]);
  });

  it('accepts the other column names', () => {
    for (const [first, second] of [
      ['front', 'back'],
      ['Side One', 'Side Two'],
      ['side1', 'side2'],
      ['FIRST SIDE', 'second-side'],
    ]) {
      expect(cardsOf(parse(`${first},${second}\nа,б`), 'csv')).toEqual([card('а', 'б')]);
    }
  });

  it('rejects a header without the side columns', () => {
    expect(parse('word,meaning\ncat,котка')).toEqual(badLine(1));
    expect(parse('front,tag\ncat,animals')).toEqual(badLine(1));
    expect(parse('\n\nword;meaning\ncat;котка')).toEqual(badLine(3));
  });

  it('rejects records with the wrong number of fields or empty sides', () => {
    expect(parse('front,back\na,b\nc,d,e\n')).toEqual(badLine(3));
    expect(parse('front,back,tag\na,b,c\nc,d\n')).toEqual(badLine(3));
    expect(parse('front,back\na,b\n,d\n')).toEqual(badLine(3));
    expect(parse('front,back\na,b\n"c",""\n')).toEqual(badLine(3));
  });

  it('rejects malformed quotes', () => {
    expect(parse('front,back\na,b\n"unterminated,b\nc,d\n')).toEqual(badLine(3));
    expect(parse('front,back\na,b\n"a"x,b\n')).toEqual(badLine(3));
  });

  it('rejects a header without cards as empty', () => {
    expect(parse('front,back,tag\n\n')).toEqual(EMPTY);
  });

  it('accepts 1000 cards and rejects 1001', () => {
    const thousand = `front,back\n${lines(1000, (index) => `w${index},"д, ${index}"`)}`;
    expect(cardsOf(parse(thousand), 'csv')).toHaveLength(1000);
    expect(parse(`${thousand}\nlast,последна`)).toEqual(TOO_MANY);
  });

  it('reads any generated cards written as CSV back unchanged', () => {
    const next = random(7);
    // As our export writes them: a text that would start a spreadsheet formula gets an apostrophe first.
    const quote = (value: string) => `"${spreadsheetCell(value).replaceAll('"', '""')}"`;
    for (let round = 0; round < 100; round++) {
      const delimiter = round % 2 === 0 ? ',' : ';';
      const cards: ParsedCard[] = [];
      const count = 1 + Math.floor(next() * 15);
      for (let index = 0; index < count; index++) {
        cards.push(
          card(
            text(next, `${LETTERS}${PUNCTUATION}\n`, 30).trim() || 'x',
            text(next, `${LETTERS}${PUNCTUATION}%&\n`, 30).trim() || 'y',
            next() < 0.3 ? '' : text(next, `${LETTERS}${PUNCTUATION}`, 20).trim(),
          ),
        );
      }
      const rows = cards.map((each) =>
        [each.tag, each.second_side, each.first_side].map(quote).join(delimiter),
      );
      const content = [`tag${delimiter}back${delimiter}front`, ...rows].join('\r\n');
      expect(cardsOf(parse(content), 'csv')).toEqual(cards);
    }
  });
});
