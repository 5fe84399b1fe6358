import type { ExamDetail, ExamTaking } from '@flashcards/contract';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { examDetail } from '../exam-fixtures';
import { ExamReview } from './exam-review';
import { QuestionInput } from './question-input';

afterEach(cleanup);

const base = {
  id: 7,
  question_text: 'Put them in order',
  picture_url: null,
  picture_thumbnail_url: null,
  answers: [],
  items: [
    { key: 2, text: 'three' },
    { key: 0, text: 'one' },
    { key: 1, text: 'two' },
  ],
  prompts: [],
  score_value: 6,
  student_answer: null,
  student_response: null,
} satisfies Omit<ExamTaking['questions'][number], 'kind'>;

describe('answering each kind', () => {
  it('moves an ordering item with its up and down buttons and says where it went', () => {
    const onChange = vi.fn();
    const onMoved = vi.fn();
    renderWithProviders(
      <QuestionInput
        question={{ ...base, kind: 'ordering' }}
        value={undefined}
        disabled={false}
        onChange={onChange}
        onMoved={onMoved}
      />,
    );
    expect(screen.getByRole('button', { name: 'Move three up' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Move one up' }));
    expect(onChange).toHaveBeenCalledWith([0, 2, 1]);
    expect(onMoved).toHaveBeenCalledWith('one is now at place 1 of 3');
  });

  it('matches each left item through a labelled select of the shuffled right items', () => {
    const onChange = vi.fn();
    renderWithProviders(
      <QuestionInput
        question={{ ...base, kind: 'matching', prompts: ['1', '2', '3'] }}
        value={[null, 1, null]}
        disabled={false}
        onChange={onChange}
      />,
    );
    expect(screen.getByLabelText('Match for 2')).toHaveValue('1');
    fireEvent.change(screen.getByLabelText('Match for 1'), { target: { value: '2' } });
    expect(onChange).toHaveBeenCalledWith([2, 1, null]);
  });

  it('chooses several answers with checkboxes, and types a short answer in a labelled field', () => {
    const onChange = vi.fn();
    const answers = [
      { key: 'a', shown_key: 'a', text: 'Iskar' },
      { key: 'b', shown_key: 'b', text: 'Alps' },
    ] as const;
    renderWithProviders(
      <QuestionInput
        question={{ ...base, kind: 'multiple', answers: [...answers] }}
        value={['a']}
        disabled={false}
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('checkbox', { name: 'A. Iskar' })).toBeChecked();
    fireEvent.click(screen.getByRole('checkbox', { name: 'B. Alps' }));
    expect(onChange).toHaveBeenCalledWith(['a', 'b']);
    cleanup();
    renderWithProviders(
      <QuestionInput
        question={{ ...base, kind: 'short_text' }}
        value="Мус"
        disabled={false}
        onChange={onChange}
      />,
    );
    fireEvent.change(screen.getByLabelText('Your answer'), { target: { value: 'Мусала' } });
    expect(onChange).toHaveBeenLastCalledWith('Мусала');
  });
});

describe('the review of other kinds', () => {
  it('shows a partial credit with its rule, and the answer given beside the right one', () => {
    const several: ExamDetail['questions'][number] = {
      id: 51,
      position: 1,
      kind: 'multiple',
      question_text: 'Rivers of Bulgaria?',
      picture_url: null,
      picture_thumbnail_url: null,
      answers: [
        { key: 'a', shown_key: 'a', text: 'Iskar' },
        { key: 'b', shown_key: 'b', text: 'Alps' },
        { key: 'c', shown_key: 'c', text: 'Maritsa' },
      ],
      items: [],
      prompts: [],
      correct_answer: null,
      settings: { kind: 'multiple', correct: ['a', 'c'] },
      student_answer: null,
      student_response: ['a'],
      points: 5,
      is_correct: false,
      score_value: 10,
    };
    const typed: ExamDetail['questions'][number] = {
      ...several,
      id: 52,
      position: 2,
      kind: 'short_text',
      answers: [],
      settings: {
        kind: 'short_text',
        accepted: ['Мусала'],
        ignore_case: true,
        ignore_spaces: true,
        ignore_diacritics: false,
      },
      student_response: 'Вихрен',
      points: 0,
    };
    renderWithProviders(<ExamReview exam={examDetail({ questions: [several, typed] })} viewer="student" />);
    expect(screen.getByText('Partly right: 5 of 10 points')).toBeInTheDocument();
    expect(screen.getByText(/right answers chosen − wrong answers chosen/)).toBeInTheDocument();
    expect(screen.getAllByText('Correct answer')).toHaveLength(2);
    expect(screen.getByText('Your answer: Вихрен')).toBeInTheDocument();
    expect(screen.getByText('Right answer: Мусала')).toBeInTheDocument();
    expect(screen.getByText('Wrong: 0 of 10 points')).toBeInTheDocument();
  });
});
