import { examRoutes } from '@flashcards/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { examKeys } from './exam-keys';

/** An exam for its student or its teacher; anyone else gets 404. */
export const getExam = (id: number, signal?: AbortSignal) =>
  api.call(examRoutes.exam, { params: { id }, signal });

export const useExam = (id: number) =>
  useQuery({ queryKey: examKeys.detail(id), queryFn: ({ signal }) => getExam(id, signal) });
