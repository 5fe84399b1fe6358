import { testQuestionBody } from '@flashcards/contract';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { emptyQuestion, QuestionForm, questionBody, questionProblems } from './question-form';

afterEach(cleanup);

describe('the question editor of each kind', () => {
  it('sends a body the contract accepts for every kind, a single question as the spec sends it', () => {
    const base = { ...emptyQuestion, question_text: 'Q', score_value: 4 as const };
    const drafts = [
      { ...base, answer_a: 'x', answer_b: 'y', correct_answer: 'b' as const },
      {
        ...base,
        kind: 'multiple' as const,
        answer_a: 'x',
        answer_b: 'y',
        correct_letters: ['b' as const, 'a' as const],
      },
      { ...base, kind: 'true_false' as const, statement: 'false' as const },
      { ...base, kind: 'short_text' as const, accepted: ' Мусала \n\nMusala', ignore_diacritics: true },
      {
        ...base,
        kind: 'matching' as const,
        pairs: [
          { left: 'Sofia', right: 'Bulgaria' },
          { left: 'Rome', right: 'Italy' },
        ],
      },
      { ...base, kind: 'ordering' as const, items: [' one', 'two '] },
    ];
    const bodies = drafts.map((draft) => {
      expect(questionProblems(draft)).toEqual({});
      return questionBody(draft);
    });
    expect(bodies[0]).not.toHaveProperty('kind');
    expect(bodies[1]).toMatchObject({ kind: 'multiple', settings: { correct: ['a', 'b'] } });
    expect(bodies[3]).toMatchObject({
      settings: { accepted: ['Мусала', 'Musala'], ignore_diacritics: true },
    });
    expect(bodies[5]).toMatchObject({ settings: { items: ['one', 'two'] } });
    for (const body of bodies)
      expect(testQuestionBody.safeParse(body).success, JSON.stringify(body)).toBe(true);
  });

  it('names what is missing for a kind before sending', () => {
    const base = { ...emptyQuestion, question_text: 'Q' };
    expect(questionProblems({ ...base, kind: 'multiple', answer_a: 'x', answer_b: 'y' })).toEqual({
      correct_letters: 'questions.correctBlank',
    });
    expect(questionProblems({ ...base, kind: 'short_text', accepted: ' \n ' })).toEqual({
      accepted: 'questions.required',
    });
    expect(questionProblems({ ...base, kind: 'ordering', items: ['one', ''] })).toEqual({
      'items.1': 'questions.required',
    });
  });

  it('shows the fields of the kind chosen, with the partial-credit rule for several correct answers', () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <QuestionForm
        initial={emptyQuestion}
        title="Add question 1"
        submitLabel="Add the question"
        onSubmit={onSubmit}
        saving={false}
        serverErrors={{}}
        formError={null}
      />,
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Question type' }), {
      target: { value: 'multiple' },
    });
    expect(screen.getByText(/right answers chosen − wrong answers chosen/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Answer A is correct' })).toBeInTheDocument();
    fireEvent.change(screen.getByRole('combobox', { name: 'Question type' }), {
      target: { value: 'true_false' },
    });
    expect(screen.getByRole('radio', { name: 'False' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Answer A/ })).toBeNull();
  });

  it('adds and removes the pairs of a matching and the items of an ordering, each within its bounds', () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <QuestionForm
        initial={{ ...emptyQuestion, question_text: 'Q', kind: 'matching' }}
        title="Add question 1"
        submitLabel="Add the question"
        onSubmit={onSubmit}
        saving={false}
        serverErrors={{}}
        formError={null}
      />,
    );
    const add = () => screen.getByRole('button', { name: 'Add one more' });
    const remove = () => screen.getByRole('button', { name: 'Remove the last one' });
    expect(remove()).toBeDisabled();
    fireEvent.click(add());
    const type = (name: RegExp, value: string) => {
      fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
    };
    for (const [index, [left, right]] of [
      ['Sofia', 'Bulgaria'],
      ['Paris', 'France'],
      ['Rome', 'Italy'],
    ].entries()) {
      type(new RegExp(`^Pair ${index + 1}: left`), left!);
      type(new RegExp(`^Pair ${index + 1}: right`), right!);
    }
    expect(remove()).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: 'Add the question' }));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      settings: {
        pairs: [
          { left: 'Sofia', right: 'Bulgaria' },
          { left: 'Paris', right: 'France' },
          { left: 'Rome', right: 'Italy' },
        ],
      },
    });

    fireEvent.change(screen.getByRole('combobox', { name: 'Question type' }), {
      target: { value: 'ordering' },
    });
    fireEvent.click(add());
    for (const [index, item] of ['one', 'two', 'three'].entries())
      type(new RegExp(`^Item ${index + 1}`), item);
    fireEvent.click(remove());
    expect(screen.queryByRole('textbox', { name: /^Item 3/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add the question' }));
    expect(onSubmit.mock.calls[1]![0]).toMatchObject({ settings: { items: ['one', 'two'] } });
  });
});
