/**
 * Cells of the CSV files the app writes (card exports, a student's report, the initial-passwords sheet).
 * A spreadsheet runs a cell starting with `=`, `+`, `-` or `@` (and, in some, a tab or a carriage return)
 * as a formula, and a deck adopted from the catalog carries another author's text; a leading apostrophe
 * makes it text, which spreadsheets show without the apostrophe.
 *
 * Text already starting with apostrophes before such a character gets one more, so that `fromSpreadsheetCell`
 * gives back exactly what was written: our own upload reads our export unchanged.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

export const spreadsheetCell = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value);

/** The text of a cell `spreadsheetCell` wrote (a cell starting with an apostrophe and then a formula's start). */
export const fromSpreadsheetCell = (value: string): string =>
  value.startsWith("'") && FORMULA_START.test(value) ? value.slice(1) : value;
