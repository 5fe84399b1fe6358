import {
  CARD_FILE_MAX_LINES,
  CARD_SIDE_MAX_LENGTH,
  CARD_TAG_MAX_LENGTH,
  fromSpreadsheetCell,
} from '@flashcards/contract';
import { decodeHTMLStrict } from 'entities';
import type { Message } from '../../lib/api-error';
import { decode, isBlank, readPlainTabRows, readRows } from '../../lib/delimited-text';
import { htmlToCardText } from './anki-notes';

/** At most this many cards per uploaded file. */
export const MAX_CARD_LINES = CARD_FILE_MAX_LINES;
/** At most this many characters per card side. */
export const MAX_SIDE_LENGTH = CARD_SIDE_MAX_LENGTH;
/** At most this many characters per tag. */
export const MAX_TAG_LENGTH = CARD_TAG_MAX_LENGTH;

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
// The name cannot be shortened by backtracking (the look-ahead), and `[^<>]*` stops at the next bracket:
// each `<` is examined in time linear in the distance to the next bracket.
const TAG = /<\/?([A-Za-z][A-Za-z0-9]*)(?![A-Za-z0-9])[^<>]*>/g;
const WHITESPACE = /\s+/g;

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
  // Strict: only entities ended by `;`, so that plain text such as `&copy 2024` stays as it is.
  const decoded = decodeHTMLStrict(withoutTags);
  changed ||= decoded !== withoutTags;
  return changed ? decoded.replace(WHITESPACE, ' ') : value;
};

/**
 * A side of a tab-separated file: an export that says it is HTML (Anki's `#html:true`) becomes card text as
 * a package's fields do, its formatting and line breaks kept; other sides as `htmlToText` reads them.
 */
const sideText = (value: string, mode: HtmlMode) =>
  mode === 'always' ? htmlToCardText(value, { strictEntities: true }) : htmlToText(value, mode);

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

const parseTab = (lines: string[], directives: Directives): CardFileResult => {
  const html = directives.get('html');
  const mode: HtmlMode = html === 'true' ? 'always' : html === 'false' ? 'never' : 'auto';
  const tagColumn = directiveColumn(directives, 'tags column');
  const skipped = new Set(
    ['guid column', 'notetype column', 'deck column', 'tags column']
      .map((key) => directiveColumn(directives, key))
      .filter((column) => column !== undefined),
  );

  // Anki quotes a field holding a tab, a line break or a quote; Quizlet never quotes, so a side may start
  // with a quote it never closes. Text that is not valid quoted text is read as plain lines.
  const quoted = readRows(lines, '\t', MAX_CARD_LINES + 1);
  const rows = Array.isArray(quoted) ? quoted : readPlainTabRows(lines, MAX_CARD_LINES + 1);
  if (rows.length > MAX_CARD_LINES) return tooMany();

  const cards: ParsedCard[] = [];
  for (const row of rows) {
    const content = row.fields.filter((_, column) => !skipped.has(column));
    if (content.length < 2) return badLine(row.line);
    const tag = tagColumn === undefined ? (content[2] ?? '') : (row.fields[tagColumn] ?? '');
    const card = toCard(sideText(content[0]!, mode), sideText(content[1]!, mode), htmlToText(tag, mode));
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
const csvHeader = (lines: string[], firstLine: string): CsvHeader | { line: number } => {
  const delimiters: (',' | ';')[] =
    occurrences(firstLine, ';') > occurrences(firstLine, ',') ? [';', ','] : [',', ';'];
  let line = 1;
  for (const delimiter of delimiters) {
    const rows = readRows(lines, delimiter, 1);
    if (!Array.isArray(rows)) {
      line = rows.line;
      continue;
    }
    line = rows[0]!.line;
    const columns = headerColumns(rows[0]!.fields);
    if (columns) return { delimiter, columns };
  }
  return { line };
};

const parseCsv = (lines: string[], header: CsvHeader): CardFileResult => {
  const read = readRows(lines, header.delimiter, MAX_CARD_LINES + 2);
  if (!Array.isArray(read)) return badLine(read.line);
  if (read.length > MAX_CARD_LINES + 1) return tooMany();

  const [head, ...rows] = read;
  const { first, second, tag } = header.columns;
  const cards: ParsedCard[] = [];
  for (const row of rows) {
    if (row.fields.length !== head!.fields.length) return badLine(row.line);
    // Our CSV export writes a text that would start a spreadsheet formula with an apostrophe before it.
    const cell = (column: number | undefined) =>
      column === undefined ? '' : fromSpreadsheetCell(row.fields[column]!);
    const card = toCard(cell(first), cell(second), cell(tag));
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

  if (directives.get('separator') === 'tab') return parseTab(lines, directives);
  const hasPercent = firstLine.includes('%');
  if (hasPercent && firstLine.includes('&')) return parsePercent(lines);
  if (firstLine.includes('\t')) return parseTab(lines, directives);
  if (firstLine.includes(',') || firstLine.includes(';')) {
    const header = csvHeader(lines, firstLine);
    if ('columns' in header) return parseCsv(lines, header);
    return hasPercent ? parsePercent(lines) : badLine(header.line);
  }
  if (hasPercent) return parsePercent(lines);
  return badLine(first + 1);
}
