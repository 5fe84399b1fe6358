import type { TextCard } from '@flashcards/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import type { AnsweredCard, DeckCard, DeckSource } from './deck-source';
import { useDeckSession } from './use-deck-session';

afterEach(cleanup);

const cardOf = (id: number): TextCard =>
  ({
    id,
    first_side: `front ${id}`,
    second_side: `back ${id}`,
    guesses_score: 0,
    incorrect_guesses_score: 0,
    guesses_score_typing: 0,
    incorrect_guesses_score_typing: 0,
  }) as TextCard;

/** A category of `size` cards; the cards named in `learns` are learned by a right answer. */
const sourceOf = (size: number, { learns = [] as number[], completes = [] as number[] } = {}) => {
  const deck = Array.from({ length: size }, (_, i) => cardOf(i + 1));
  const answer = vi.fn(
    async (card: DeckCard, _type: unknown, correct: boolean, _session: string): Promise<AnsweredCard> => ({
      ...card,
      guesses_score: card.guesses_score + (correct ? 1 : 0),
      learned: correct && learns.includes(card.id),
      completed_category: correct && completes.includes(card.id),
    }),
  );
  const undo = vi.fn(async () => ({}));
  const load = vi.fn(async () => deck);
  const source: DeckSource = {
    key: ['test-deck', Math.random()],
    load,
    answer,
    undo,
    reportsLearned: true,
    stops: (_error): _error is never => false,
    changed: ['test-changed'],
    saved: ['test-saved'],
  };
  return { source, answer, undo, load };
};

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    {children}
  </QueryClientProvider>
);

const start = async (source: DeckSource) => {
  const hook = renderHook(() => useDeckSession(source, 'verbal'), { wrapper });
  await waitFor(() => expect(hook.result.current.card).toBeDefined());
  return hook;
};

/** Answers the card on the screen and moves on, as the verbal buttons do. */
const answerShown = async (hook: Awaited<ReturnType<typeof start>>, correct: (id: number) => boolean) => {
  const card = hook.result.current.card!;
  act(() => {
    hook.result.current.submit(card, correct(card.id));
    hook.result.current.next();
  });
  await act(() => hook.result.current.settle());
  return card.id;
};

