import type { Message } from '../../lib/api-error';

/** At most this many cards per uploaded file. */
export const MAX_CARD_LINES = 1000;
/** At most this many characters per card side. */
export const MAX_SIDE_LENGTH = 1000;
/** At most this many characters per tag. */
export const MAX_TAG_LENGTH = 100;

export type ParsedCard = { first_side: string; second_side: string; tag: string };
export type CardFileFormat = 'percent' | 'tab' | 'csv';
export type CardFileResult =
  | { ok: true; format: CardFileFormat; cards: ParsedCard[] }
  | { ok: false; error: Message };

type Failure = Extract<CardFileResult, { ok: false }>;

const failure = (key: string, values?: Message['values']): Failure => ({
  ok: false,
  error: values ? { key, values } : { key },
});
const notUtf8 = () => failure('card_file_not_utf8');
const empty = () => failure('card_file_empty');
const tooMany = () => failure('card_file_too_many_lines', { max: MAX_CARD_LINES });
const badLine = (line: number) => failure('card_file_bad_line', { line });

const succeed = (format: CardFileFormat, cards: ParsedCard[]): CardFileResult =>
  cards.length === 0 ? empty() : { ok: true, format, cards };

// ---------------------------------------------------------------------------------------------------------
// Text

/** The text of the file without a leading BOM, or null when it is not UTF-8 text. */
const decode = (data: Buffer): string | null => {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(data);
  } catch {
    return null;
  }
  // A NUL is never part of a text file (it is what UTF-16 looks like) and cannot be stored in PostgreSQL text.
  if (text.includes('\u0000')) return null;
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
};

/** Whether the text from `start` to `end` is only whitespace (as `trim` counts it). */
const isBlankRange = (text: string, start: number, end: number) => {
  const first = text.charCodeAt(start);
  // Every character that `trim` removes is a control character, a space, U+00A0 or above U+167F.
  if (first > 0x20 && first !== 0xa0 && first < 0x1680) return false;
  return text.slice(start, end).trim() === '';
};

const isBlank = (line: string) => line.length === 0 || isBlankRange(line, 0, line.length);

/** Whether a value has more than `max` characters, counted as code points (as PostgreSQL counts them). */
const longerThan = (value: string, max: number) => {
  if (value.length <= max) return false;
  let count = 0;
  for (const _ of value) if (++count > max) return true;
  return false;
};

/** A card from raw sides, or null when a side is empty or a value is too long. */
const toCard = (first: string, second: string, tag: string): ParsedCard | null => {
  const card = { first_side: first.trim(), second_side: second.trim(), tag: tag.trim() };
  if (card.first_side === '' || card.second_side === '') return null;
  if (longerThan(card.first_side, MAX_SIDE_LENGTH) || longerThan(card.second_side, MAX_SIDE_LENGTH))
    return null;
  return longerThan(card.tag, MAX_TAG_LENGTH) ? null : card;
};

// ---------------------------------------------------------------------------------------------------------
// Delimited records (CSV and tab-separated text)

type Row = { line: number; fields: string[] };
type ReadOptions = {
  delimiter: ',' | ';' | '\t';
  /** Skip lines starting with `#`. */
  comments: boolean;
  /** A field whose quotes are not well formed is read as plain text instead of rejecting its record. */
  lenientQuotes: boolean;
  /** Stop after this many records; `more` then tells whether another record follows. */
  maxRows: number;
};
type ReadResult = { ok: true; rows: Row[]; more: boolean } | { ok: false; line: number };
type QuotedField = { value: string; end: number; breaks: number };

const LINE_BREAK = /\r\n|\r|\n/g;
const QUOTE = 34;
const HASH = 35;

const isPadding = (code: number, delimiter: string) => code === 32 || (code === 9 && delimiter !== '\t');

/**
 * Finds the next occurrence of a character, remembering the last answer, so that reading forward does not
 * search the same stretch of text again.
 */
class Finder {
  private from = Number.POSITIVE_INFINITY;
  private found = -1;

  constructor(
    private readonly text: string,
    private readonly char: string,
  ) {}

  /** The index of the first occurrence at or after `from`, or the length of the text. */
  next(from: number): number {
    if (from < this.from || from > this.found) {
      const index = this.text.indexOf(this.char, from);
      this.found = index < 0 ? this.text.length : index;
    }
    this.from = from;
    return this.found;
  }
}

type Finders = { newline: Finder; carriageReturn: Finder; delimiter: Finder; quote: Finder };

const finders = (text: string, delimiter: string): Finders => ({
  newline: new Finder(text, '\n'),
  carriageReturn: new Finder(text, '\r'),
  delimiter: new Finder(text, delimiter),
  quote: new Finder(text, '"'),
});

