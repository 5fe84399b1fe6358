import type { ExamDetail, User } from '@flashcards/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserQuery } from '../../../lib/current-user';
import '../../../lib/i18n';
import { examDetail, reviewQuestions } from '../exam-fixtures';
import { ExamDetailPage } from './exam-detail-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(exam: ExamDetail | { status: number; body: unknown }, userId = 2) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const { pathname } = new URL(url, 'http://localhost');
    calls.push(`${init?.method ?? 'GET'} ${pathname}`);
    const reply = 'body' in exam ? exam : { status: 200, body: exam };
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(currentUserQuery.queryKey, { id: userId } as User);
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider env="test">
        <MemoryRouter initialEntries={['/school-exam/9']}>
          <Routes>
            <Route path="/school-exam/:examId" element={<ExamDetailPage />} />
          </Routes>
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return calls;
}

describe("an exam's details", () => {
  it('shows the student a completed exam with its score and grade', async () => {
    const calls = show(examDetail());
    expect(await screen.findByRole('heading', { level: 1, name: 'Fractions' })).toBeVisible();
    expect(calls).toEqual(['GET /api/exam/exams/9/']);
    expect(screen.getAllByText('Completed').length).toBeGreaterThan(0);
    expect(screen.getByText('5 / 10')).toBeVisible();
    expect(screen.getByText('Very good (5)')).toBeVisible();
    expect(screen.getByText('2 of 3 questions')).toBeVisible();
    expect(screen.getByText('Teodora Marinova')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Exams assigned to me' }).getAttribute('href')).toBe(
      '/students-school-exams',
    );
  });

  it('tells the student when results wait for the end, with no score or grade', async () => {
    show(
      examDetail({
        score: null,
        grade: null,
        show_results_after_end: true,
        results_at: '2026-11-24T10:00:00.000Z',
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Fractions' })).toBeVisible();
    expect(screen.getByText(/^Results are shown after the end \(at .+\)\.$/)).toBeVisible();
    expect(screen.queryByText(/ \/ 10$/)).toBeNull();
    expect(screen.queryByText(/\(\d\)$/)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Review' })).toBeNull();
  });

  it('shows the teacher the review: every answer, the given and the correct one marked in words', async () => {
    show(examDetail({ questions: reviewQuestions }), 1);
    expect(await screen.findByRole('heading', { level: 1, name: 'Fractions' })).toBeVisible();
    expect(screen.getByText('Ana Stoyanova')).toBeVisible();
    expect(screen.getByRole('link', { name: 'My exams' }).getAttribute('href')).toBe(
      '/school-exams?test_id=4',
    );
    const review = screen.getByRole('region', { name: 'Review' });
    const items = within(review)
      .getAllByRole('listitem')
      .filter((item) => item.tagName === 'LI' && item.querySelector('h3'));
    expect(items).toHaveLength(3);
    const [first, second, third] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByText('Right: 2 of 2 points')).toBeVisible();
    expect(within(second).getByText('Wrong: 0 of 3 points')).toBeVisible();
    expect(within(second).getByText('C. 9').parentElement?.textContent).toBe("C. 9Student's answer");
    expect(within(second).getByText('B. 6').parentElement?.textContent).toBe('B. 6Correct answer');
    expect(within(third).getByText('Not answered: 0 of 5 points')).toBeVisible();
  });

  it('says an exam that is not there, or not mine, is not found', async () => {
    show({ status: 404, body: { detail: 'Not found.' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Exam not found' })).toBeVisible();
  });
});
