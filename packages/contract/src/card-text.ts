/**
 * The formatting of card sides and test questions: a small Markdown, kept as the text the user typed
 * (docs/design.md, "Card text"). Stored text is never HTML, so nothing stored can run in a browser: the
 * web app builds its elements from the tree below, the Anki export writes HTML from it with every text
 * escaped.
 *
 * - `**bold**`, `*italic*`, `~sub~` and `^sup^` (no spaces inside the last two: H~2~O, x^2^);
 * - lines starting with `- ` (or `* `, `+ `, `• `) are a list, with `1. ` (or `1) `) a numbered one;
 * - `$…$` is a formula in a line and `$$…$$` (or lines between two `$$` lines) a formula of its own,
 *   in LaTeX; a `$` opens only before a non-space and closes only after one, and not before a digit, so
 *   "$5 and $10" stays text;
 * - `{{c1::answer}}` or `{{c1::answer::hint}}` is a cloze deletion (Anki's form): a card whose first side
 *   has deletions hides them on its question and asks for them (`clozeCards`);
 * - a backslash before a punctuation character keeps it as it is (`\*`, `\$`);
 * - every line break is a line break.
 */

export type CardInline =
  | { kind: 'text'; text: string }
  | { kind: 'strong' | 'em' | 'sub' | 'sup'; children: CardInline[] }
  | { kind: 'math'; tex: string; display: boolean }
  | { kind: 'cloze'; number: number; children: CardInline[]; hint: string };

export type CardBlock =
  | { kind: 'lines'; lines: CardInline[][] }
  | { kind: 'list'; ordered: boolean; start: number; items: CardInline[][] }
  | { kind: 'math'; tex: string };

