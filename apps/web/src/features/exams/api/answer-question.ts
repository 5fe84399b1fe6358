import { type AnswerKey, examRoutes, type QuestionResponse } from '@flashcards/contract';
import { api } from '../../../lib/api-client';

/**
 * Saves the answer to one question of my started exam; it may change until the exam is completed. A
 * single-choice question takes its letter, the other kinds their response.
 */
export const answerQuestion = (
  examId: number,
  questionId: number,
  answer: AnswerKey | QuestionResponse,
  single = true,
) =>
  api.call(examRoutes.answerQuestion, {
    params: { examId, questionId },
    body: single ? { student_answer: answer as AnswerKey } : { response: answer },
  });
