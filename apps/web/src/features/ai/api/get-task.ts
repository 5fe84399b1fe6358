import { AI_POLL_INTERVAL_MS, type AiTask, aiRoutes } from '@flashcards/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { AiTaskKind } from '../ai-draft';

export const getTask = (kind: AiTaskKind, id: string, signal?: AbortSignal) =>
  kind === 'text'
    ? api.call(aiRoutes.topicTask, { query: { task_id: id }, signal })
    : api.call(aiRoutes.imagesTask, { query: { task_id: id }, signal });

export const isFinished = (task: AiTask | undefined) =>
  task?.status === 'SUCCESS' || task?.status === 'FAILURE';

export const taskQuery = (kind: AiTaskKind, id: string) =>
  queryOptions({
    queryKey: ['ai-task', kind, id],
    queryFn: ({ signal }) => getTask(kind, id, signal),
    // Spec: polled every 2 seconds until it succeeds or fails, also while the tab is in the background,
    // where people wait for a slow generation.
    refetchInterval: (query) => (isFinished(query.state.data) ? false : AI_POLL_INTERVAL_MS),
    refetchIntervalInBackground: true,
    staleTime: 0,
  });

/** The running task of the draft, polled; idle without one. */
export function useTask(task: { kind: AiTaskKind; id: string } | null) {
  return useQuery({
    ...taskQuery(task?.kind ?? 'text', task?.id ?? ''),
    enabled: task !== null,
  });
}
