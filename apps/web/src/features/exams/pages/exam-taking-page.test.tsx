import { examRoutes } from '@flashcards/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Link } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, reply } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { examDetail, taking } from '../exam-fixtures';
import { ExamTakingPage } from './exam-taking-page';

afterEach(cleanup);

const iso = (fromNowMs: number) => new Date(Date.now() + fromNowMs).toISOString();
const examWindow = { start_exam_at: iso(-60_000), end_exam_at: iso(30 * 60_000), ends_at: iso(30 * 60_000) };

type Reply = { status: number; body: unknown };
function show({
  exam,
  start = { status: 200, body: taking({ ...examWindow, server_time: iso(0) }) },
  answer = () => ({
    status: 200,
    body: { question: 31, student_answer: 'a', student_response: null, answers_count: 1 },
  }),
}: {
  exam: Reply;
  start?: Reply;
  answer?: () => Reply;
}) {
  const answerOf = ({ status, body }: Reply) => reply(status, body);
  const server = fakeApi()
    .on(examRoutes.exam, answerOf(exam))
    .on(examRoutes.startExam, answerOf(start))
    .on(examRoutes.answerQuestion, () => answerOf(answer()))
    .on(examRoutes.completeExam, examDetail({ ...examWindow }))
    .on(examRoutes.examPresence, reply(204, null));
  renderWithProviders(
    <>
      <Link to="/my-learning-paths">Elsewhere</Link>
      <ExamTakingPage />
    </>,
    {
      path: '/school-exam-started/:examId',
      at: '/school-exam-started/9',
      routes: { '/school-exam/:examId': <h1>The details</h1>, '/my-learning-paths': <h1>Another page</h1> },
      user: { id: 2 },
      strict: true,
      mantineEnv: 'test',
      dataRouter: true,
    },
  );
  // Each call as "METHOD /path/ {body}"; presence has its own test (use-exam-presence).
  return () =>
    server.calls
      .filter((call) => !call.path.endsWith('/presence/'))
      .map(
        (call) =>
          `${call.method} ${call.path}${call.body === undefined ? '' : ` ${JSON.stringify(call.body)}`}`,
      );
}

const notStarted = {
  status: 200,
  body: examDetail({
    ...examWindow,
    now: iso(0),
    status: 'not_started',
    is_exam_started: false,
    started_at: null,
    completed_at: null,
    answers_count: 0,
    score: null,
    grade: null,
    results_at: null,
  }),
};

