import { type InitialPassword, spreadsheetCell } from '@flashcards/contract';

/** Excel reads a UTF-8 file as UTF-8 (and so Cyrillic right) only when it starts with this mark. */
export const BOM = '\uFEFF';

/**
 * One field of a CSV line: quoted when it holds a separator the server accepts (comma or semicolon), a
 * quote, a line break or spaces at its ends; quotes inside are doubled.
 */
export function csvField(value: string): string {
  return /[",;\r\n]|^\s|\s$/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * A CSV file's text: the BOM, then one line per row, fields separated by commas, lines by CRLF. Every file
 * is opened in a spreadsheet, so a field that would start a formula is written as text.
 */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return `${BOM}${rows.map((row) => row.map((field) => csvField(spreadsheetCell(field))).join(',')).join('\r\n')}\r\n`;
}

/** The header the server recognises and skips (spec: Email, First Name, Last Name). */
export const STUDENTS_HEADER = ['Email', 'First Name', 'Last Name'] as const;

/** The template of a students file: the header and example lines (in the interface language). */
export function studentsTemplate(examples: readonly (readonly [string, string, string])[]): string {
  return toCsv([STUDENTS_HEADER, ...examples]);
}

/** The sheet of initial passwords: a header in the interface language, then one line per person. */
export function passwordsSheet(
  header: readonly [first: string, last: string, email: string, password: string],
  people: readonly InitialPassword[],
): string {
  return toCsv([
    header,
    ...people.map((person) => [person.first_name, person.last_name, person.email, person.password]),
  ]);
}

/** Saves a text as a file in the browser's downloads, without asking the server. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  saveFile(new Blob([text], { type }), fileName);
}

/** Saves a file the page holds (made here or fetched) in the browser's downloads, under its name. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // After the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
