import { type TestQuestion, testRoutes } from '@flashcards/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { QuestionPictureField } from './question-picture-field';
import '../test-texts';

afterEach(cleanup);

const question: TestQuestion = {
  id: 7,
  test: 5,
  position: 1,
  kind: 'single',
  question_text: 'Which river is shown?',
  answer_a: 'Danube',
  answer_b: 'Iskar',
  answer_c: null,
  answer_d: null,
  answers: ['Danube', 'Iskar'],
  correct_answer: 'a',
  settings: null,
  score_value: 2,
  picture_url: null,
  picture_thumbnail_url: null,
};
const pictured = { ...question, picture_url: '/media/q.webp', picture_thumbnail_url: '/media/q-thumb.webp' };

describe('the picture of a question', () => {
  it('uploads the chosen file to the question and shows no picture before', async () => {
    const { calls } = fakeApi().on(testRoutes.setQuestionPicture, pictured);
    const { container } = renderWithProviders(<QuestionPictureField question={question} />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove the picture' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Choose a picture' })).toBeTruthy();
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File([new Uint8Array([1, 2, 3])], 'map.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'PUT', path: '/api/exam/test-teachers-questions/7/picture/' });
  });

  it('shows the picture named by the question and removes it', async () => {
    const { calls } = fakeApi().on(testRoutes.deleteQuestionPicture, question);
    renderWithProviders(<QuestionPictureField question={pictured} />);
    expect(screen.getByRole('img', { name: 'Which river is shown?' }).getAttribute('src')).toBe(
      '/media/q.webp',
    );
    expect(screen.getByRole('button', { name: 'Replace the picture' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove the picture' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'DELETE',
      path: '/api/exam/test-teachers-questions/7/picture/',
    });
  });
});
