import type { ReportRow } from '@flashcards/contract';
import { toCsv } from '../../lib/csv';
import type { ReportSource } from './api/report-keys';

export type Mode = 'verbal' | 'typing';

/** A row's own name: the learning path's when it is a path, else the category's. */
export const rowName = (row: ReportRow): string => row.learning_path?.name ?? row.name;

/** A key unique among a student's rows (a category and a path of it may share an id). */
export const rowKey = (row: ReportRow): string =>
  row.learning_path ? `path-${row.learning_path.id}` : `category-${row.id}`;

/** What the per-card report of a row asks for. */
export const rowSource = (row: ReportRow): ReportSource =>
  row.learning_path ? { learning_path_id: row.learning_path.id } : { category_id: row.id };

/** Learned cards and right and wrong answers of a row in one mode. */
export const rowScores = (row: ReportRow, mode: Mode) =>
  mode === 'verbal'
    ? {
        learned: row.learned_cards_verbal_len,
        right: row.total_guesses_score,
        wrong: row.total_incorrect_guesses_score,
      }
    : {
        learned: row.learned_cards_typing_len,
        right: row.total_guesses_score_typing,
        wrong: row.total_incorrect_guesses_score_typing,
      };

export type ChartBar = { key: string; label: string; name: string; cards: number; learned: number };

/** The longest bar label; the whole name is in the tooltip and in the table. */
const LABEL_LENGTH = 16;

/** One bar pair per row (cards, and cards learned in the mode), in the order of the rows. */
export function chartBars(rows: readonly ReportRow[], mode: Mode): ChartBar[] {
  return rows.map((row) => {
    const name = rowName(row);
    return {
      key: rowKey(row),
      label: name.length > LABEL_LENGTH ? `${name.slice(0, LABEL_LENGTH - 1).trimEnd()}…` : name,
      name,
      cards: row.cards_len,
      learned: rowScores(row, mode).learned,
    };
  });
}

/** The CSV's header and kind words, in the interface language. */
export type CsvTexts = {
  header: readonly [
    kind: string,
    category: string,
    learningPath: string,
    type: string,
    created: string,
    cards: string,
    learnedVerbal: string,
    learnedTyping: string,
    rightVerbal: string,
    wrongVerbal: string,
    rightTyping: string,
    wrongTyping: string,
  ];
  category: string;
  learningPath: string;
  text: string;
  picture: string;
};

/**
 * A student's report as a CSV file: one line per category or learning path (names that would start a
 * spreadsheet formula are written as text by toCsv). Days are written as
 * `YYYY-MM-DD` and numbers without grouping, which spreadsheets read in any language.
 */
export function reportCsv(rows: readonly ReportRow[], texts: CsvTexts): string {
  return toCsv([
    texts.header,
    ...rows.map((row) => [
      row.learning_path ? texts.learningPath : texts.category,
      row.name,
      row.learning_path?.name ?? '',
      row.type_of_cards === 'picture' ? texts.picture : texts.text,
      row.date_created.slice(0, 10),
      String(row.cards_len),
      String(row.learned_cards_verbal_len),
      String(row.learned_cards_typing_len),
      String(row.total_guesses_score),
      String(row.total_incorrect_guesses_score),
      String(row.total_guesses_score_typing),
      String(row.total_incorrect_guesses_score_typing),
    ]),
  ]);
}

/** A file name from a person's name or e-mail: letters (Cyrillic too), digits and dashes. */
export const fileSafe = (text: string): string =>
  text
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase() || 'student';
