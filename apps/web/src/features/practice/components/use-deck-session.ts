import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../lib/api-client';
import { useErrorMessage } from '../../../lib/api-errors';
import type { DeckCard } from '../api/get-deck';
import { deckQueryDefaults } from '../api/practice-keys';
import { currentCard, dealRound, nextInRound, type Round } from '../card-order';
import type { DeckSource } from '../deck-source';
import type { LearningType } from '../practice-settings';

export type Tally = { correct: number; wrong: number };

/**
 * A practice session over a deck: rounds in random order without repeats, the deck fetched again for
 * each fresh round (so learned cards leave it), answers sent as scores, and the daily limit noticed on
 * either call (the source's refusals that stop a session).
 */
export function useDeckSession(source: DeckSource, type: LearningType) {
  const { t } = useTranslation('practice');
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const deck = useQuery({
    queryKey: source.key,
    queryFn: ({ signal }) => source.load(signal),
    ...deckQueryDefaults,
  });
  const answer = useMutation({
    mutationFn: ({ card, correct }: { card: DeckCard; correct: boolean }) =>
      source.answer(card, type, correct),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: source.changed }),
  });

  const [round, setRound] = useState<Round<DeckCard> | null>(null);
  // Rounds dealt so far, so a card shown again in a later round is a new card to the screen.
  const [roundNumber, setRoundNumber] = useState(0);
  const [tally, setTally] = useState<Tally>({ correct: 0, wrong: 0 });
  const [limitError, setLimitError] = useState<ApiError | null>(null);
  const lastShown = useRef<number | null>(null);
  // The newest scores of the cards answered, for the "previous value plus one" the answer carries.
  const latest = useRef(new Map<number, DeckCard>());
  const pending = useRef(new Set<Promise<void>>());

  // biome-ignore lint/correctness/useExhaustiveDependencies: a deck that arrived (again) starts a round
  useEffect(() => {
    if (!deck.isSuccess) return;
    setRound(dealRound(deck.data, lastShown.current));
    setRoundNumber((n) => n + 1);
  }, [deck.dataUpdatedAt]);

  const settle = useCallback(async () => {
    await Promise.allSettled([...pending.current]);
  }, []);

  const card = round ? currentCard(round) : undefined;

  /** The next card of the round; after the last, the deck is fetched again once every answer is in. */
  const next = useCallback(() => {
    if (!round) return;
    lastShown.current = currentCard(round)?.id ?? null;
    const moved = nextInRound(round);
    if (moved) {
      setRound(moved);
      return;
    }
    setRound(null);
    void settle().then(() => deck.refetch());
  }, [round, settle, deck]);

  const submit = useCallback(
    (answered: DeckCard, correct: boolean) => {
      const known = latest.current.get(answered.id) ?? answered;
      const sent = answer
        .mutateAsync({ card: known, correct })
        .then((updated) => {
          latest.current.set(updated.id, updated);
          setTally((current) =>
            correct ? { ...current, correct: current.correct + 1 } : { ...current, wrong: current.wrong + 1 },
          );
        })
        .catch((error: unknown) => {
          if (source.stops(error)) setLimitError(error);
          else
            notifications.show({
              color: 'red',
              message: t('session.answerFailed', { message: errorMessage(error) }),
              closeButtonProps: { 'aria-label': t('actions.close') },
            });
        });
      pending.current.add(sent);
      void sent.finally(() => pending.current.delete(sent));
    },
    [answer, source, t, errorMessage],
  );

  /** Starts over from a freshly fetched deck, with nothing counted yet (a new game). */
  const restart = useCallback(async () => {
    await settle();
    setTally({ correct: 0, wrong: 0 });
    setRound(null);
    await deck.refetch();
  }, [settle, deck]);

  const limit = limitError ?? (source.stops(deck.error) ? deck.error : null);
  return {
    deck,
    round,
    roundNumber,
    card,
    next,
    submit,
    settle,
    restart,
    tally,
    limit,
    /** Waiting for a deck (the first one, or the next round's) and for its round to be dealt. */
    dealing: !round && !(deck.isError && !deck.isFetching),
  };
}

export type DeckSession = ReturnType<typeof useDeckSession>;
