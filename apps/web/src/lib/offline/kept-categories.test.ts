import 'fake-indexeddb/auto';
import {
  cardRoutes,
  type KidsCard,
  type PictureCard,
  type ReviewSession,
  reviewRoutes,
  type TextCard,
} from '@flashcards/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { categoryFixture } from '../../test/category-fixture';
import { fakeApi, reply } from '../../test/fake-api';
import { ApiError } from '../api-client';
import { mediaCacheName } from '../offline-cache-names';
import { queueEdit } from './card-edits';
import {
  forgetCategory,
  type KeepProgress,
  keepCategory,
  keptCategories,
  keptCategory,
  refreshKept,
  staleKept,
  updateKeptCard,
} from './kept-categories';
import { offlineDb, onStorageFull } from './offline-db';

let accounts = 0;
const freshDb = () => offlineDb(2_000 + ++accounts);

const scores = {
  guesses_score: 0,
  incorrect_guesses_score: 0,
  guesses_score_typing: 0,
  incorrect_guesses_score_typing: 0,
};
const textCard = (id: number, category = 4): TextCard => ({
  id,
  first_side: `front ${id}`,
  second_side: `back ${id}`,
  category,
  tag: '',
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  ...scores,
});
const pictureCard = (id: number, picture: string, category = 8): PictureCard => ({
  ...textCard(id, category),
  first_side: `/media/${picture}.png`,
  first_side_url: `/media/${picture}.png`,
  first_side_thumbnail_url: `/media/thumbs/${picture}.png`,
  occlusion: null,
});

const kidsCard = (id: number, picture: string, audio: string | null, category = 9): KidsCard => ({
  id,
  first_side: `/media/${picture}.png`,
  first_side_url: `/media/${picture}.png`,
  first_side_thumbnail_url: `/media/thumbs/${picture}.png`,
  second_side: picture,
  category,
  language: 'en',
  audio: audio && `/media/${audio}.mp3`,
  audio_url: audio && `/media/${audio}.mp3`,
  listen_counts: 0,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
});

/** The review the fake server deals: these cards due. */
const reviewOf = (categoryId: number, due: TextCard[] = []): ReviewSession => ({
  category_id: categoryId,
  type_of_cards: 'text',
  due_cards_len: due.length,
  new_cards_left_today: 0,
  next_due_at: null,
  answers_left_today: null,
  cards: due.map((card) => ({ card, state: 'review', due: '2026-11-27T10:00:00.000Z' })),
});

/** The server's pages of 20 cards, as the paginated card routes answer them. */
const pagesOf =
  <C>(cards: C[]) =>
  ({ query }: { query: URLSearchParams }) => {
    const page = Number(query.get('page') ?? 1);
    const results = cards.slice((page - 1) * 20, page * 20);
    return {
      count: cards.length,
      next: page * 20 < cards.length ? `?page=${page + 1}` : null,
      previous: page > 1 ? `?page=${page - 1}` : null,
      results,
    };
  };

/** A stand-in for Cache Storage: one cache per name, refusing files past `room` bytes as a full device does. */
class FakeCache {
  files = new Map<string, Blob>();
  room = Number.POSITIVE_INFINITY;
  async match(url: string) {
    const file = this.files.get(url);
    return file ? new Response(file) : undefined;
  }
  async put(url: string, response: Response) {
    const file = await response.blob();
    const used = [...this.files.values()].reduce((sum, kept) => sum + kept.size, 0);
    if (used + file.size > this.room)
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.files.set(url, file);
  }
  async delete(url: string) {
    return this.files.delete(url);
  }
}

let cache: FakeCache;
/** The pictures the server has: each its own number of bytes. */
const pictures = new Map<string, number>();
let mediaReachable = true;