const PUNCTUATION = /[!-/:-@[-`{-~•]/;
const SPACE = /\s/;
const isSpace = (char: string | undefined) => char === undefined || SPACE.test(char);

const WRAPPERS = { '**': 'strong', '*': 'em', '~': 'sub', '^': 'sup' } as const;
type Wrapper = keyof typeof WRAPPERS;

/**
 * The first position from which a delimiter's search for its closer ran to the end of the text and found
 * none: an opener after it has none either, so a line of many unclosed openers is read in linear time.
 */
type Exhausted = Partial<Record<Wrapper | '$' | '$$', number>>;

/** Where the `$` that closes an in-line formula opened at `from` is, or -1. */
const closingDollar = (text: string, from: number, exhausted: Exhausted) => {
  if ((exhausted.$ ?? Number.POSITIVE_INFINITY) <= from) return -1;
  for (let at = from + 2; at < text.length; at++) {
    if (text[at] === '\\') at++;
    else if (text[at] === '$' && !isSpace(text[at - 1]) && !/\d/.test(text[at + 1] ?? '')) return at;
  }
  exhausted.$ ??= from;
  return -1;
};

/** Where the delimiter that closes `mark` opened at `from` is, or -1. */
const closingMark = (text: string, from: number, mark: Wrapper, exhausted: Exhausted) => {
  const start = from + mark.length;
  if (isSpace(text[start]) || text.startsWith(mark, start)) return -1;
  if ((exhausted[mark] ?? Number.POSITIVE_INFINITY) <= from) return -1;
  for (let at = start + 1; at < text.length; at++) {
    const char = text[at]!;
    if (char === '\\') at++;
    else if ((mark === '~' || mark === '^') && isSpace(char)) return -1;
    else if (char === '$' && text[at + 1] !== '$') {
      // A formula inside is skipped whole: its `*` and `^` are LaTeX.
      const end = closingDollar(text, at, exhausted);
      if (end > 0) at = end;
    } else if (mark === '*' && text.startsWith('**', at)) {
      // A `**` inside an italic run is bold, never the italic's end.
      at++;
    } else if (text.startsWith(mark, at) && !isSpace(text[at - 1])) return at;
  }
  exhausted[mark] ??= from;
  return -1;
};

// ---------------------------------------------------------------------------------------------------------
// Cloze deletions

const CLOZE_OPENING = /\{\{c(\d{1,3})::/y;
/** A side has at most this many cloze numbers: each makes a card. */
export const CLOZE_MAX_NUMBERS = 20;

type Deletion = { start: number; end: number; number: number; answer: string; hint: string };

/**
 * Where the next `}}` and line end are, remembered across the openers of one text: the first one at or
 * after a position stays the first for any later position before it, so many openers cost one scan.
 */
type Ahead = { close: number; lineEnd: number; open: number };
const newAhead = (): Ahead => ({ close: -2, lineEnd: -2, open: -2 });
const nextAt = (text: string, needle: string, from: number, known: number) =>
  known === -1 || known >= from ? known : text.indexOf(needle, from);

/**
 * The deletion that starts at `at`, if one does: `{{cN::answer}}` or `{{cN::answer::hint}}` on one line,
 * N from 1, the answer not empty and with no deletion inside.
 */
const clozeAt = (text: string, at: number, ahead: Ahead): Deletion | undefined => {
  CLOZE_OPENING.lastIndex = at;
  const opening = CLOZE_OPENING.exec(text);
  if (!opening) return undefined;
  const from = at + opening[0].length;
  ahead.close = nextAt(text, '}}', from, ahead.close);
  ahead.lineEnd = nextAt(text, '\n', from, ahead.lineEnd);
  ahead.open = nextAt(text, '{{', from, ahead.open);
  const close = ahead.close;
  const before = (position: number) => position >= 0 && position < close;
  if (close < 0 || before(ahead.lineEnd) || before(ahead.open)) return undefined;
  const body = text.slice(from, close);
  const split = body.indexOf('::');
  const answer = split < 0 ? body : body.slice(0, split);
  if (answer.trim() === '' || Number(opening[1]) === 0) return undefined;
  return {
    start: at,
    end: close + 2,
    number: Number(opening[1]),
    answer,
    hint: split < 0 ? '' : body.slice(split + 2).trim(),
  };
};

/** Whether the character at `at` is escaped: an odd number of backslashes before it. */
const escapedAt = (text: string, at: number) => {
  let count = 0;
  while (at - count - 1 >= 0 && text[at - count - 1] === '\\') count++;
  return count % 2 === 1;
};

/** A text's deletions in order, read in one pass. */
const deletionsOf = (text: string): Deletion[] => {
  const found: Deletion[] = [];
  const ahead = newAhead();
  for (let at = text.indexOf('{{c'); at >= 0; ) {
    const deletion = escapedAt(text, at) ? undefined : clozeAt(text, at, ahead);
    if (deletion) found.push(deletion);
    at = text.indexOf('{{c', deletion ? deletion.end : at + 3);
  }
  return found;
};

/** The cloze numbers a text uses, in order. */
export const clozeNumbers = (text: string): number[] =>
  [...new Set(deletionsOf(text).map((deletion) => deletion.number))].sort((a, b) => a - b);

/**
 * The cards a text with cloze deletions makes, one per cloze number: each keeps its own number's
 * deletions and shows the others' answers as text, so every card stands on its own (a copy, an export, a
 * catalog version carry it as it is). A text without deletions makes none.
 */
export const clozeCards = (text: string): string[] => {
  const deletions = deletionsOf(text);
  return clozeNumbers(text).map((number) => {
    let out = '';
    let at = 0;
    for (const deletion of deletions) {
      out += text.slice(at, deletion.start);
      out += deletion.number === number ? text.slice(deletion.start, deletion.end) : deletion.answer;
      at = deletion.end;
    }
    return out + text.slice(at);
  });
};

/** A cloze card's text as its question reads: each deletion a `[...]` (or `[hint]`), the rest as written. */
export const clozeQuestion = (text: string): string => {
  let out = '';
  let at = 0;
  for (const deletion of deletionsOf(text)) {
    out += `${text.slice(at, deletion.start)}[${deletion.hint || '...'}]`;
    at = deletion.end;
  }
  return out + text.slice(at);
};

/** What a cloze card asks for: its deletions' answers as plain text, joined by ", " (as Anki types them). */
export const clozeAnswer = (text: string): string =>
  deletionsOf(text)
    .map((deletion) => cardPlainText(deletion.answer))
    .join(', ');

/** The in-line parts of one line. */
export function parseInline(text: string): CardInline[] {
  const parts: CardInline[] = [];
  const exhausted: Exhausted = {};
  const ahead = newAhead();
  let plain = '';
  const flush = () => {
    if (plain) parts.push({ kind: 'text', text: plain });
    plain = '';
  };
  for (let at = 0; at < text.length; ) {
    const char = text[at]!;
    if (char === '\\' && PUNCTUATION.test(text[at + 1] ?? '')) {
      plain += text[at + 1];
      at += 2;
      continue;
    }
    if (text.startsWith('{{c', at)) {
      const deletion = clozeAt(text, at, ahead);
      if (deletion) {
        flush();
        parts.push({
          kind: 'cloze',
          number: deletion.number,
          children: parseInline(deletion.answer),
          hint: deletion.hint,
        });
        at = deletion.end;
        continue;
      }
    }
    if (text.startsWith('$$', at)) {
      const end = (exhausted.$$ ?? Number.POSITIVE_INFINITY) <= at ? -1 : text.indexOf('$$', at + 2);
      if (end < 0) exhausted.$$ ??= at;
      const tex = end < 0 ? '' : text.slice(at + 2, end).trim();
      if (tex) {
        flush();
        parts.push({ kind: 'math', tex, display: true });
        at = end + 2;
        continue;
      }
    } else if (char === '$' && !isSpace(text[at + 1])) {
      const end = closingDollar(text, at, exhausted);
      if (end > 0) {
        flush();
        parts.push({ kind: 'math', tex: text.slice(at + 1, end), display: false });
        at = end + 1;
        continue;
      }
    }
    const mark: Wrapper | undefined = text.startsWith('**', at)
      ? '**'
      : char === '*' || char === '~' || char === '^'
        ? char
        : undefined;
    if (mark) {
      const end = closingMark(text, at, mark, exhausted);
      if (end > 0) {
        flush();
        parts.push({ kind: WRAPPERS[mark], children: parseInline(text.slice(at + mark.length, end)) });
        at = end + mark.length;
        continue;
      }
    }
    plain += char;
    at++;
  }
  flush();
  return parts;
}

const BULLET = /^ {0,3}[-*+•][ \t]+(.*)$/;
const NUMBERED = /^ {0,3}(\d{1,9})[.)][ \t]+(.*)$/;

/** The blocks of a side: runs of lines, lists and formulas of their own. */
export function parseCardText(text: string): CardBlock[] {
  const blocks: CardBlock[] = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let fenceless = false;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const last = blocks.at(-1);
    if (line.trim() === '$$' && !fenceless) {
      let end = index + 1;
      while (end < lines.length && lines[end]!.trim() !== '$$') end++;
      if (end === lines.length) end = -1;
      // No closing line after this one: none after a later one either.
      if (end < 0) fenceless = true;
      const tex =
        end < 0
          ? ''
          : lines
              .slice(index + 1, end)
              .join('\n')
              .trim();
      if (tex) {
        blocks.push({ kind: 'math', tex });
        index = end;
        continue;
      }
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      const ordered = numbered !== null;
      const item = parseInline(bullet ? bullet[1]! : numbered![2]!);
      if (last?.kind === 'list' && last.ordered === ordered) last.items.push(item);
      else blocks.push({ kind: 'list', ordered, start: numbered ? Number(numbered[1]) : 1, items: [item] });
      continue;
    }
    if (last?.kind === 'lines') last.lines.push(parseInline(line));
    else blocks.push({ kind: 'lines', lines: [parseInline(line)] });
  }
  return blocks;
}

type PlainOptions = {
  /** Deletions as the question shows them (`[...]` or `[hint]`) rather than as their answers. */
  hideCloze?: boolean;
};

/** A deletion reads as its answer wherever it is not being asked for. */
const inlinePlain = (parts: CardInline[], options: PlainOptions): string =>
  parts
    .map((part) => {
      if (part.kind === 'cloze' && options.hideCloze) return `[${part.hint || '...'}]`;
      if ('children' in part) return inlinePlain(part.children, options);
      return part.kind === 'math' ? part.tex : part.text;
    })
    .join('');

/**
 * A side as plain text: formatting removed, a formula as its LaTeX, list items as lines with their
 * marker ("- ", "2. "), a cloze deletion as its answer (or as the question shows it). What a typed answer
 * is compared with, what is spoken, what Quizlet gets, and what a side's length is measured by.
 */
export function cardPlainText(text: string, options: PlainOptions = {}): string {
  return parseCardText(text)
    .map((block) => {
      if (block.kind === 'math') return block.tex;
      if (block.kind === 'lines') return block.lines.map((line) => inlinePlain(line, options)).join('\n');
      return block.items
        .map(
          (item, index) => `${block.ordered ? `${block.start + index}.` : '-'} ${inlinePlain(item, options)}`,
        )
        .join('\n');
    })
    .join('\n');
}

/** Whether a side uses any formatting at all: anything but lines of text as they were typed. */
export function isFormatted(text: string): boolean {
  const lines: string[] = [];
  for (const block of parseCardText(text)) {
    if (block.kind !== 'lines') return true;
    for (const line of block.lines) {
      if (line.length > 1 || (line.length === 1 && line[0]!.kind !== 'text')) return true;
      lines.push(line[0]?.kind === 'text' ? line[0].text : '');
    }
  }
  return lines.join('\n') !== text.replace(/\r\n?/g, '\n');
}

/** Every character of a text that could format it, escaped: the text reads as written. */
export function escapeFormatting(text: string): string {
  return text
    .replace(/[\\*~^$]/g, (char) => `\\${char}`)
    .replace(/\{\{c(?=\d)/g, '\\{{c')
    .replace(/^( {0,3})([-+•])(?=[ \t])/gm, '$1\\$2')
    .replace(/^( {0,3}\d{1,9})([.)])(?=[ \t])/gm, '$1\\$2');
}

/**
 * Plain text as card text that shows exactly that text: characters that would format it are escaped,
 * and only when they would (most text comes back unchanged).
 */
export function escapeCardText(text: string): string {
  return isFormatted(text) ? escapeFormatting(text) : text;
}