/** The index of the first line break at or after `from`, or the length of the text. */
const lineEnd = (find: Finders, from: number) =>
  Math.min(find.newline.next(from), find.carriageReturn.next(from));

/** The index just past the line break at `index` (`\r\n` counts as one). */
const skipLineBreak = (text: string, index: number) =>
  text.charCodeAt(index) === 13 && text.charCodeAt(index + 1) === 10 ? index + 2 : index + 1;

/**
 * A quoted field whose opening quote is just before `start`: doubled quotes stand for one, line breaks are
 * kept as `\n`. Spaces may follow the closing quote; then the field must end. Null when it is malformed.
 */
const readQuoted = (text: string, find: Finders, start: number, delimiter: string): QuotedField | null => {
  let value = '';
  let breaks = 0;
  let index = start;
  for (;;) {
    const quote = find.quote.next(index);
    if (quote >= text.length) return null;
    const chunk = text.slice(index, quote);
    value += chunk.replace(LINE_BREAK, () => {
      breaks++;
      return '\n';
    });
    if (text.charCodeAt(quote + 1) === QUOTE) {
      value += '"';
      index = quote + 2;
      continue;
    }
    index = quote + 1;
    while (isPadding(text.charCodeAt(index), delimiter)) index++;
    if (index >= text.length) return { value, end: index, breaks };
    const next = text[index];
    return next === delimiter || next === '\n' || next === '\r' ? { value, end: index, breaks } : null;
  }
};

/**
 * Reads RFC 4180 records. Blank lines (and, with `comments`, lines starting with `#`) between records are
 * skipped; each record keeps the physical line number it starts on.
 */
const readRows = (text: string, options: ReadOptions): ReadResult => {
  const { delimiter } = options;
  const find = finders(text, delimiter);
  const rows: Row[] = [];
  let position = 0;
  let line = 1;
  while (position < text.length) {
    const end = lineEnd(find, position);
    if (isBlankRange(text, position, end) || (options.comments && text.charCodeAt(position) === HASH)) {
      if (end >= text.length) break;
      position = skipLineBreak(text, end);
      line++;
      continue;
    }
    if (rows.length === options.maxRows) return { ok: true, rows, more: true };

    const start = line;
    const fields: string[] = [];
    for (;;) {
      let quote = position;
      while (isPadding(text.charCodeAt(quote), delimiter)) quote++;
      const isQuoted = text.charCodeAt(quote) === QUOTE;
      const quoted = isQuoted ? readQuoted(text, find, quote + 1, delimiter) : null;
      if (quoted) {
        fields.push(quoted.value);
        position = quoted.end;
        line += quoted.breaks;
      } else if (isQuoted && !options.lenientQuotes) {
        return { ok: false, line: start };
      } else {
        const fieldEnd = Math.min(find.delimiter.next(position), lineEnd(find, position));
        fields.push(text.slice(position, fieldEnd));
        position = fieldEnd;
      }
      if (text[position] !== delimiter) break;
      position++;
    }
    rows.push({ line: start, fields });
    if (position < text.length) {
      position = skipLineBreak(text, position);
      line++;
    }
  }
  return { ok: true, rows, more: false };
};

// ---------------------------------------------------------------------------------------------------------
// Percent format: `Side one%Side two&Tag`

const parsePercentLine = (line: string): ParsedCard | null => {
  const percent = line.indexOf('%');
  if (percent < 0) return null;
  const rest = line.slice(percent + 1);
  const ampersand = rest.lastIndexOf('&');
  return ampersand < 0
    ? toCard(line.slice(0, percent), rest, '')
    : toCard(line.slice(0, percent), rest.slice(0, ampersand), rest.slice(ampersand + 1));
};

const parsePercent = (lines: string[]): CardFileResult => {
  let count = 0;
  for (const line of lines) if (!isBlank(line)) count++;
  if (count > MAX_CARD_LINES) return tooMany();
  const cards: ParsedCard[] = [];
  for (const [index, line] of lines.entries()) {
    if (isBlank(line)) continue;
    const card = parsePercentLine(line);
    if (!card) return badLine(index + 1);
    cards.push(card);
  }
  return succeed('percent', cards);
};

// ---------------------------------------------------------------------------------------------------------
// Tab-separated text (Quizlet, Anki)

type HtmlMode = 'always' | 'never' | 'auto';

