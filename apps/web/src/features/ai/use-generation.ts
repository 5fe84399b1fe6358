import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../lib/api-client';
import { useErrorMessage } from '../../lib/api-errors';
import { currentUserQuery } from '../../lib/current-user';
import { type AiRequest, aiDraft, useAiDraft } from './ai-draft';
import { photosBody, topicBody } from './ai-forms';
import { generateFromImages } from './api/generate-from-images';
import { generateFromTopic } from './api/generate-from-topic';
import { useTask } from './api/get-task';

/**
 * The draft of this account with its running task polled: a finished task's cards, or the reason it
 * failed, go into the draft, and a success refreshes the month's usage.
 */
export function useGeneration(owner: number) {
  const draft = useAiDraft(owner);
  const task = useTask(draft.task);
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const taskId = draft.task?.id;
  const polled = task.data;

  useEffect(() => {
    if (!taskId || !polled) return;
    if (polled.status === 'SUCCESS' && !polled.error && polled.result?.length) {
      aiDraft.succeeded(taskId, polled.result);
      void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
    } else if (polled.status === 'SUCCESS' || polled.status === 'FAILURE') {
      // Spec: a result carrying an error raises it; without one, 'Task failed'.
      aiDraft.failed(taskId, polled.error || null);
    }
  }, [taskId, polled, queryClient]);

  // A refusal (the task is gone, or not this account's) will not change: stop polling and say why.
  // Being offline or a failing server may pass, so polling goes on meanwhile.
  const refused =
    task.error instanceof ApiError && task.error.status >= 400 && task.error.status < 500 ? task.error : null;
  useEffect(() => {
    if (taskId && refused) aiDraft.failed(taskId, errorMessage(refused));
  }, [taskId, refused, errorMessage]);

  return {
    draft,
    /** PENDING or STARTED while it runs, once polled. */
    status: polled && !task.isPlaceholderData ? polled.status : undefined,
    /** The last poll failed without an answer that ends the task (offline, a failing server). */
    pollError: task.isError && !refused ? task.error : null,
  };
}

/** Starts a generation of the request; the draft then follows its task. */
export function useStartGeneration(owner: number) {
  return useMutation({
    mutationFn: (request: AiRequest) =>
      request.kind === 'text'
        ? generateFromTopic(topicBody(request.values))
        : generateFromImages(photosBody(request.values)),
    onSuccess: ({ task_id }, request) => aiDraft.started(owner, request, { kind: request.kind, id: task_id }),
  });
}
