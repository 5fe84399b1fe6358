import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AiDraft, type AiRequest, aiDraft, useAiDraft } from './ai-draft';
import { topicDefaults } from './ai-forms';

const request: AiRequest = { kind: 'text', values: { ...topicDefaults('en'), topic: ' Rivers of Europe ' } };
const result = [
  { question: 'Danube', answer: 'Black Sea', tag: 'rivers' },
  { question: 'Rhine', answer: 'North Sea', tag: 'rivers' },
];
const stored = () => JSON.parse(sessionStorage.getItem('aiDraft') ?? 'null') as Partial<AiDraft> | null;

afterEach(() => {
  aiDraft.reset();
  sessionStorage.clear();
});

describe('the AI draft', () => {
  it('follows a task to its cards, named after the topic, and keeps them for the session', () => {
    aiDraft.started(7, request, { kind: 'text', id: 'task-1' });
    expect(aiDraft.get().task).toEqual({ kind: 'text', id: 'task-1' });
    expect(stored()?.task).toEqual({ kind: 'text', id: 'task-1' });

    aiDraft.succeeded('task-1', result);
    const draft = aiDraft.get();
    expect(draft.task).toBeNull();
    expect(draft.name).toBe('Rivers of Europe');
    expect(draft.cards.map((card) => [card.sideOne, card.sideTwo])).toEqual([
      ['Danube', 'Black Sea'],
      ['Rhine', 'North Sea'],
    ]);
    expect(stored()?.cards).toEqual(draft.cards);
  });

  it('ignores the end of a task it no longer follows', () => {
    aiDraft.started(7, request, { kind: 'text', id: 'task-2' });
    aiDraft.succeeded('task-1', result);
    aiDraft.failed('task-1', 'Too late');
    expect(aiDraft.get()).toMatchObject({ task: { id: 'task-2' }, cards: [], failure: null });
  });

  it('keeps the cards under review when generating again fails, with the reason', () => {
    aiDraft.started(7, request, { kind: 'text', id: 'task-1' });
    aiDraft.succeeded('task-1', result);
    aiDraft.started(7, request, { kind: 'text', id: 'task-2' });
    aiDraft.failed('task-2', null);
    expect(aiDraft.get().cards).toHaveLength(2);
    expect(aiDraft.get().failure).toEqual({ message: null });
  });

  it('edits, deletes and renames; a save clears everything', () => {
    aiDraft.started(7, request, { kind: 'text', id: 'task-1' });
    aiDraft.succeeded('task-1', result);
    const [danube, rhine] = aiDraft.get().cards;
    aiDraft.editCard(danube!.id, { sideTwo: 'the Black Sea' });
    aiDraft.removeCard(rhine!.id);
    aiDraft.setName('Rivers');
    expect(aiDraft.get()).toMatchObject({
      name: 'Rivers',
      cards: [{ sideOne: 'Danube', sideTwo: 'the Black Sea' }],
    });

    aiDraft.saved();
    expect(aiDraft.get()).toMatchObject({ cards: [], name: '', request: null, task: null });
    expect(sessionStorage.getItem('aiDraft')).toBeNull();
  });

  it('does not store photos, which only last as long as the page', () => {
    const photo = new File(['x'], 'page.jpg', { type: 'image/jpeg' });
    aiDraft.started(
      7,
      { kind: 'images', values: { photos: [photo], language: 'en', card_quantity: 5, tag: '' } },
      { kind: 'images', id: 'task-3' },
    );
    expect(stored()).toMatchObject({ request: null, task: { kind: 'images', id: 'task-3' } });
  });

  it('is restored after a reload', async () => {
    aiDraft.started(7, request, { kind: 'text', id: 'task-1' });
    aiDraft.succeeded('task-1', result);
    const cards = aiDraft.get().cards;
    vi.resetModules();
    const reloaded = await import('./ai-draft');
    expect(reloaded.aiDraft.get()).toMatchObject({ owner: 7, cards, name: 'Rivers of Europe', request });
  });

  it('is another account’s: empty for this one, and dropped', () => {
    aiDraft.started(7, request, { kind: 'text', id: 'task-1' });
    aiDraft.succeeded('task-1', result);
    const { result: hook } = renderHook(() => useAiDraft(8));
    expect(hook.current.cards).toEqual([]);
    expect(aiDraft.get().owner).toBeNull();
    act(() => aiDraft.started(8, request, { kind: 'text', id: 'task-9' }));
    expect(hook.current.task).toEqual({ kind: 'text', id: 'task-9' });
  });
});
