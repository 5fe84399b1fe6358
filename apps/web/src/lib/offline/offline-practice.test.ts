import 'fake-indexeddb/auto';
import {
  type KidsCard,
  type OfflineSync,
  practiceRoutes,
  type ReviewSession,
  systemRoutes,
  type TextCard,
} from '@flashcards/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { categoryFixture } from '../../test/category-fixture';
import { fakeApi } from '../../test/fake-api';
import { signedInOffline } from '../../test/offline-account';
import { clearTokens } from '../session';
import { countWaiting, nextBatch, rememberLimit } from './answer-queue';
import { answerOffline, keptKidsDeck, keptReview, listenOffline } from './offline-practice';
import { startOfflineSync, syncNow } from './sync';

afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const offline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

const textCard = (id: number): TextCard => ({
  id,
  first_side: `front ${id}`,
  second_side: `back ${id}`,
  category: 4,
  tag: '',
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  guesses_score: 0,
  incorrect_guesses_score: 0,
  guesses_score_typing: 0,
  incorrect_guesses_score_typing: 0,
});

const kidsCard = (id: number): KidsCard => ({
  id,
  first_side: `/media/${id}.png`,
  first_side_url: `/media/${id}.png`,
  first_side_thumbnail_url: `/media/thumbs/${id}.png`,
  second_side: `word ${id}`,
  category: 9,
  language: 'en',
  audio: null,
  audio_url: null,
  listen_counts: 2,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
});

/** The verbal review as the server dealt it: card 1 due, card 2 new. */
const dealt: ReviewSession = {
  category_id: 4,
  type_of_cards: 'text',
  due_cards_len: 1,
  new_cards_left_today: 1,
  next_due_at: null,
  answers_left_today: 30,
  cards: [
    { card: textCard(1), state: 'review', due: '2026-11-27T10:00:00.000Z' },
    { card: textCard(2), state: 'new', due: null },
  ],
};

describe('reviewing a kept category offline', () => {
  it('deals the review kept, less the cards answered on the device, with the free answers the device holds', async () => {
    const { db } = await signedInOffline();
    offline();
    // The server cannot be reached: the site's learned threshold is its default.
    fakeApi().on(systemRoutes.site, () => {
      throw new TypeError('Failed to fetch');
    });
    await db.put('kept', {
      id: 4,
      category: categoryFixture({ id: 4, cards_len: 2 }),
      cards: [textCard(1), textCard(2)],
      review: dealt,
      media: [],
      bytes: 100,
      kept_at: new Date().toISOString(),
    });
    await rememberLimit(db, { left: 5, perDay: 30, timeZone: 'Europe/Sofia', now: new Date() });

    expect(await keptReview(4)).toEqual({ ...dealt, answers_left_today: 5 });
    await answerOffline({
      kind: 'text',
      categoryId: 4,
      card: textCard(1),
      mode: 'verbal',
      correct: true,
      session: 'a review',
      review: { seconds: 3 },
    });

    // Answered, the card is not due any longer; the day has one free answer less.
    expect(await keptReview(4)).toEqual({
      ...dealt,
      due_cards_len: 0,
      answers_left_today: 4,
      cards: [dealt.cards[1]],
    });
    // A practice answer, typed, moves the card's one memory too: the new card leaves the review.
    await answerOffline({
      kind: 'text',
      categoryId: 4,
      card: textCard(2),
      mode: 'typing',
      correct: false,
      session: 'practice',
    });
    expect(await keptReview(4)).toMatchObject({ cards: [], due_cards_len: 0, new_cards_left_today: 0 });
    expect(await keptReview(5)).toBeNull();
  });
});

describe('a kids category offline', () => {
  it('deals the kept cards, and keeps each listen to send, counted on the kept copy, spending no free answer', async () => {
    const { userId, db } = await signedInOffline();
    offline();
    await db.put('kept', {
      id: 9,
      category: categoryFixture({ id: 9, type_of_cards: 'kids', cards_len: 2 }),
      // As the pages list them: the newest first.
      cards: [{ ...kidsCard(2), created_at: '2026-11-21T10:00:00.000Z' }, kidsCard(1)],
      media: [],
      bytes: 100,
      kept_at: new Date().toISOString(),
    });
    await rememberLimit(db, { left: 1, perDay: 30, timeZone: 'Europe/Sofia', now: new Date() });

    expect(await listenOffline(kidsCard(1))).toMatchObject({ id: 1, listen_counts: 3 });
    expect(await listenOffline(kidsCard(1))).toMatchObject({ id: 1, listen_counts: 4 });
    // Oldest first, as online.
    expect((await keptKidsDeck(9))?.map((card) => [card.id, card.listen_counts])).toEqual([
      [1, 4],
      [2, 2],
    ]);
    expect(await keptKidsDeck(10)).toBeNull();
    expect(await countWaiting(db)).toBe(2);
    expect(await db.get('facts', 'limit')).toMatchObject({ left: 1 });

    // Back online, the listens go as listens, each with its own id and time.
    vi.restoreAllMocks();
    const server = fakeApi().on(practiceRoutes.syncOfflineAnswers, ({ body }) => {
      const { listens } = body as { listens: { id: string }[] };
      return {
        results: listens.map((listen) => ({ id: listen.id, status: 'counted' })),
        counted: 0,
        over_limit: 0,
        answers_left_today: 1,
        daily_limit: 30,
      } satisfies OfflineSync;
    });
    const waiting = await nextBatch(db);
    const stop = startOfflineSync({
      userId,
      timeZone: () => 'Europe/Sofia',
      refreshKept: async () => undefined,
      synced: () => undefined,
    });
    await syncNow();
    stop();
    const sent = server.callsTo(practiceRoutes.syncOfflineAnswers).map((call) => call.body);
    expect(sent[0]).toEqual({
      answers: [],
      listens: waiting.map((listen) => ({ id: listen.id, card_id: 1, listened_at: listen.answered_at })),
    });
    expect(await countWaiting(db)).toBe(0);
  });
});
