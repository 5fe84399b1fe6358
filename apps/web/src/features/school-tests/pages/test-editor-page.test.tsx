import { testRoutes } from '@flashcards/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, reply } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import '../test-texts';
import { TestEditorPage } from './test-editor-page';

// These render whole pages with Mantine's dialogs: generous limits keep them steady on a busy machine.

afterEach(cleanup);

const question = (id: number, position: number, text: string, score: number) => ({
  id,
  test: 5,
  position,
  question_text: text,
  picture_url: null,
  picture_thumbnail_url: null,
  answer_a: 'One',
  answer_b: 'Two',
  answer_c: null,
  answer_d: null,
  answers: ['One', 'Two'],
  kind: 'single' as const,
  correct_answer: 'b' as const,
  settings: null,
  score_value: score,
});
const testOf = (id: number, locked: boolean) => ({
  id,
  name: 'Fractions',
  description: '',
  excellent_score_value: 9,
  very_good_score_value: 7,
  good_score_value: 5,
  satisfy_score_value: 3,
  fail_score_value: 0,
  created_by: 1,
  date_created: '2026-11-01T10:00:00Z',
  date_modified: '2026-11-01T10:00:00Z',
  questions_count: 2,
  total_score: 10,
  exams_count: locked ? 1 : 0,
  is_locked: locked,
  questions: [question(21, 1, 'How much is a half of 4?', 4), question(22, 2, 'And a third of 9?', 6)],
});

const show = (at: string) =>
  renderWithProviders(<TestEditorPage />, {
    at,
    routes: {
      '/school-test/create': <TestEditorPage />,
      '/school-test/create/:schoolTestId': <TestEditorPage />,
    },
    mantineEnv: 'test',
    notifications: true,
  });

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

describe('the test editor', () => {
  it("previews the grade bands as typed, and shows the server's message on the threshold it names", async () => {
    const { calls } = fakeApi().on(
      testRoutes.createTest,
      reply(400, { very_good_score_value: ['Very good must be below excellent.'] }),
      // Thresholds that do not go down: what the server refuses.
      { bodyUnchecked: true },
    );
    show('/school-test/create');
    await screen.findByRole('heading', { name: 'Create a test', level: 1 });
    fireEvent.change(field(/^Name/), { target: { value: 'Fractions' } });
    fireEvent.change(field(/^Excellent \(6\) from/), { target: { value: '9' } });
    fireEvent.change(field(/^Very good \(5\) from/), { target: { value: '12' } });
    fireEvent.change(field(/^Good \(4\) from/), { target: { value: '5' } });
    fireEvent.change(field(/^Satisfactory \(3\) from/), { target: { value: '3' } });

    // No questions yet: every score is 0, and a 6 is out of reach.
    expect(screen.getByText('Fail (2): 0 points')).toBeVisible();
    expect(screen.getByText(/Excellent needs 9 points, but the questions give only 0/)).toBeVisible();
    expect(screen.getByText(/The thresholds must go down/)).toBeVisible();

    fireEvent.click(screen.getByRole('button', { name: 'Create the test' }));
    expect(await screen.findByText('Very good must be below excellent.')).toBeVisible();
    expect(field(/^Very good \(5\) from/).getAttribute('aria-invalid')).toBe('true');
    expect(field(/^Excellent \(6\) from/).getAttribute('aria-invalid')).not.toBe('true');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Fractions',
      description: '',
      excellent_score_value: 9,
      very_good_score_value: 12,
      good_score_value: 5,
      satisfy_score_value: 3,
      fail_score_value: 0,
    });
    expect(screen.getByText('Create the test first; then you can add its questions.')).toBeVisible();
  });

  it('draws the bands against the total, moves a question up, and checks a new question before sending', async () => {
    const { calls } = fakeApi()
      .on(testRoutes.orderQuestions, {
        ...testOf(5, false),
        questions: [...testOf(5, false).questions].reverse(),
      })
      .on(testRoutes.test, testOf(5, false));
    show('/school-test/create/5');
    await screen.findByRole('heading', { name: 'Edit a test', level: 1 });
    expect(screen.getByText('Excellent (6): 9 to 10 points')).toBeVisible();
    expect(screen.getByText('Fail (2): 0 to 2 points')).toBeVisible();

    fireEvent.click(screen.getByRole('button', { name: 'Move question 2 up' }));
    expect(await screen.findByText('The question is now number 1 of 2.')).toBeVisible();
    expect(calls.find((call) => call.path.endsWith('/order/'))?.body).toEqual({ questions: [22, 21] });

    const form = screen.getByRole('form', { name: 'Add question 3' });
    expect(within(form).queryByRole('textbox', { name: /^Answer D/ })).toBeNull();
    fireEvent.change(within(form).getByRole('textbox', { name: /^Answer C/ }), {
      target: { value: 'Three' },
    });
    expect(within(form).getByRole('textbox', { name: /^Answer D/ })).toBeVisible();
    fireEvent.click(within(form).getByRole('button', { name: 'Add the question' }));
    expect(within(form).getAllByText('Fill this in.')).toHaveLength(3);
    expect(within(form).getByText('The correct answer must be one that is filled in.')).toBeVisible();
    expect(calls.some((call) => call.path.endsWith('/test-teachers-questions/'))).toBe(false);
  });

  it('keeps a locked test as it is and copies it to change it', async () => {
    const { calls } = fakeApi()
      .on(testRoutes.copyTest, { ...testOf(6, false), name: 'Fractions (copy)' })
      .on(testRoutes.test, ({ params }) =>
        params.id === '5' ? testOf(5, true) : { ...testOf(6, false), name: 'Fractions (copy)' },
      );
    show('/school-test/create/5');
    expect(await screen.findByText('This test has a started exam')).toBeVisible();
    expect(field(/^Excellent \(6\) from/).matches(':disabled')).toBe(true);
    expect(field(/^Name/).matches(':disabled')).toBe(false);
    expect(screen.queryByRole('button', { name: /Move question/ })).toBeNull();
    expect(screen.queryByRole('form', { name: /Add question/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Copy to change' }));
    expect(await screen.findByDisplayValue('Fractions (copy)')).toBeVisible();
    expect(screen.queryByText('This test has a started exam')).toBeNull();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/exam/test-teachers/5/copy/',
    ]);
  });
});
