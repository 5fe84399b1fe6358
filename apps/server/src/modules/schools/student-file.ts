import { emailField, SCHOOL_CLASS_NAME_MAX_LENGTH, SCHOOL_CSV_MAX_LINES } from '@flashcards/contract';
import type { Message } from '../../lib/api-error';
import { decode, isBlank, readRows } from '../../lib/delimited-text';

/** One student of a CSV file, with the line it is on. */
export type StudentLine = {
  line: number;
  email: string;
  first_name: string;
  last_name: string;
  /** The optional fourth column; '' for none. */
  class_name: string;
};

/**
 * What a file of students holds: the students of its good lines, and the first bad line with what is
 * wrong with it (the lines after it are not read). `error` without a line refuses the whole file.
 */
export type StudentFile = {
  students: StudentLine[];
  bad?: { line: number; problem: Message };
  error?: Message;
};

const NAME_MAX = 150;
/** Words of a header line's first field: the e-mail column as spreadsheets in English and Bulgarian name it. */
const HEADER_WORDS = new Set([
  'email',
  'e-mail',
  'e mail',
  'email address',
  'e-mail address',
  'имейл',
  'имейл адрес',
  'е-поща',
  'е-mail',
  'ел. поща',
  'електронна поща',
]);

const occurrences = (line: string, char: string) => line.split(char).length - 1;
const length = (value: string) => [...value].length;

/**
 * Reads a CSV file of students: UTF-8 (a BOM is allowed), `Email,First Name,Last Name` per line and an
 * optional fourth column `Class`, with commas
 * or semicolons (the more frequent one of the first line that is not blank, as Excel writes in locales
 * whose decimal mark is a comma), quoted fields, an optional header line; blank lines and lines of only
 * separators are skipped, extra trailing empty fields allowed. An e-mail twice in the file is a bad line.
 */
export const readStudentFile = (data: Buffer): StudentFile => {
  const text = decode(data);
  if (text === null) return { students: [], error: { key: 'school_csv_not_utf8' } };
  const lines = text.split(/\r\n|\r|\n/);
  const firstLine = lines.find((line) => !isBlank(line));
  if (firstLine === undefined) return { students: [], error: { key: 'school_csv_empty' } };
  const delimiter = occurrences(firstLine, ';') > occurrences(firstLine, ',') ? ';' : ',';

  // The header, the most students a file may have, and one more to know it has too many.
  const read = readRows(lines, delimiter, SCHOOL_CSV_MAX_LINES + 2);
  const rows = Array.isArray(read) ? read : [];
  let records = rows.filter((row) => row.fields.some((field) => field.trim() !== ''));
  const header = records[0]?.fields[0]?.trim().toLowerCase();
  if (header !== undefined && HEADER_WORDS.has(header)) records = records.slice(1);
  if (records.length > SCHOOL_CSV_MAX_LINES)
    return { students: [], error: { key: 'school_csv_too_many', values: { max: SCHOOL_CSV_MAX_LINES } } };

  const students: StudentLine[] = [];
  const seen = new Map<string, number>();
  const bad = (line: number, key: string, values?: Message['values']): StudentFile => ({
    students,
    bad: { line, problem: { key, values } },
  });
  for (const { line, fields } of records) {
    const [email = '', first = '', last = '', className = '', ...rest] = fields.map((field) => field.trim());
    if (fields.length < 3 || rest.some((field) => field !== '')) return bad(line, 'school_csv_columns');
    const parsed = emailField.safeParse(email);
    if (!parsed.success) return bad(line, 'school_csv_email', { email });
    if (length(first) < 1 || length(first) > NAME_MAX || length(last) < 1 || length(last) > NAME_MAX)
      return bad(line, 'school_csv_name');
    if (length(className) > SCHOOL_CLASS_NAME_MAX_LENGTH)
      return bad(line, 'school_csv_class', { max: SCHOOL_CLASS_NAME_MAX_LENGTH });
    const other = seen.get(parsed.data);
    if (other !== undefined) return bad(line, 'school_csv_duplicate', { email: parsed.data, other });
    seen.set(parsed.data, line);
    students.push({ line, email: parsed.data, first_name: first, last_name: last, class_name: className });
  }
  // A record csv-parse could not read (an unclosed quote) is bad from the line it starts on.
  if (!Array.isArray(read)) return bad(read.line, 'school_csv_columns');
  if (students.length === 0) return { students, error: { key: 'school_csv_empty' } };
  return { students };
};