describe('taking an exam', () => {
  it('warns first, then saves each answer as it is given, and finishing completes it', async () => {
    const calls = show({ exam: notStarted });
    expect(await screen.findByText('Your attempt stays open until you finish')).toBeVisible();
    expect(screen.getByText('3 questions, 10 points in all.')).toBeVisible();
    expect(calls().filter((call) => call.startsWith('PUT'))).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Start the exam' }));

    expect(await screen.findByRole('heading', { name: 'Question 1 of 3' })).toBeVisible();
    expect(calls()).toContain('PUT /api/exam/exam-started/9/ {}');
    expect(screen.getByRole('timer').textContent).toMatch(/^(30:00|29:5\d)$/);
    const answers = screen.getByRole('radiogroup', { name: '1/2 + 1/4 = ?' });
    fireEvent.click(within(answers).getByRole('radio', { name: 'A. 3/4' }));
    await waitFor(() => expect(calls()).toContain('POST /api/exam/9/31/answer/ {"student_answer":"a"}'));
    expect(await screen.findByText('Saved')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Question 1, answered' })).toBeVisible();

    fireEvent.click(screen.getByRole('button', { name: 'Save and next' }));
    expect(await screen.findByRole('heading', { name: 'Question 2 of 3' })).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Finish the exam' }));
    const dialog = await screen.findByRole('dialog', { name: 'Finish the exam?' });
    expect(within(dialog).getByText(/^2 questions are unanswered\./)).toBeVisible();
    expect(within(dialog).getByText('Not answered: questions 2 and 3.')).toBeVisible();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Finish' }));
    expect(await screen.findByRole('heading', { name: 'The details' })).toBeVisible();
    expect(calls().filter((call) => call.startsWith('PUT /api/exam/exam-completed/'))).toEqual([
      'PUT /api/exam/exam-completed/9/ {}',
    ]);
  });

  it('saves a typed answer after a pause, not per keystroke, and finishing right after typing keeps the last text', async () => {
    const resumed = taking({ ...examWindow, server_time: iso(0) }, ['a', 'b']);
    resumed.questions[2] = { ...resumed.questions[2]!, kind: 'short_text', answers: [] };
    const calls = show({
      exam: { status: 200, body: examDetail({ ...examWindow, status: 'in_progress', completed_at: null }) },
      start: { status: 200, body: resumed },
    });
    const typed = await screen.findByRole('textbox', { name: 'Your answer' });
    for (const text of ['M', 'Mu', 'Musala']) fireEvent.change(typed, { target: { value: text } });
    expect(calls().filter((call) => call.startsWith('POST'))).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Finish the exam' }));
    const dialog = await screen.findByRole('dialog', { name: 'Finish the exam?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Finish' }));
    expect(await screen.findByRole('heading', { name: 'The details' })).toBeVisible();
    expect(
      calls().filter((call) => call.startsWith('POST') || call.startsWith('PUT /api/exam/exam-completed/')),
    ).toEqual(['POST /api/exam/9/33/answer/ {"response":"Musala"}', 'PUT /api/exam/exam-completed/9/ {}']);
  });

  it('comes back to a started exam at its first unanswered question, and leaving asks and keeps it open', async () => {
    const calls = show({
      exam: { status: 200, body: examDetail({ ...examWindow, status: 'in_progress', completed_at: null }) },
      start: { status: 200, body: taking({ ...examWindow, server_time: iso(0) }, ['a', 'b']) },
    });
    // Straight to the first unanswered question, without the warning.
    expect(await screen.findByRole('heading', { name: 'Question 3 of 3' })).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Question 2, answered' }));
    expect((screen.getByRole('radio', { name: 'B. 6' }) as HTMLInputElement).checked).toBe(true);
    // Closing or reloading the tab gets the browser's prompt.
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const asked = await screen.findByRole('dialog', { name: 'Leave the exam?' });
    expect(within(asked).getByText(/^Your exam stays open and your answers are kept/)).toBeVisible();
    fireEvent.click(within(asked).getByRole('button', { name: 'Stay in the exam' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Leave the exam?' })).toBeNull());
    expect(screen.getByRole('heading', { name: 'Question 2 of 3' })).toBeVisible();

    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Leave the exam?' })).getByRole('button', {
        name: 'Leave',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Another page' })).toBeVisible();
    expect(calls().filter((call) => call.startsWith('PUT /api/exam/exam-completed/'))).toEqual([]);
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
  });

  it('in the strict mode comes back with its saved answers, and a confirmed leave completes it once', async () => {
    const calls = show({
      exam: {
        status: 200,
        body: examDetail({ ...examWindow, status: 'in_progress', completed_at: null, leave_completes: true }),
      },
      start: {
        status: 200,
        body: taking({ ...examWindow, server_time: iso(0), leave_completes: true }, ['a']),
      },
    });
    // Straight to the first unanswered question, without the warning.
    expect(await screen.findByRole('heading', { name: 'Question 2 of 3' })).toBeVisible();
    expect(screen.getByText('You are continuing your exam. The answers you gave are kept.')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Question 1, answered' }));
    expect(await screen.findByRole('heading', { name: 'Question 1 of 3' })).toBeVisible();
    expect((screen.getByRole('radio', { name: 'A. 3/4' }) as HTMLInputElement).checked).toBe(true);
    expect(calls().filter((call) => call.startsWith('PUT /api/exam/exam-completed/'))).toEqual([]);

    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const asked = await screen.findByRole('dialog', { name: 'Leave the exam?' });
    expect(
      within(asked).getByText(
        'Leaving this page completes your exam: you cannot change your answers afterwards.',
      ),
    ).toBeVisible();
    expect(calls().filter((call) => call.startsWith('PUT /api/exam/exam-completed/'))).toEqual([]);
    fireEvent.click(within(asked).getByRole('button', { name: 'Leave and complete' }));
    expect(await screen.findByRole('heading', { name: 'Another page' })).toBeVisible();
    await waitFor(() =>
      expect(calls().filter((call) => call.startsWith('PUT /api/exam/exam-completed/'))).toEqual([
        'PUT /api/exam/exam-completed/9/ {}',
      ]),
    );
  });

  it('keeps an answer the server did not get and sends it again when the connection is back', async () => {
    let online = false;
    const calls = show({
      exam: notStarted,
      answer: () =>
        online
          ? {
              status: 200,
              body: { question: 31, student_answer: 'b', student_response: null, answers_count: 1 },
            }
          : { status: 503, body: { detail: 'Service unavailable' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Start the exam' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'B. 2/6' }));
    expect(await screen.findByText('Not saved, retrying')).toBeVisible();
    online = true;
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('Saved')).toBeVisible();
    expect(calls().filter((call) => call.includes('/answer/'))).toEqual([
      'POST /api/exam/9/31/answer/ {"student_answer":"b"}',
      'POST /api/exam/9/31/answer/ {"student_answer":"b"}',
    ]);
  });

  it("shows the server's refusal to start, with the way to the details", async () => {
    show({ exam: notStarted, start: { status: 403, body: { detail: 'This exam has ended.' } } });
    fireEvent.click(await screen.findByRole('button', { name: 'Start the exam' }));
    expect(await screen.findByText('This exam has ended.')).toBeVisible();
    expect(screen.getByRole('link', { name: "See the exam's details" }).getAttribute('href')).toBe(
      '/school-exam/9',
    );
  });
});
