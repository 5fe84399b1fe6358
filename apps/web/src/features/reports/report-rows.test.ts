import type { ReportRow } from '@flashcards/contract';
import { describe, expect, it } from 'vitest';
import { BOM } from '../../lib/csv';
import { type CsvTexts, chartBars, fileSafe, reportCsv, rowKey, rowName, rowSource } from './report-rows';

const row = (over: Partial<ReportRow> = {}): ReportRow => ({
  id: 7,
  name: 'Animals',
  user: { id: 3, first_name: 'Ivan', last_name: 'Petrov', avatar_url: null, email: 'ivan@example.com' },
  learning_path: null,
  date_created: '2026-03-04T10:11:12.000Z',
  type_of_cards: 'text',
  cards_len: 12,
  learned_cards_verbal_len: 5,
  learned_cards_typing_len: 2,
  total_guesses_score: 40,
  total_incorrect_guesses_score: 6,
  total_guesses_score_typing: 11,
  total_incorrect_guesses_score_typing: 3,
  ...over,
});

const path = row({
  id: 7,
  learning_path: {
    id: 21,
    name: 'Week 1',
    learned_card_volume_verbal: 10,
    learned_card_volume_typing: 10,
    test: null,
  },
  type_of_cards: 'picture',
  cards_len: 4,
  learned_cards_verbal_len: 1,
});

const texts: CsvTexts = {
  header: [
    'Вид',
    'Категория',
    'Учебна пътека',
    'Карти',
    'Създадена',
    'Карти',
    'Научени устно',
    'Научени писмено',
    'Верни, устно',
    'Грешни, устно',
    'Верни, писмено',
    'Грешни, писмено',
  ],
  category: 'Категория',
  learningPath: 'Учебна пътека',
  text: 'Текстови',
  picture: 'Със снимки',
};

describe('rows', () => {
  it('names a path by its own name and keeps it apart from its category', () => {
    expect(rowName(row())).toBe('Animals');
    expect(rowName(path)).toBe('Week 1');
    expect(rowKey(row())).not.toBe(rowKey(path));
    expect(rowSource(row())).toEqual({ category_id: 7 });
    expect(rowSource(path)).toEqual({ learning_path_id: 21 });
  });
});

describe('chartBars', () => {
  it('gives the cards and the cards learned in the chosen mode, in order', () => {
    expect(chartBars([row(), path], 'verbal')).toEqual([
      { key: 'category-7', label: 'Animals', name: 'Animals', cards: 12, learned: 5 },
      { key: 'path-21', label: 'Week 1', name: 'Week 1', cards: 4, learned: 1 },
    ]);
    expect(chartBars([row(), path], 'typing').map((bar) => bar.learned)).toEqual([2, 2]);
  });

  it('shortens long names on the axis and keeps the whole name', () => {
    const [bar] = chartBars([row({ name: 'Irregular verbs of the second group' })], 'verbal');
    expect(bar?.label).toBe('Irregular verbs…');
    expect(bar?.name).toBe('Irregular verbs of the second group');
  });

  it('is empty without rows', () => {
    expect(chartBars([], 'typing')).toEqual([]);
  });
});

describe('reportCsv', () => {
  it('writes the BOM, the header in the language and one line per row', () => {
    const csv = reportCsv([row(), path], texts);
    expect(csv.startsWith(BOM)).toBe(true);
    const lines = csv.slice(BOM.length).split('\r\n');
    expect(lines).toEqual([
      'Вид,Категория,Учебна пътека,Карти,Създадена,Карти,Научени устно,Научени писмено,"Верни, устно","Грешни, устно","Верни, писмено","Грешни, писмено"',
      'Категория,Animals,,Текстови,2026-03-04,12,5,2,40,6,11,3',
      'Учебна пътека,Animals,Week 1,Със снимки,2026-03-04,4,1,2,40,6,11,3',
      '',
    ]);
  });

  it('quotes names with commas and keeps formulas from running', () => {
    const csv = reportCsv([row({ name: 'Verbs, part 2' }), row({ name: '=SUM(A1)' })], texts);
    expect(csv).toContain('Категория,"Verbs, part 2",');
    expect(csv).toContain("Категория,'=SUM(A1),");
  });
});

describe('fileSafe', () => {
  it('keeps letters of any alphabet and digits', () => {
    expect(fileSafe('Иван Петров')).toBe('иван-петров');
    expect(fileSafe('ivan.p@example.com')).toBe('ivan-p-example-com');
    expect(fileSafe('***')).toBe('student');
  });
});
