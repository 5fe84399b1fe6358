import { type ReportRow, type ReportStudent, reportRoutes } from '@flashcards/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, page, reply } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { ReportsPage } from './reports-page';

afterEach(cleanup);

const student: ReportStudent = {
  id: 3,
  first_name: 'Ana',
  last_name: 'Stoyanova',
  email: 'ana@example.com',
  avatar_url: null,
  is_student: true,
  is_teacher: false,
  relation: 'friend',
  categories_len: 2,
  learning_paths_len: 1,
  learned_cards_verbal_len: 7,
  learned_cards_typing_len: 0,
  last_active: null,
};
const row = (over: Partial<ReportRow>): ReportRow => ({
  id: 7,
  name: 'Animals',
  user: { id: 3, first_name: 'Ana', last_name: 'Stoyanova', avatar_url: null, email: 'ana@example.com' },
  learning_path: null,
  date_created: '2026-03-04T10:00:00Z',
  type_of_cards: 'text',
  cards_len: 12,
  learned_cards_verbal_len: 5,
  learned_cards_typing_len: 0,
  total_guesses_score: 50,
  total_incorrect_guesses_score: 4,
  total_guesses_score_typing: 0,
  total_incorrect_guesses_score_typing: 0,
  ...over,
});
describe('reports', () => {
  it('lists the students I reach with their totals and a link to their report', async () => {
    fakeApi().on(reportRoutes.reportStudents, page([student]));
    renderWithProviders(<ReportsPage />, { at: '/reports' });
    const link = await screen.findByRole('link', { name: 'Ana Stoyanova' });
    expect(link.getAttribute('href')).toBe('/reports?student=ana%40example.com');
    expect(screen.getByText('Friend')).toBeVisible();
    expect(screen.getByText(/2 categories · 1 learning path · Learned verbally: 7/)).toBeVisible();
    expect(screen.getByText('Not active yet')).toBeVisible();
  });

  it('explains who appears here when I reach nobody', async () => {
    fakeApi().on(reportRoutes.reportStudents, page([]));
    renderWithProviders(<ReportsPage />, { at: '/reports' });
    expect(await screen.findByText('Nobody to report on yet')).toBeVisible();
    expect(screen.getByText(/the students of your school appear here/)).toBeVisible();
  });

  it("shows the server's refusal to non-subscribers with the way to subscribe", async () => {
    fakeApi().on(reportRoutes.reportStudents, reply(403, { detail: 'Reports are for subscribers.' }));
    renderWithProviders(<ReportsPage />, { at: '/reports' });
    expect(await screen.findByText('Reports are for subscribers.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'See the subscriptions' }).getAttribute('href')).toBe(
      '/subscriptions',
    );
  });

  it("shows a student's categories and paths, a path marked as such", async () => {
    const path = row({
      learning_path: {
        id: 21,
        name: 'Week 1',
        learned_card_volume_verbal: 10,
        learned_card_volume_typing: 10,
        test: { id: 9, name: 'Animals quiz', exam: 44, score: 3, total_score: 6, grade: 5 },
      },
      cards_len: 4,
      learned_cards_verbal_len: 1,
    });
    const server = fakeApi().on(reportRoutes.reports, page([row({}), path]));
    renderWithProviders(<ReportsPage />, { at: '/reports?student=ana%40example.com' });
    const calls = () => server.calls.map(({ url }) => `${url.pathname}${url.search}`);
    const table = await screen.findByRole('table', { name: 'Categories and learning paths' });
    expect(screen.getByRole('heading', { name: 'Report of Ana Stoyanova' })).toBeVisible();
    expect(calls()).toContain('/api/card/reports/?userEmail=ana%40example.com&page=1');
    const pathRow = within(table).getByRole('row', { name: /Week 1/ });
    expect(within(pathRow).getByText('Learning path')).toBeVisible();
    expect(within(pathRow).getByText('Path of Animals', { exact: false })).toBeVisible();
    expect(within(pathRow).getByText('Test “Animals quiz”: 3 of 6, grade 5')).toBeVisible();
    expect(
      within(pathRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['4', '1', '0', '50', '4', '0', '0', 'See the cards']);
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeVisible();
  });
});
