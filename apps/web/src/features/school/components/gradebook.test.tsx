import { type Gradebook as GradebookData, schoolClassRoutes } from '@flashcards/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { Gradebook } from './gradebook';

afterEach(cleanup);

const book: GradebookData = {
  class: { id: 7, name: '7А', school_year: '2026/2027' },
  school: 'СУ „Васил Левски“',
  columns: [
    { test_id: 1, assignment: null, name: 'Дроби', date: '2026-10-01T07:00:00.000Z' },
    { test_id: 2, assignment: null, name: 'Проценти', date: '2026-10-05T07:00:00.000Z' },
    { test_id: 3, assignment: null, name: 'Уравнения', date: '2026-10-25T07:00:00.000Z' },
  ],
  students: [
    {
      id: 11,
      first_name: 'Ана',
      last_name: 'Петрова',
      cells: [
        { state: 'graded', grade: 5 },
        { state: 'absent', grade: null },
        { state: 'pending', grade: null },
      ],
      average: 4.67,
    },
    {
      id: 12,
      first_name: 'Борис',
      last_name: 'Иванов',
      cells: [
        { state: 'graded', grade: 6 },
        { state: 'not_given', grade: null },
        { state: 'not_given', grade: null },
      ],
      average: 6,
    },
  ],
  generated_at: '2026-10-20T08:00:00.000Z',
};

describe('the gradebook', () => {
  it('shows the students by the exams, absences and pending exams told apart, averages in the language', async () => {
    fakeApi().on(schoolClassRoutes.gradebook, book);
    renderWithProviders(<Gradebook classId={7} />, { language: 'bg' });
    const table = await screen.findByRole('table', { name: 'Оценки на 7А клас, 2026/2027' });
    const ana = within(table).getByRole('row', { name: /Ана Петрова/ });
    expect(
      within(ana)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', '5', 'отс.', '—', '4,67']);
    expect(within(ana).getByTitle('отсъства')).toBeVisible();
    expect(within(ana).getByTitle('още без оценка')).toBeVisible();
    const boris = within(table).getByRole('row', { name: /Борис Иванов/ });
    expect(within(boris).getAllByRole('cell').at(-1)?.textContent).toBe('6,00');
    expect(within(boris).getAllByText('не е даден')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Изтегли CSV' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Печат' })).toBeEnabled();
    // The printed copy carries the school, the class and its year.
    const printed = document.querySelector('.exam-print.gradebook');
    expect(printed?.textContent).toContain('СУ „Васил Левски“');
    expect(printed?.textContent).toContain('2026/2027');
  });

  it('shows two assignments of the same test as two columns', async () => {
    const errors = vi.spyOn(console, 'error');
    fakeApi().on(schoolClassRoutes.gradebook, {
      ...book,
      columns: [
        { test_id: 1, assignment: 21, name: 'Дроби', date: '2026-10-01T07:00:00.000Z' },
        { test_id: 1, assignment: 22, name: 'Дроби', date: '2026-10-15T07:00:00.000Z' },
        { test_id: 1, assignment: null, name: 'Дроби', date: '2026-10-20T07:00:00.000Z' },
      ],
    });
    renderWithProviders(<Gradebook classId={7} />, { language: 'bg' });
    const table = await screen.findByRole('table', { name: 'Оценки на 7А клас, 2026/2027' });
    expect(within(table).getAllByRole('columnheader', { name: /Дроби/ })).toHaveLength(3);
    const ana = within(table).getByRole('row', { name: /Ана Петрова/ });
    expect(
      within(ana)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', '5', 'отс.', '—', '4,67']);
    // React names a repeated key on the console: none here.
    expect(errors).not.toHaveBeenCalledWith(expect.stringContaining('same key'), expect.anything());
    errors.mockRestore();
  });

  it('says when no exam was given yet', async () => {
    fakeApi().on(schoolClassRoutes.gradebook, {
      ...book,
      columns: [],
      students: [{ ...book.students[0]!, cells: [], average: null }],
    });
    renderWithProviders(<Gradebook classId={7} />);
    expect(
      await screen.findAllByText("No exams given to this class's students in 2026/2027 yet."),
    ).not.toHaveLength(0);
  });
});