beforeEach(() => {
  cache = new FakeCache();
  pictures.clear();
  mediaReachable = true;
  vi.stubGlobal('caches', {
    open: async (name: string) => {
      expect(name).toBe(mediaCacheName);
      return cache;
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The fake API, and the pictures under /media/ beside it. */
function serve() {
  const server = fakeApi().on(reviewRoutes.reviewSession, ({ params }) => reviewOf(Number(params.id)));
  const apiFetch = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    if (!input.startsWith('/media/')) return apiFetch(input, init);
    if (!mediaReachable) throw new TypeError('Failed to fetch');
    const size = pictures.get(input);
    return size === undefined ? new Response(null, { status: 404 }) : new Response(new Uint8Array(size));
  });
  return server;
}

const jsonBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

describe('keeping a category on the device', () => {
  it('keeps a text category with every page of its cards, and says how far it has come', async () => {
    const db = await freshDb();
    const category = categoryFixture({ id: 4, cards_len: 45 });
    const cards = Array.from({ length: 45 }, (_, index) => textCard(index + 1));
    const server = serve().on(cardRoutes.category, category).on(cardRoutes.textCardsPage, pagesOf(cards));
    const progress: KeepProgress[] = [];

    const kept = await keepCategory(db, 4, (step) => progress.push(step));

    expect(server.callsTo(cardRoutes.textCardsPage).map((call) => call.url.searchParams.get('page'))).toEqual(
      ['1', '2', '3'],
    );
    expect(kept.cards.map((card) => card.id)).toEqual(cards.map((card) => card.id));
    const review = reviewOf(4);
    expect(kept).toMatchObject({
      id: 4,
      category,
      review,
      media: [],
      bytes: jsonBytes({ category, cards, review }),
    });
    expect(await keptCategory(db, 4)).toEqual(kept);
    // Three pages of cards, then the review.
    expect(progress.at(-1)).toEqual({ done: 4, total: 4 });
    expect(progress.map((step) => step.done)).toEqual([0, 1, 2, 3, 4, 4]);
  });

  it('keeps the spaced review as the server deals it, with the edits made here', async () => {
    const db = await freshDb();
    const cards = [textCard(1), textCard(2)];
    const server = serve()
      .on(cardRoutes.category, categoryFixture({ id: 4, cards_len: 2 }))
      .on(cardRoutes.textCardsPage, pagesOf(cards))
      .on(reviewRoutes.reviewSession, reviewOf(4, [cards[1]!]));

    await keepCategory(db, 4);
    // One memory for both modes: one review.
    expect(server.callsTo(reviewRoutes.reviewSession)).toHaveLength(1);
    await updateKeptCard(db, 4, 2, { first_side: 'front 2', second_side: 'changed here', tag: '' });

    const kept = await keptCategory(db, 4);
    expect(kept?.review?.cards.map((dealt) => [dealt.card.id, dealt.card.second_side])).toEqual([
      [2, 'changed here'],
    ]);
  });

  it('keeps the pictures of a picture category in the media cache, once each, and counts their bytes', async () => {
    const db = await freshDb();
    const category = categoryFixture({ id: 8, type_of_cards: 'picture', cards_len: 3 });
    // Two cards of an occlusion share their picture.
    const cards = [pictureCard(1, 'cat'), pictureCard(2, 'map'), pictureCard(3, 'map')];
    pictures.set('/media/cat.png', 1000).set('/media/thumbs/cat.png', 100);
    pictures.set('/media/map.png', 3000).set('/media/thumbs/map.png', 300);
    serve().on(cardRoutes.category, category).on(cardRoutes.pictureCardsPage, pagesOf(cards));

    const kept = await keepCategory(db, 8);

    expect([...cache.files.keys()].sort()).toEqual([
      '/media/cat.png',
      '/media/map.png',
      '/media/thumbs/cat.png',
      '/media/thumbs/map.png',
    ]);
    expect(kept.media).toHaveLength(4);
    expect(kept.bytes).toBe(jsonBytes({ category, cards, review: reviewOf(8) }) + 4400);
  });

  it('keeps a kids category with its pictures and sounds, and no review', async () => {
    const db = await freshDb();
    const category = categoryFixture({ id: 9, type_of_cards: 'kids', cards_len: 2 });
    const cards = [kidsCard(1, 'dog', 'dog'), kidsCard(2, 'sun', null)];
    pictures.set('/media/dog.png', 1000).set('/media/thumbs/dog.png', 100).set('/media/dog.mp3', 5000);
    pictures.set('/media/sun.png', 2000).set('/media/thumbs/sun.png', 200);
    const server = serve().on(cardRoutes.category, category).on(cardRoutes.kidsCardsPage, pagesOf(cards));

    const kept = await keepCategory(db, 9);

    expect([...cache.files.keys()].sort()).toEqual([
      '/media/dog.mp3',
      '/media/dog.png',
      '/media/sun.png',
      '/media/thumbs/dog.png',
      '/media/thumbs/sun.png',
    ]);
    expect(kept.cards).toEqual(cards);
    expect(kept.review).toBeUndefined();
    expect(kept.bytes).toBe(jsonBytes({ category, cards }) + 8300);
    expect(server.callsTo(reviewRoutes.reviewSession)).toEqual([]);
  });

  it('offline, keeps nothing and says it cannot reach the network', async () => {
    const db = await freshDb();
    const category = categoryFixture({ id: 8, type_of_cards: 'picture', cards_len: 1 });
    pictures.set('/media/cat.png', 1000).set('/media/thumbs/cat.png', 100);
    serve()
      .on(cardRoutes.category, category)
      .on(cardRoutes.pictureCardsPage, pagesOf([pictureCard(1, 'cat')]));
    mediaReachable = false;
    const error = await keepCategory(db, 8).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
    expect(await keptCategories(db)).toEqual([]);
    expect(cache.files.size).toBe(0);

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await expect(keepCategory(db, 8)).rejects.toMatchObject({ status: 0 });
  });

  it('with no room left for the pictures, keeps none of them nor the category, and tells the device is full', async () => {
    const db = await freshDb();
    const category = categoryFixture({ id: 8, type_of_cards: 'picture', cards_len: 2 });
    pictures.set('/media/cat.png', 1000).set('/media/thumbs/cat.png', 100);
    pictures.set('/media/map.png', 3000).set('/media/thumbs/map.png', 300);
    serve()
      .on(cardRoutes.category, category)
      .on(cardRoutes.pictureCardsPage, pagesOf([pictureCard(1, 'cat'), pictureCard(2, 'map')]));
    cache.room = 2000;
    const full = vi.fn();
    const stop = onStorageFull(full);

    await expect(keepCategory(db, 8)).rejects.toMatchObject({ name: 'QuotaExceededError' });
    stop();

    expect(full).toHaveBeenCalled();
    expect(cache.files.size).toBe(0);
    expect(await keptCategories(db)).toEqual([]);
  });

  it('with no room left in the database, takes the pictures it added out again', async () => {
    const db = await freshDb();
    const category = categoryFixture({ id: 8, type_of_cards: 'picture', cards_len: 1 });
    pictures.set('/media/cat.png', 1000).set('/media/thumbs/cat.png', 100);
    // Already in the cache (the service worker kept it while the cards page showed it): it stays.
    await cache.put('/media/thumbs/cat.png', new Response(new Uint8Array(100)));
    serve()
      .on(cardRoutes.category, category)
      .on(cardRoutes.pictureCardsPage, pagesOf([pictureCard(1, 'cat')]));
    vi.spyOn(db, 'put').mockRejectedValueOnce(
      new DOMException('The quota has been exceeded.', 'QuotaExceededError'),
    );
    const full = vi.fn();
    const stop = onStorageFull(full);

    await expect(keepCategory(db, 8)).rejects.toMatchObject({ name: 'QuotaExceededError' });
    stop();

    expect(full).toHaveBeenCalledOnce();
    expect([...cache.files.keys()]).toEqual(['/media/thumbs/cat.png']);
    expect(await keptCategories(db)).toEqual([]);
  });

  it('forgets a category with the pictures no other kept category uses', async () => {
    const db = await freshDb();
    pictures.set('/media/cat.png', 1000).set('/media/thumbs/cat.png', 100);
    pictures.set('/media/map.png', 3000).set('/media/thumbs/map.png', 300);
    // A copy adopted from the catalog shares its pictures with the original.
    serve()
      .on(cardRoutes.category, ({ params }) =>
        categoryFixture({ id: Number(params.id), type_of_cards: 'picture', cards_len: 2 }),
      )
      .on(cardRoutes.pictureCardsPage, ({ query }) =>
        query.get('category_id') === '8'
          ? pagesOf([pictureCard(1, 'cat'), pictureCard(2, 'map')])({ query })
          : pagesOf([pictureCard(3, 'map', 10)])({ query }),
      );
    await keepCategory(db, 8);
    await keepCategory(db, 10);

    await forgetCategory(db, 8);

    expect(await keptCategory(db, 8)).toBeUndefined();
    expect([...cache.files.keys()].sort()).toEqual(['/media/map.png', '/media/thumbs/map.png']);
    await forgetCategory(db, 10);
    expect(cache.files.size).toBe(0);
  });
});

describe('the copy kept on the device', () => {
  it('keeps the edits made here that are not sent yet, and shows a card changed here', async () => {
    const db = await freshDb();
    const category = categoryFixture({ id: 4, cards_len: 2 });
    serve()
      .on(cardRoutes.category, category)
      .on(cardRoutes.textCardsPage, pagesOf([textCard(1), textCard(2)]));
    await queueEdit(db, {
      card_id: 2,
      kind: 'text',
      category_id: 4,
      base: { first_side: 'front 2', second_side: 'back 2', tag: '' },
      change: { first_side: 'front 2', second_side: 'changed here', tag: 'mine' },
      edited_at: '2026-11-28T10:00:00.000Z',
    });

    const kept = await keepCategory(db, 4);
    expect(kept.cards.map((card) => [card.second_side, 'tag' in card && card.tag])).toEqual([
      ['back 1', ''],
      ['changed here', 'mine'],
    ]);

    await updateKeptCard(db, 4, 1, { first_side: 'new front', second_side: 'new back', tag: 'x' });
    expect((await keptCategory(db, 4))?.cards[0]).toMatchObject({
      first_side: 'new front',
      second_side: 'new back',
      tag: 'x',
    });
  });

  it('a picture card changed here keeps its picture', async () => {
    const db = await freshDb();
    pictures.set('/media/cat.png', 1000).set('/media/thumbs/cat.png', 100);
    serve()
      .on(cardRoutes.category, categoryFixture({ id: 8, type_of_cards: 'picture', cards_len: 1 }))
      .on(cardRoutes.pictureCardsPage, pagesOf([pictureCard(1, 'cat')]));
    await keepCategory(db, 8);
    await updateKeptCard(db, 8, 1, { first_side: 'ignored', second_side: 'a cat', tag: '' });
    expect((await keptCategory(db, 8))?.cards[0]).toMatchObject({
      first_side: '/media/cat.png',
      second_side: 'a cat',
    });
  });

  it('is downloaded again on refresh; a category gone from the server is forgotten', async () => {
    const db = await freshDb();
    let back = 'back 1';
    let deleted = false;
    serve()
      .on(cardRoutes.category, ({ params }) =>
        deleted && params.id === '5'
          ? reply(404, { detail: 'Not found.' })
          : categoryFixture({ id: Number(params.id), cards_len: 1 }),
      )
      .on(cardRoutes.textCardsPage, ({ query }) =>
        pagesOf([{ ...textCard(1, Number(query.get('category_id'))), second_side: back }])({ query }),
      );
    await keepCategory(db, 4);
    await keepCategory(db, 5);

    back = 'changed elsewhere';
    deleted = true;
    await refreshKept(db);

    expect((await keptCategories(db)).map((kept) => [kept.id, kept.cards[0]?.second_side])).toEqual([
      [4, 'changed elsewhere'],
    ]);
  });

  it('downloads again only the categories named, and tells those downloaded more than a day ago', async () => {
    const db = await freshDb();
    let back = 'back 1';
    const server = serve()
      .on(cardRoutes.category, ({ params }) => categoryFixture({ id: Number(params.id), cards_len: 1 }))
      .on(cardRoutes.textCardsPage, ({ query }) =>
        pagesOf([{ ...textCard(1, Number(query.get('category_id'))), second_side: back }])({ query }),
      );
    const start = new Date('2026-11-20T08:00:00Z');
    vi.useFakeTimers({ now: start, toFake: ['Date'] });
    await keepCategory(db, 4);
    vi.setSystemTime(new Date(start.getTime() + 20 * 60 * 60 * 1000));
    await keepCategory(db, 5);
    vi.useRealTimers();

    const dayAfter = new Date(start.getTime() + 25 * 60 * 60 * 1000);
    expect(await staleKept(db, dayAfter)).toEqual([4]);

    back = 'changed elsewhere';
    const before = server.callsTo(cardRoutes.textCardsPage).length;
    await refreshKept(db, [5, 6]);
    expect(server.callsTo(cardRoutes.textCardsPage).length - before).toBe(1);
    expect((await keptCategories(db)).map((kept) => [kept.id, kept.cards[0]?.second_side])).toEqual([
      [4, 'back 1'],
      [5, 'changed elsewhere'],
    ]);
  });
});
