import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../lib/api-client';
import { useErrorMessage } from '../../lib/api-errors';
import { currentCard, dealRound, nextInRound, type Round } from './card-order';
import { type DeckCard, type DeckSource, deckQueryDefaults } from './deck-source';
import type { LearningType } from './practice-settings';
import { type SessionAnswer, summarize } from './session-summary';

export type Tally = { correct: number; wrong: number };

/** Playing the round's cards; waiting for the last answers once it is over; its summary shown. */
export type SessionPhase = 'playing' | 'finishing' | 'ended';

/** The session's last answer, while it can still be taken back. */
type LastAnswer = { card: DeckCard };

/**
 * A practice session over a deck: one round in random order without repeats, answers sent as scores,
 * and the daily limit noticed on either call (the source's refusals that stop a session). After the
 * round's last card, or when the learner ends it, the session is over once every answer is saved; a
 * new round (the deck fetched again, so learned cards leave it) or the wrong ones again start anew.
 */
export function useDeckSession(
  source: DeckSource,
  type: LearningType,
  /** A timed game: round after round until its time is up, the deck fetched again for each. */
  { endless = false }: { endless?: boolean } = {},
) {
  const { t } = useTranslation('practice');
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const deck = useQuery({
    queryKey: source.key,
    queryFn: ({ signal }) => source.load(signal),
    ...deckQueryDefaults,
  });
  // The server keeps the last answer of each session by this name, so that it can be taken back.
  const [sessionId, setSessionId] = useState(() => crypto.randomUUID());
  const answer = useMutation({
    mutationFn: ({ card, correct }: { card: DeckCard; correct: boolean }) =>
      source.answer(card, type, correct, sessionId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: source.changed }),
  });

  const [round, setRound] = useState<Round<DeckCard> | null>(null);
  // Rounds dealt so far (and cards shown again), so that a card shown again is a new card to the screen.
  const [roundNumber, setRoundNumber] = useState(0);
  const [answers, setAnswers] = useState<SessionAnswer[]>([]);
  const [phase, setPhase] = useState<SessionPhase>('playing');
  const [startedAt, setStartedAt] = useState(() => Date.now());
  const [endedAt, setEndedAt] = useState<number | null>(null);
  const [lastAnswer, setShownLastAnswer] = useState<LastAnswer | null>(null);
  // The same, at once: read by a call that waits for the answers in flight first.
  const lastSaved = useRef<LastAnswer | null>(null);
  const setLastAnswer = useCallback((value: LastAnswer | null) => {
    lastSaved.current = value;
    setShownLastAnswer(value);
  }, []);
  const [undoing, setUndoing] = useState(false);
  const [limitError, setLimitError] = useState<ApiError | null>(null);
  // What the last answer said is left of the day's free limit; null without a limit or before an answer.
  const [leftToday, setLeftToday] = useState<number | null>(null);
  // Answers of this session kept on the device while the network was out, to be sent when it returns.
  const [savedOnDevice, setSavedOnDevice] = useState(0);
  const lastShown = useRef<number | null>(null);
  // The newest scores of the cards answered, for the "previous value plus one" the answer carries.
  const latest = useRef(new Map<number, DeckCard>());
  const pending = useRef(new Set<Promise<void>>());
  // Answers go one after another, so that the server keeps the same last answer of the session as the
  // screen does (the one undo takes back), however fast the learner answers.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const ending = useRef(false);

  const begin = useCallback(
    (dealt: Round<DeckCard>) => {
      setRound(dealt);
      setRoundNumber((n) => n + 1);
      setAnswers([]);
      setLastAnswer(null);
      setPhase('playing');
      setStartedAt(Date.now());
      setEndedAt(null);
      setSessionId(crypto.randomUUID());
      ending.current = false;
    },
    [setLastAnswer],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: a deck that arrived (again) starts a round
  useEffect(() => {
    if (!deck.isSuccess) return;
    begin(dealRound(deck.data, lastShown.current));
  }, [deck.dataUpdatedAt]);

  const settle = useCallback(async () => {
    await Promise.allSettled([...pending.current]);
  }, []);

  /** Ends the session: its summary shows once every answer is saved. */
  const end = useCallback(() => {
    if (ending.current) return;
    ending.current = true;
    setPhase('finishing');
    void settle().then(() => {
      if (!ending.current) return;
      setEndedAt(Date.now());
      setPhase('ended');
      return queryClient.refetchQueries({ queryKey: source.saved });
    });
  }, [settle, queryClient, source.saved]);

  const card = round && phase === 'playing' ? currentCard(round) : undefined;

  /** The next card of the round; after the last one the session ends. */
  const next = useCallback(() => {
    if (!round || phase !== 'playing') return;
    lastShown.current = currentCard(round)?.id ?? null;
    const moved = nextInRound(round);
    if (moved) setRound(moved);
    else if (endless) {
      setRound(null);
      void settle().then(() => deck.refetch());
    } else end();
  }, [round, phase, end, endless, settle, deck]);

  const submit = useCallback(
    (answered: DeckCard, correct: boolean) => {
      const known = latest.current.get(answered.id) ?? answered;
      const sent = queue.current
        .then(() => answer.mutateAsync({ card: known, correct }))
        .then((updated) => {
          latest.current.set(updated.id, updated);
          setLeftToday(updated.answers_left_today ?? null);
          if (updated.savedOnDevice) setSavedOnDevice((count) => count + 1);
          setAnswers((current) => [
            ...current,
            {
              cardId: updated.id,
              correct,
              learned: updated.learned === true,
              completedCategory: updated.completed_category === true,
            },
          ]);
          setLastAnswer({ card: known });
          // Every card of the category is learned: nothing is left to practise in this mode.
          if (updated.completed_category && !endless) end();
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
      queue.current = sent;
      pending.current.add(sent);
      void sent.finally(() => pending.current.delete(sent));
    },
    [answer, source, t, errorMessage, end, endless, setLastAnswer],
  );

  /** Takes back the session's last answer on the server and forgets it here; false, said, when refused. */
  const takeBackLast = useCallback(
    async (last: LastAnswer, takeBack: (session: string) => Promise<unknown>) => {
      try {
        await takeBack(sessionId);
      } catch (error) {
        notifications.show({
          color: 'red',
          message: t('undo.failed', { message: errorMessage(error) }),
          closeButtonProps: { 'aria-label': t('actions.close') },
        });
        return false;
      }
      latest.current.set(last.card.id, last.card);
      setAnswers((current) => current.slice(0, -1));
      setLastAnswer(null);
      return true;
    },
    [sessionId, t, errorMessage, setLastAnswer],
  );

  /**
   * Takes back the session's last answer on the server and shows its card again; only the last one,
   * and only once.
   */
  const undo = useCallback(async () => {
    const { undo: takeBack } = source;
    if (!takeBack || !lastAnswer || undoing || !round) return false;
    setUndoing(true);
    try {
      await settle();
      if (!(await takeBackLast(lastAnswer, takeBack))) return false;
      ending.current = false;
      setEndedAt(null);
      setPhase('playing');
      const position = round.cards.findIndex((dealt) => dealt.id === lastAnswer.card.id);
      setRound({ ...round, position: Math.max(position, 0) });
      // The same card is a new card to the screen: turned back, nothing typed.
      setRoundNumber((n) => n + 1);
      void queryClient.invalidateQueries({ queryKey: source.changed });
      return true;
    } finally {
      setUndoing(false);
    }
  }, [source, lastAnswer, undoing, round, settle, takeBackLast, queryClient]);

  /**
   * Counts the card's wrong answer as right ("I was right"): the wrong answer is taken back on the server
   * and a right one sent in its place; the card stays on the screen. Only for the session's last answer.
   */
  const overrule = useCallback(
    async (answered: DeckCard) => {
      const { undo: takeBack } = source;
      if (!takeBack) return false;
      await settle();
      const last = lastSaved.current;
      if (last?.card.id !== answered.id || !(await takeBackLast(last, takeBack))) return false;
      submit(last.card, true);
      await settle();
      return true;
    },
    [source, settle, takeBackLast, submit],
  );

  /** Another round: the deck fetched again (learned cards leave it), nothing counted yet. */
  const anotherRound = useCallback(async () => {
    await settle();
    setRound(null);
    await deck.refetch();
  }, [settle, deck]);

  const summary = useMemo(() => summarize(answers), [answers]);

  /** A round of the cards whose last answer in the session was wrong. */
  const wrongOnesAgain = useCallback(() => {
    if (!round) return;
    const wrong = new Set(summary.wrongCardIds);
    const cards = round.cards
      .filter((dealt) => wrong.has(dealt.id))
      .map((dealt) => latest.current.get(dealt.id) ?? dealt);
    if (cards.length > 0) begin(dealRound(cards, lastShown.current));
  }, [round, summary.wrongCardIds, begin]);

  /** Starts over from a freshly fetched deck, with nothing counted yet (a new game). */
  const restart = anotherRound;

  const limit = limitError ?? (source.stops(deck.error) ? deck.error : null);
  const tally: Tally = { correct: summary.correct, wrong: summary.wrong };
  return {
    deck,
    round,
    roundNumber,
    card,
    next,
    submit,
    settle,
    restart,
    end,
    undo,
    overrule,
    anotherRound,
    wrongOnesAgain,
    phase,
    summary,
    tally,
    /** How long the session took, once it is over. */
    elapsed: endedAt === null ? null : endedAt - startedAt,
    /** Whether the last answer can be taken back now. */
    canUndo: Boolean(source.undo) && lastAnswer !== null && !undoing,
    limit,
    /** The answers left of the day's free limit, as the last answer said; null without a limit. */
    leftToday,
    savedOnDevice,
    /** Waiting for a deck (the first one, or the next round's) and for its round to be dealt. */
    dealing: !round && !(deck.isError && !deck.isFetching),
  };
}

export type DeckSession = ReturnType<typeof useDeckSession>;
