import { type AnswerKey, examRoutes } from '@flashcards/contract';
import { api } from '../../../lib/api-client';

/** Saves the answer to one question of my started exam; it may change until the exam is completed. */
export const answerQuestion = (examId: number, questionId: number, answer: AnswerKey) =>
  api.call(examRoutes.answerQuestion, {
    params: { examId, questionId },
    body: { student_answer: answer },
  });
