import {
  type ExamAnalysis,
  type ExamResult,
  examResultRoutes,
  examRoutes,
  type SchoolTestDetail,
  testRoutes,
} from '@flashcards/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { ItemAnalysis } from '../components/item-analysis';
import { CopyToColleagueModal } from '../components/test-sharing';
import { ExamsPage } from './exams-page';
import { gradeDistribution, ResultsSheetPage } from './results-sheet-page';
import { TestPaperPage } from './test-paper-page';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  // The print copies are portaled into body.
  document.body.innerHTML = '';
});

const analysis: ExamAnalysis = {
  exams_count: 4,
  questions: [
    {
      id: 12,
      test: { id: 5, name: 'Fractions' },
      position: 2,
      kind: 'single',
      correct_answers: [],
      question_text: '2/3 of 9 = ?',
      picture_url: null,
      picture_thumbnail_url: null,
      correct_answer: 'b',
      score_value: 3,
      taken: 4,
      answers: [
        { key: 'a', text: '3', count: 2 },
        { key: 'b', text: '6', count: 1 },
        { key: 'c', text: '9', count: 0 },
      ],
      unanswered: 1,
      correct: 1,
      correct_share: 0.25,
    },
    {
      id: 11,
      test: { id: 5, name: 'Fractions' },
      position: 1,
      kind: 'single',
      correct_answers: [],
      question_text: '1/2 + 1/4 = ?',
      picture_url: null,
      picture_thumbnail_url: null,
      correct_answer: 'a',
      score_value: 2,
      taken: 4,
      answers: [
        { key: 'a', text: '3/4', count: 4 },
        { key: 'b', text: '2/6', count: 0 },
      ],
      unanswered: 0,
      correct: 4,
      correct_share: 1,
    },
  ],
};

describe('the item analysis', () => {
  it('lists the questions hardest first with the share right, each choice and the unanswered, in a table', () => {
    renderWithProviders(<ItemAnalysis analysis={analysis} />, { mantineEnv: 'test' });
    const table = screen.getByRole('table', { name: /share of right answers/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Question 22/3 of 9 = ?',
      'Question 11/2 + 1/4 = ?',
    ]);
    expect(rows[0]!.textContent).toContain('25% (1 of 4)');
    expect(rows[0]!.textContent).toContain('A: 2');
    expect(rows[0]!.textContent).toContain('B (right): 1');
    expect(rows[0]!.textContent).toContain('C: 0');
    expect(within(rows[0]!).getAllByRole('cell').at(-1)?.textContent).toBe('1');
    expect(rows[1]!.textContent).toContain('100% (4 of 4)');
    expect(screen.getByText('From 4 completed exams; the hardest questions first.')).toBeVisible();
  });

  it('speaks Bulgarian letters and numbers in the Bulgarian interface', () => {
    renderWithProviders(<ItemAnalysis analysis={analysis} />, { mantineEnv: 'test', language: 'bg' });
    const table = screen.getByRole('table', { name: /Делът верни отговори/ });
    expect(table.textContent).toContain('Б (верен): 1');
    expect(table.textContent).toContain('В: 0');
    expect(table.textContent).toMatch(/25\s?% \(1 от 4\)/);
  });

  it('says when nothing is completed yet, and shows the ten hardest until asked for all', () => {
    const { unmount } = renderWithProviders(<ItemAnalysis analysis={{ exams_count: 0, questions: [] }} />, {
      mantineEnv: 'test',
    });
    expect(screen.getByText('The item analysis appears once an exam is completed.')).toBeVisible();
    unmount();
    const many = {
      exams_count: 1,
      questions: Array.from({ length: 12 }, (_, index) => ({
        ...analysis.questions[0]!,
        id: 100 + index,
        position: index + 1,
      })),
    };
    renderWithProviders(<ItemAnalysis analysis={many} />, { mantineEnv: 'test' });
    expect(screen.getAllByRole('row')).toHaveLength(11);
    fireEvent.click(screen.getByRole('button', { name: 'Show all 12 questions' }));
    expect(screen.getAllByRole('row')).toHaveLength(13);
  });
});

