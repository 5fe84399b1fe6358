import { learningPathRoutes } from '@flashcards/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pathKeys } from './path-keys';

/** A path with its days, for its student or the teacher who assigned it; anyone else gets 404. */
export const getPathProgress = (id: number, signal?: AbortSignal) =>
  api.call(learningPathRoutes.pathProgress, { query: { learning_path_id: id }, signal });

export const usePathProgress = (id: number) =>
  useQuery({ queryKey: pathKeys.progress(id), queryFn: ({ signal }) => getPathProgress(id, signal) });