/** Tags that separate lines or blocks: they become a space. */
const BLOCK_TAGS = new Set([
  'br',
  'div',
  'p',
  'li',
  'ul',
  'ol',
  'tr',
  'td',
  'th',
  'table',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
]);
/** Other tags removed when a side is not known to be HTML (so `a <b` or `x<y and y>z` stay as they are). */
const INLINE_TAGS = new Set([
  'span',
  'font',
  'b',
  'i',
  'u',
  's',
  'strong',
  'em',
  'sub',
  'sup',
  'small',
  'big',
  'mark',
  'code',
  'a',
  'img',
  'strike',
  'center',
  'tbody',
  'thead',
  'ruby',
  'rt',
  'rp',
]);
const ENTITIES: Record<string, string> = {
  nbsp: ' ',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  ndash: '–',
  mdash: '—',
  hellip: '…',
  laquo: '«',
  raquo: '»',
  ldquo: '“',
  rdquo: '”',
  bdquo: '„',
  lsquo: '‘',
  rsquo: '’',
  middot: '·',
  times: '×',
  deg: '°',
  euro: '€',
  copy: '©',
};
// The name cannot be shortened by backtracking (the look-ahead), and `[^<>]*` stops at the next bracket:
// each `<` is examined in time linear in the distance to the next bracket.
const TAG = /<\/?([A-Za-z][A-Za-z0-9]*)(?![A-Za-z0-9])[^<>]*>/g;
const ENTITY = /&(?:#([0-9]{1,7})|#[xX]([0-9A-Fa-f]{1,6})|([A-Za-z][A-Za-z0-9]{1,7}));/g;
const WHITESPACE = /\s+/g;

const codePoint = (value: number): string | null =>
  value > 0 && value <= 0x10ffff && (value < 0xd800 || value > 0xdfff) ? String.fromCodePoint(value) : null;

/** Plain text of a side written in simple HTML; unchanged when it holds no HTML (in `auto` mode). */
const htmlToText = (value: string, mode: HtmlMode): string => {
  if (mode === 'never') return value;
  let changed = mode === 'always';
  const withoutTags = value.replace(TAG, (tag, name: string) => {
    const lower = name.toLowerCase();
    if (BLOCK_TAGS.has(lower)) {
      changed = true;
      return ' ';
    }
    if (mode === 'always' || INLINE_TAGS.has(lower)) {
      changed = true;
      return '';
    }
    return tag;
  });
  const decoded = withoutTags.replace(
    ENTITY,
    (entity, decimal: string | undefined, hex: string | undefined, name: string | undefined) => {
      const replacement =
        decimal !== undefined
          ? codePoint(Number.parseInt(decimal, 10))
          : hex !== undefined
            ? codePoint(Number.parseInt(hex, 16))
            : (ENTITIES[name!.toLowerCase()] ?? null);
      if (replacement === null) return entity;
      changed = true;
      return replacement;
    },
  );
  return changed ? decoded.replace(WHITESPACE, ' ') : value;
};

/** Anki's file headers (`#separator:tab`, `#html:true`, `#tags column:3`...), keys in lower case. */
type Directives = Map<string, string>;

const readDirective = (line: string, directives: Directives) => {
  const colon = line.indexOf(':');
  if (colon < 0) return;
  directives.set(
    line.slice(1, colon).trim().toLowerCase(),
    line
      .slice(colon + 1)
      .trim()
      .toLowerCase(),
  );
};

/** A 0-based column index from a 1-based `#... column:N` header. */
const directiveColumn = (directives: Directives, key: string): number | undefined => {
  const value = directives.get(key);
  if (value === undefined || !/^[0-9]{1,3}$/.test(value)) return undefined;
  const column = Number(value);
  return column >= 1 ? column - 1 : undefined;
};

const parseTab = (text: string, directives: Directives): CardFileResult => {
  const html = directives.get('html');
  const mode: HtmlMode = html === 'true' ? 'always' : html === 'false' ? 'never' : 'auto';
  const tagColumn = directiveColumn(directives, 'tags column');
  const skipped = new Set(
    ['guid column', 'notetype column', 'deck column', 'tags column']
      .map((key) => directiveColumn(directives, key))
      .filter((column) => column !== undefined),
  );

  const read = readRows(text, {
    delimiter: '\t',
    comments: true,
    lenientQuotes: true,
    maxRows: MAX_CARD_LINES,
  });
  if (!read.ok) return badLine(read.line);
  if (read.more) return tooMany();

  const cards: ParsedCard[] = [];
  for (const row of read.rows) {
    const content = row.fields.filter((_, column) => !skipped.has(column));
    if (content.length < 2) return badLine(row.line);
    const tag = tagColumn === undefined ? (content[2] ?? '') : (row.fields[tagColumn] ?? '');
    const card = toCard(htmlToText(content[0]!, mode), htmlToText(content[1]!, mode), htmlToText(tag, mode));
    if (!card) return badLine(row.line);
    cards.push(card);
  }
  return succeed('tab', cards);
};

// ---------------------------------------------------------------------------------------------------------
// CSV with a header row

const FIRST_SIDE_COLUMNS = new Set(['first side', 'front', 'term', 'question', 'side one', 'side1']);
const SECOND_SIDE_COLUMNS = new Set(['second side', 'back', 'definition', 'answer', 'side two', 'side2']);
const TAG_COLUMNS = new Set(['tag', 'tags', 'category']);

type Columns = { first: number; second: number; tag: number | undefined };

/** `First_Side`, `first side` and `FIRST-SIDE` name the same column. */
const columnName = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');

const headerColumns = (header: string[]): Columns | null => {
  const names = header.map(columnName);
  const first = names.findIndex((name) => FIRST_SIDE_COLUMNS.has(name));
  const second = names.findIndex((name) => SECOND_SIDE_COLUMNS.has(name));
  const tag = names.findIndex((name) => TAG_COLUMNS.has(name));
  if (first < 0 || second < 0) return null;
  return { first, second, tag: tag < 0 ? undefined : tag };
};

const occurrences = (line: string, char: string) => {
  let count = 0;
  for (const each of line) if (each === char) count++;
  return count;
};

type CsvHeader = { delimiter: ',' | ';'; columns: Columns };

/**
 * The delimiter and columns of the header row (the more frequent delimiter of the first line is tried
 * first), or the line of a header that names no first and second side.
 */
const csvHeader = (text: string, firstLine: string): CsvHeader | { line: number } => {
  const delimiters: (',' | ';')[] =
    occurrences(firstLine, ';') > occurrences(firstLine, ',') ? [';', ','] : [',', ';'];
  let line = 1;
  for (const delimiter of delimiters) {
    const read = readRows(text, { delimiter, comments: false, lenientQuotes: false, maxRows: 1 });
    if (!read.ok) {
      line = read.line;
      continue;
    }
    line = read.rows[0]!.line;
    const columns = headerColumns(read.rows[0]!.fields);
    if (columns) return { delimiter, columns };
  }
  return { line };
};

const parseCsv = (text: string, header: CsvHeader): CardFileResult => {
  const read = readRows(text, {
    delimiter: header.delimiter,
    comments: false,
    lenientQuotes: false,
    maxRows: MAX_CARD_LINES + 1,
  });
  if (!read.ok) return badLine(read.line);
  if (read.more) return tooMany();

  const [head, ...rows] = read.rows;
  const { first, second, tag } = header.columns;
  const cards: ParsedCard[] = [];
  for (const row of rows) {
    if (row.fields.length !== head!.fields.length) return badLine(row.line);
    const card = toCard(row.fields[first]!, row.fields[second]!, tag === undefined ? '' : row.fields[tag]!);
    if (!card) return badLine(row.line);
    cards.push(card);
  }
  return succeed('csv', cards);
};

// ---------------------------------------------------------------------------------------------------------

/**
 * Parses an uploaded card file. The format follows from its first line (the first that is not blank and,
 * when there is one, does not start with `#`): `%` and `&` make the percent format, a tab the tab-separated
 * format, a comma or a semicolon CSV with a header row. An Anki `#separator:tab` header selects the tab
 * format; a first line holding `%` that is neither tab-separated nor a CSV header is read as the percent
 * format (whose `&Tag` is optional).
 */
export function parseCardFile(data: Buffer): CardFileResult {
  const text = decode(data);
  if (text === null) return notUtf8();
  const lines = text.split(/\r\n|\r|\n/);

  const directives: Directives = new Map();
  let firstNonBlank = -1;
  let first = -1;
  for (const [index, line] of lines.entries()) {
    if (isBlank(line)) continue;
    if (firstNonBlank < 0) firstNonBlank = index;
    if (line.startsWith('#')) {
      readDirective(line, directives);
      continue;
    }
    first = index;
    break;
  }
  if (firstNonBlank < 0) return empty();
  if (first < 0) first = firstNonBlank;
  const firstLine = lines[first]!;

  if (directives.get('separator') === 'tab') return parseTab(text, directives);
  const hasPercent = firstLine.includes('%');
  if (hasPercent && firstLine.includes('&')) return parsePercent(lines);
  if (firstLine.includes('\t')) return parseTab(text, directives);
  if (firstLine.includes(',') || firstLine.includes(';')) {
    const header = csvHeader(text, firstLine);
    if ('columns' in header) return parseCsv(text, header);
    return hasPercent ? parsePercent(lines) : badLine(header.line);
  }
  if (hasPercent) return parsePercent(lines);
  return badLine(first + 1);
}