describe('the exams page', () => {
  it('asks for the analysis and the export with the filters of the address, and downloads the file', async () => {
    const server = fakeApi()
      .on(examRoutes.examSummary, {
        count: 4,
        by_status: { not_started: 0, in_progress: 0, completed: 4, missed: 0 },
        by_grade: { '2': 1, '3': 0, '4': 1, '5': 1, '6': 1 },
        average_score: 3,
        average_grade: 4.25,
      })
      .on(examRoutes.teacherExams, { count: 0, next: null, previous: null, results: [] })
      .on(examRoutes.examAssignments, { count: 0, next: null, previous: null, results: [] })
      .on(testRoutes.testChoices, [])
      .on(examResultRoutes.examAnalysis, analysis)
      .on(
        examResultRoutes.exportExamResults,
        () =>
          new Response('\ufefffirst_name\r\n', {
            status: 200,
            headers: {
              'content-type': 'text/csv; charset=utf-8',
              'content-disposition': `attachment; filename="x.csv"; filename*=UTF-8''${encodeURIComponent('Дроби results.csv')}`,
            },
          }),
      );
    URL.createObjectURL = vi.fn(() => 'blob:results');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderWithProviders(<ExamsPage />, {
      at: '/school-exams?test_id=5&status=completed',
      path: '/school-exams',
      mantineEnv: 'test',
    });
    expect(await screen.findByRole('heading', { name: 'Item analysis' }, { timeout: 5000 })).toBeVisible();
    const asked = server.callsTo(examResultRoutes.examAnalysis)[0]!.url.searchParams;
    expect([asked.get('test_id'), asked.get('status')]).toEqual(['5', 'completed']);
    expect(screen.getByRole('link', { name: 'Results sheet' }).getAttribute('href')).toBe(
      '/school-exams/print?test_id=5&status=completed',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await vi.waitFor(() => expect(saved).toEqual(['Дроби results.csv']));
    expect(server.callsTo(examResultRoutes.exportExamResults)[0]!.url.search).toBe(
      '?test_id=5&status=completed',
    );
  });
});

const result = (id: number, name: string, score: number | null, grade: ExamResult['grade']): ExamResult => ({
  id,
  student: { id: 100 + id, first_name: name, last_name: 'Petrova', avatar_url: null },
  test: { id: 5, name: 'Fractions' },
  status: score === null ? 'missed' : 'completed',
  score,
  total_score: 10,
  grade,
  start_exam_at: '2026-11-24T09:00:00.000Z',
  end_exam_at: '2026-11-24T10:00:00.000Z',
  started_at: score === null ? null : '2026-11-24T09:05:00.000Z',
  completed_at: score === null ? null : '2026-11-24T09:40:00.000Z',
});

describe('the results sheet', () => {
  it('counts the grades and averages the graded exams only', () => {
    const counted = gradeDistribution([
      result(1, 'Ana', 10, 6),
      result(2, 'Boris', 4, 3),
      result(3, 'Vera', null, null),
    ]);
    expect(counted.counts).toEqual([
      { grade: 6, count: 1 },
      { grade: 5, count: 0 },
      { grade: 4, count: 0 },
      { grade: 3, count: 1 },
      { grade: 2, count: 0 },
    ]);
    expect([counted.graded, counted.averageScore, counted.averageGrade]).toEqual([2, 7, 4.5]);
  });

  it("shows the test, the selection, each student's score and grade and the distribution, and prints", async () => {
    const server = fakeApi().on(examResultRoutes.examResults, {
      generated_at: '2026-11-24T12:00:00.000Z',
      results: [result(1, 'Ana', 10, 6), result(2, 'Boris', 4, 3), result(3, 'Vera', null, null)],
    });
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderWithProviders(<ResultsSheetPage />, {
      at: '/school-exams/print?test_id=5&search=Petrova',
      path: '/school-exams/print',
      mantineEnv: 'test',
    });
    const sheet = await screen.findByRole('article', { name: 'Results sheet' });
    expect(server.callsTo(examResultRoutes.examResults)[0]!.url.search).toBe('?test_id=5&search=Petrova');
    expect(within(sheet).getByRole('heading', { level: 1, name: 'Results sheet' })).toBeVisible();
    expect(sheet.textContent).toContain('Fractions');
    expect(sheet.textContent).toContain('Student: Petrova');
    const students = within(sheet).getByRole('table', { name: /Each student's result/ });
    const rows = within(students).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Ana Petrova10 / 10Excellent (6)Completed'),
      expect.stringContaining('Boris Petrova4 / 10Satisfactory (3)Completed'),
      '3Vera Petrova––Missed–',
    ]);
    const distribution = within(sheet).getByRole('table', { name: /got each grade/ });
    expect(within(distribution).getByRole('row', { name: 'Excellent (6) 1' })).toBeVisible();
    expect(within(distribution).getByRole('row', { name: 'Fail (2) 0' })).toBeVisible();
    expect(sheet.textContent).toContain('Average: 7.0 points, grade 4.5');
    // The copy that only print shows holds the same sheet.
    expect(document.querySelector('.exam-print')?.textContent).toBe(sheet.textContent);
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });
});

const testDetail: SchoolTestDetail = {
  id: 5,
  name: 'Fractions',
  description: '',
  excellent_score_value: 5,
  very_good_score_value: 4,
  good_score_value: 3,
  satisfy_score_value: 2,
  fail_score_value: 0,
  created_by: 1,
  date_created: '2026-11-20T09:00:00.000Z',
  date_modified: '2026-11-20T09:00:00.000Z',
  questions_count: 2,
  total_score: 5,
  exams_count: 0,
  is_locked: false,
  questions: [
    {
      id: 11,
      test: 5,
      position: 1,
      question_text: '1/2 + 1/4 = ?',
      picture_url: null,
      picture_thumbnail_url: null,
      answer_a: '3/4',
      answer_b: '2/6',
      answer_c: null,
      answer_d: null,
      answers: ['3/4', '2/6'],
      kind: 'single',
      settings: null,
      correct_answer: 'a',
      score_value: 2,
    },
    {
      id: 12,
      test: 5,
      position: 2,
      question_text: '2/3 of 9 = ?',
      picture_url: null,
      picture_thumbnail_url: null,
      answer_a: '3',
      answer_b: '6',
      answer_c: '9',
      answer_d: null,
      answers: ['3', '6', '9'],
      kind: 'single',
      settings: null,
      correct_answer: 'b',
      score_value: 3,
    },
  ],
};

describe('the test paper', () => {
  it('lists the questions with lettered answers, and the key on a page of its own', async () => {
    fakeApi().on(testRoutes.test, testDetail);
    renderWithProviders(<TestPaperPage />, {
      at: '/school-test/print/5',
      path: '/school-test/print/:schoolTestId',
      mantineEnv: 'test',
      language: 'bg',
    });
    const paper = await screen.findByRole('article', { name: 'Тест за печат' });
    expect(within(paper).getByRole('heading', { level: 1, name: 'Fractions' })).toBeVisible();
    expect(within(paper).getByText('Б. 6')).toBeVisible();
    const key = paper.querySelector('.exam-paper-key') as HTMLElement;
    expect(within(key).getByRole('heading', { name: 'Ключ с верните отговори: Fractions' })).toBeVisible();
    const rows = within(key).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['1А2', '2Б3']);
    // The questions are not in the key's part, nor the key in the questions'.
    expect(key.textContent).not.toContain('2/3 of 9');
    expect(key.previousElementSibling?.textContent).toContain('2/3 of 9');
  });
});

describe('copying to a colleague', () => {
  it('lists the colleagues and sends the chosen one', async () => {
    const server = fakeApi()
      .on(examResultRoutes.colleagues, [
        { id: 7, first_name: 'Mila', last_name: 'Ivanova', avatar_url: null, is_principal: false },
        { id: 8, first_name: 'Petar', last_name: 'Georgiev', avatar_url: null, is_principal: true },
      ])
      .on(testRoutes.copyTest, { ...testDetail, id: 6, created_by: 7 });
    const onClose = vi.fn();
    renderWithProviders(<CopyToColleagueModal test={{ ...testDetail }} onClose={onClose} />, {
      mantineEnv: 'test',
      notifications: true,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Copy “Fractions” to a colleague' });
    const picker = await within(dialog).findByRole('combobox', { name: 'Colleague' });
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeDisabled();
    fireEvent.click(picker);
    fireEvent.click(await screen.findByRole('option', { name: 'Petar Georgiev (principal)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.sent().filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/exam/test-teachers/5/copy/', body: { colleague: 8 } },
    ]);
    expect(await screen.findByText('“Fractions” was copied to Petar Georgiev.')).toBeVisible();
  });
});