describe('a practice session', () => {
  it('ends after its one round, once every answer is saved, with its figures', async () => {
    const { source, load } = sourceOf(5);
    const hook = await start(source);
    for (let i = 0; i < 5; i++) await answerShown(hook, (id) => id % 2 === 1);
    await waitFor(() => expect(hook.result.current.phase).toBe('ended'));
    expect(hook.result.current.card).toBeUndefined();
    expect(hook.result.current.summary).toMatchObject({
      correct: 3,
      wrong: 2,
      wrongCardIds: expect.any(Array),
    });
    expect([...hook.result.current.summary.wrongCardIds].sort()).toEqual([2, 4]);
    expect(hook.result.current.elapsed).not.toBeNull();
    // No new round was dealt behind the summary.
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('counts a learned card the moment its answer learned it', async () => {
    const { source } = sourceOf(3, { learns: [1, 2, 3] });
    const hook = await start(source);
    await answerShown(hook, () => true);
    expect(hook.result.current.summary.learned).toBe(1);
    expect(hook.result.current.phase).toBe('playing');
  });

  it('deals only the wrong ones again, with nothing counted yet', async () => {
    const { source } = sourceOf(5);
    const hook = await start(source);
    for (let i = 0; i < 5; i++) await answerShown(hook, (id) => id > 3);
    await waitFor(() => expect(hook.result.current.phase).toBe('ended'));
    act(() => hook.result.current.wrongOnesAgain());
    expect(hook.result.current.phase).toBe('playing');
    expect(hook.result.current.round!.cards.map((card) => card.id).sort()).toEqual([1, 2, 3]);
    expect(hook.result.current.tally).toEqual({ correct: 0, wrong: 0 });
  });

  it('ends at once when an answer completes the category', async () => {
    // Whichever card comes first is the category's last one to learn.
    const { source } = sourceOf(4, { learns: [1, 2, 3, 4], completes: [1, 2, 3, 4] });
    const hook = await start(source);
    act(() => hook.result.current.submit(hook.result.current.card!, true));
    await act(() => hook.result.current.settle());
    await waitFor(() => expect(hook.result.current.phase).toBe('ended'));
    expect(hook.result.current.summary).toMatchObject({ completedCategory: true, learned: 1, correct: 1 });
  });

  it('takes back the last answer once and shows its card again', async () => {
    const { source, undo } = sourceOf(3);
    const hook = await start(source);
    await answerShown(hook, () => true);
    const second = await answerShown(hook, () => false);
    expect(hook.result.current.canUndo).toBe(true);
    await act(async () => {
      expect(await hook.result.current.undo()).toBe(true);
    });
    expect(undo).toHaveBeenCalledTimes(1);
    expect(hook.result.current.card!.id).toBe(second);
    expect(hook.result.current.tally).toEqual({ correct: 1, wrong: 0 });
    expect(hook.result.current.canUndo).toBe(false);
    await act(async () => {
      expect(await hook.result.current.undo()).toBe(false);
    });
    expect(undo).toHaveBeenCalledTimes(1);
  });

  it('counts a wrong answer as right when the learner overrules it, right after sending it', async () => {
    const { source, answer, undo } = sourceOf(3);
    const hook = await start(source);
    const card = hook.result.current.card!;
    // Overruled before the wrong answer is saved: the call waits for it.
    let counted: boolean | undefined;
    await act(async () => {
      hook.result.current.submit(card, false);
      counted = await hook.result.current.overrule(card);
    });
    expect(counted).toBe(true);
    expect(undo).toHaveBeenCalledTimes(1);
    expect(answer.mock.calls.map(([answered, , correct]) => [answered.id, correct])).toEqual([
      [card.id, false],
      [card.id, true],
    ]);
    // Sent as the card was before its wrong answer, which no longer counts.
    expect(answer.mock.calls[1]![0].guesses_score).toBe(0);
    expect(hook.result.current.card!.id).toBe(card.id);
    expect(hook.result.current.tally).toEqual({ correct: 1, wrong: 0 });
    expect(hook.result.current.canUndo).toBe(true);
    // Another card's wrong answer is not overruled from an earlier card.
    await act(async () => {
      expect(await hook.result.current.overrule({ ...card, id: 99 })).toBe(false);
    });
    expect(undo).toHaveBeenCalledTimes(1);
  });

  it('sends the same session name with every answer of a round', async () => {
    const { source, answer, undo } = sourceOf(3);
    const hook = await start(source);
    await answerShown(hook, () => true);
    await answerShown(hook, () => true);
    const names = answer.mock.calls.map((call) => call[3]);
    expect(names[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(names[1]).toBe(names[0]);
    await act(() => hook.result.current.undo());
    expect(undo).toHaveBeenCalledWith(names[0]);
  });

  it('sends answers one after another, so that undo takes back the one the server kept last', async () => {
    const { source, answer } = sourceOf(3);
    // The first answer's reply is slow: a second answer sent meanwhile would reach the server first.
    const replies: (() => void)[] = [];
    const answered = answer.getMockImplementation()!;
    answer.mockImplementation(
      (card, type, correct, session) =>
        new Promise<AnsweredCard>((resolve) => {
          replies.push(() => void answered(card, type, correct, session).then(resolve));
        }),
    );
    const hook = await start(source);
    const first = hook.result.current.card!;
    act(() => {
      hook.result.current.submit(first, true);
      hook.result.current.next();
    });
    const second = hook.result.current.card!;
    act(() => {
      hook.result.current.submit(second, false);
      hook.result.current.next();
    });
    await waitFor(() => expect(answer).toHaveBeenCalledTimes(1));
    // Not sent before the first one is answered.
    await act(async () => {
      await Promise.resolve();
    });
    expect(answer).toHaveBeenCalledTimes(1);
    act(() => replies[0]!());
    await waitFor(() => expect(answer).toHaveBeenCalledTimes(2));
    expect(answer.mock.calls.map((call) => call[0].id)).toEqual([first.id, second.id]);
    act(() => replies[1]!());
    await act(() => hook.result.current.settle());
    await act(async () => {
      expect(await hook.result.current.undo()).toBe(true);
    });
    expect(hook.result.current.card!.id).toBe(second.id);
  });
});
