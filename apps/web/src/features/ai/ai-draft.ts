import { type AiCard, aiImageLanguageSchema, aiLevelSchema } from '@flashcards/contract';
import { useEffect, useSyncExternalStore } from 'react';
import { z } from 'zod';
import { readSessionStored, storageKeys, writeSessionStored } from '../../lib/storage';
import type { PhotosValues, TopicValues } from './ai-forms';
import { editCard, fromResult, type GeneratedCard, removeCard } from './generated-cards';

export type AiTaskKind = 'text' | 'images';

/** What was asked last, as the form held it: to fill the form again and to generate again. */
export type AiRequest = { kind: 'text'; values: TopicValues } | { kind: 'images'; values: PhotosValues };

/**
 * The generation in progress and its cards until they are saved, shared by /ai-cards and
 * /ai-cards-preview. Kept in the tab's session storage, photos aside, so that a reload loses neither a
 * running task nor cards that used up a generation.
 */
export interface AiDraft {
  /** Whose draft it is: an account signing in after another in this tab starts afresh. */
  owner: number | null;
  request: AiRequest | null;
  /** The task being polled. */
  task: { kind: AiTaskKind; id: string } | null;
  /** Why the last task failed; a null message when the server gave none (spec: 'Task failed'). */
  failure: { message: string | null } | null;
  cards: GeneratedCard[];
  /** The name to save the cards under: the preview's topic. */
  name: string;
}

const emptyDraft: AiDraft = { owner: null, request: null, task: null, failure: null, cards: [], name: '' };

const count = z.union([z.number(), z.literal('')]);
const storedDraft = z.object({
  owner: z.number().nullable(),
  request: z
    .object({
      kind: z.literal('text'),
      values: z.object({
        topic: z.string(),
        sideOne: z.string(),
        sideTwo: z.string(),
        tag: z.string(),
        level: aiLevelSchema,
        audienceAge: count,
        language: aiImageLanguageSchema,
        cardNumber: count,
      }),
    })
    .nullable(),
  task: z.object({ kind: z.enum(['text', 'images']), id: z.string() }).nullable(),
  cards: z.array(z.object({ id: z.string(), sideOne: z.string(), sideTwo: z.string(), tag: z.string() })),
  name: z.string(),
});

function restore(): AiDraft {
  try {
    const parsed = storedDraft.safeParse(JSON.parse(readSessionStored(storageKeys.aiDraft) ?? 'null'));
    return parsed.success ? { ...parsed.data, failure: null } : emptyDraft;
  } catch {
    return emptyDraft;
  }
}

function persist(draft: AiDraft): void {
  const { owner, request, task, cards, name } = draft;
  const empty = !task && cards.length === 0 && !request;
  // Photos cannot be stored: generating again from them lasts as long as the page.
  const storable = request?.kind === 'text' ? request : null;
  writeSessionStored(
    storageKeys.aiDraft,
    empty ? null : JSON.stringify({ owner, request: storable, task, cards, name }),
  );
}

let state: AiDraft = restore();
const listeners = new Set<() => void>();

function update(change: (draft: AiDraft) => Partial<AiDraft>): void {
  state = { ...state, ...change(state) };
  persist(state);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const aiDraft = {
  get: (): AiDraft => state,

  /** A task was started for this request; the cards under review stay until its cards arrive. */
  started(owner: number, request: AiRequest, task: { kind: AiTaskKind; id: string }): void {
    update((draft) => ({
      owner,
      request,
      task,
      failure: null,
      // Another account's cards are not this one's to keep.
      ...(draft.owner !== owner ? { cards: [], name: '' } : {}),
    }));
  },

  /** The task's cards replace those under review; a topic names them unless a name was given. */
  succeeded(taskId: string, result: readonly AiCard[]): void {
    if (state.task?.id !== taskId) return;
    update((draft) => ({
      task: null,
      failure: null,
      cards: fromResult(result),
      name: draft.name.trim() || (draft.request?.kind === 'text' ? draft.request.values.topic.trim() : ''),
    }));
  },

  failed(taskId: string, message: string | null): void {
    if (state.task?.id !== taskId) return;
    update(() => ({ task: null, failure: { message } }));
  },

  dismissFailure: () => update(() => ({ failure: null })),
  setName: (name: string) => update(() => ({ name })),
  editCard: (id: string, changes: Partial<Omit<GeneratedCard, 'id'>>) =>
    update((draft) => ({ cards: editCard(draft.cards, id, changes) })),
  removeCard: (id: string) => update((draft) => ({ cards: removeCard(draft.cards, id) })),

  /** Drops the cards under review; the request stays, to fill the form again. */
  discard: () => update(() => ({ cards: [], name: '', failure: null })),

  /** Saved: nothing is left to review (spec: saving clears the generated list). */
  saved: () => update(() => ({ request: null, cards: [], name: '', failure: null })),

  reset(): void {
    update(() => emptyDraft);
  },
};

/** The draft of this account (another account's counts as empty, and is dropped). */
export function useAiDraft(owner: number): AiDraft {
  const draft = useSyncExternalStore(subscribe, aiDraft.get);
  const foreign = draft.owner !== null && draft.owner !== owner;
  useEffect(() => {
    if (foreign) aiDraft.reset();
  }, [foreign]);
  return foreign ? emptyDraft : draft;
}
