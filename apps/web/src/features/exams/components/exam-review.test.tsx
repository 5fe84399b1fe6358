import type { ExamDetail } from '@flashcards/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { shownKeyOf } from '../answer-letters';
import { examDetail } from '../exam-fixtures';
import { ExamReview } from './exam-review';

afterEach(cleanup);

/** A question of a shuffled exam: the student saw Volga first (C in the test), then Nile, Rhine, Danube. */
const shuffledQuestion: ExamDetail['questions'][number] = {
  id: 41,
  position: 1,
  question_text: 'Which river is the longest?',
  picture_url: null,
  picture_thumbnail_url: null,
  answers: [
    { key: 'c', shown_key: 'a', text: 'Volga' },
    { key: 'a', shown_key: 'b', text: 'Nile' },
    { key: 'd', shown_key: 'c', text: 'Rhine' },
    { key: 'b', shown_key: 'd', text: 'Danube' },
  ],
  correct_answer: 'a',
  student_answer: 'c',
  is_correct: false,
  score_value: 2,
  kind: 'single',
  items: [],
  prompts: [],
  settings: null,
  student_response: null,
  points: 0,
};

describe('lettering of a shuffled exam', () => {
  it('finds the letter the student saw for a key of the test', () => {
    expect(shownKeyOf(shuffledQuestion.answers, 'c')).toBe('a');
    expect(shownKeyOf(shuffledQuestion.answers, 'a')).toBe('b');
    expect(shownKeyOf(shuffledQuestion.answers, null)).toBeNull();
  });

  it('names the letters by place, A to D from the top, and the letter in the test beside each moved one', () => {
    renderWithProviders(
      <ExamReview exam={examDetail({ questions: [shuffledQuestion] })} viewer="teacher" />,
      { mantineEnv: 'test' },
    );
    const lines = screen
      .getAllByRole('listitem')
      .filter((item) => item.tagName === 'LI' && !item.querySelector('h3'));
    expect(lines.map((line) => line.textContent)).toEqual([
      "A. Volga(C in the test)Student's answer",
      'B. Nile(A in the test)Correct answer',
      'C. Rhine(D in the test)',
      'D. Danube(B in the test)',
    ]);
  });

  it('letters in Bulgarian in the Bulgarian interface', () => {
    renderWithProviders(
      <ExamReview exam={examDetail({ questions: [shuffledQuestion] })} viewer="student" />,
      { mantineEnv: 'test', language: 'bg' },
    );
    expect(screen.getByText('А. Volga')).toBeVisible();
    expect(screen.getByText('(В в теста)')).toBeVisible();
    expect(screen.getByText('Б. Nile')).toBeVisible();
    expect(screen.getByText('(А в теста)')).toBeVisible();
  });

  it('names one letter when the exam is not shuffled', () => {
    renderWithProviders(
      <ExamReview
        exam={examDetail({
          questions: [
            {
              ...shuffledQuestion,
              answers: [
                { key: 'a', shown_key: 'a', text: 'Nile' },
                { key: 'b', shown_key: 'b', text: 'Danube' },
              ],
            },
          ],
        })}
        viewer="teacher"
      />,
      { mantineEnv: 'test' },
    );
    expect(screen.getByText('A. Nile')).toBeVisible();
    expect(screen.queryByText(/in the test/)).toBeNull();
  });
});
