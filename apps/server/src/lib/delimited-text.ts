/**
 * Delimited text files (CSV, semicolon- and tab-separated) as uploads bring them: the text of the bytes,
 * and records with the line each starts on. Card files and schools' lists of students read them alike.
 */
import { CsvError, parse } from 'csv-parse/sync';

/** The text of the file without a leading BOM, or null when it is not UTF-8 text. */
export const decode = (data: Buffer): string | null => {
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

export const isBlank = (line: string) => line.trim() === '';

export type Row = { line: number; fields: string[] };

/**
 * Reads at most `limit` records with csv-parse. Blank lines between records are skipped, and so are lines
 * starting with `#` in the tab format; each record keeps the line it starts on. A record csv-parse rejects
 * gives the line it starts on instead.
 */
export const readRows = (
  lines: string[],
  delimiter: ',' | ';' | '\t',
  limit: number,
): Row[] | { line: number } => {
  const tab = delimiter === '\t';
  const rows: Row[] = [];
  let end = 0; // the line the last record ends on
  try {
    // Joined with `\n`, every line break is one character: csv-parse (which counts a quoted `\r\n` as two
    // lines) counts lines as `lines` does, and quoted line breaks arrive as `\n`.
    parse(lines.join('\n'), {
      delimiter,
      record_delimiter: '\n',
      to: limit,
      skip_empty_lines: true,
      // Our callers check the number of fields, so that the first bad record is the one reported.
      relax_column_count: true,
      // CSV: a quote inside an unquoted field is text, and rtrim still rejects text after a closing quote.
      // Tab format: quoting is strict (Anki's quoted fields), so that a text Quizlet wrote unquoted, with a
      // quote in it, is refused here and read as plain lines (`readPlainTabRows`) rather than run on.
      relax_quotes: !tab,
      // CSV: whitespace around a quoted field is padding, and a line of whitespace is blank.
      ltrim: !tab,
      rtrim: !tab,
      // Tab format: `#` lines are Anki's headers, and a line of tabs and spaces is blank.
      comment: tab ? '#' : null,
      comment_no_infix: true,
      skip_records_with_empty_values: tab,
      on_record: (fields, info) => {
        end = info.lines;
        const breaks = fields.join('').split('\n').length - 1;
        rows.push({ line: end - breaks, fields });
        return null;
      },
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    // The bad record starts on the first line after the last record that csv-parse does not skip.
    while (end < lines.length && (isBlank(lines[end]!) || (tab && lines[end]!.startsWith('#')))) end++;
    return { line: end + 1 };
  }
  return rows;
};

/**
 * Tab-separated lines read as plain text, with no quoting at all (as Quizlet writes and reads them): each
 * line that is not blank and does not start with `#` is a record; at most `limit` records.
 */
export const readPlainTabRows = (lines: string[], limit: number): Row[] => {
  const rows: Row[] = [];
  for (const [index, line] of lines.entries()) {
    if (rows.length >= limit) break;
    if (isBlank(line) || line.startsWith('#')) continue;
    rows.push({ line: index + 1, fields: line.split('\t') });
  }
  return rows;
};
