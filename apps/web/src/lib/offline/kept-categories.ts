import {
  type Category,
  cardRoutes,
  type PictureCard,
  reviewRoutes,
  type TextCard,
} from '@flashcards/contract';
import { ApiError, api, isUnreachable } from '../api-client';
import { mediaCacheName } from '../offline-cache-names';
import { waitingEdits } from './card-edits';
import {
  type CardText,
  isKidsCard,
  isStorageFull,
  type KeptCard,
  type KeptCategory,
  type OfflineDb,
  writing,
} from './offline-db';

/** Kept categories downloaded longer ago than this are downloaded again when the device is online. */
export const KEPT_FRESH_FOR_MS = 24 * 60 * 60 * 1000;

/** How far a keep has come, in card pages and pictures: `total` is an estimate until the cards are in. */
export type KeepProgress = { done: number; total: number };

const PAGE_SIZE = 20;
/** Pictures downloaded at the same time. */
const PARALLEL_DOWNLOADS = 4;

export const keptCategory = (db: OfflineDb, id: number) => db.get('kept', id);

export const keptCategories = (db: OfflineDb) => db.getAll('kept');

/** A card with a side, sides or tag changed; a picture card's first side is its picture, never changed. */
export const withText = <C extends TextCard | PictureCard>(card: C, text: CardText): C => ({
  ...card,
  ...('first_side_url' in card ? {} : { first_side: text.first_side }),
  second_side: text.second_side,
  tag: text.tag,
});

const queues = new Map<number, Promise<unknown>>();

/** Keeps and forgets of one category run one after the other, in the order asked. */
function inTurn<T>(id: number, work: () => Promise<T>): Promise<T> {
  const next = (queues.get(id) ?? Promise.resolve()).catch(() => undefined).then(work);
  queues.set(id, next);
  next
    .finally(() => {
      if (queues.get(id) === next) queues.delete(id);
    })
    .catch(() => undefined);
  return next;
}

/** The network could not be reached: said as the API client says it. */
const unreachable = (cause?: unknown) => new ApiError(0, null, { cause });

async function downloadCards(category: Category, step: () => void): Promise<KeptCard[]> {
  const cards = new Map<number, KeptCard>();
  for (let page = 1; ; page++) {
    const query = { category_id: category.id, page };
    const found =
      category.type_of_cards === 'text'
        ? await api.call(cardRoutes.textCardsPage, { query })
        : category.type_of_cards === 'picture'
          ? await api.call(cardRoutes.pictureCardsPage, { query })
          : await api.call(cardRoutes.kidsCardsPage, { query });
    for (const card of found.results) cards.set(card.id, card);
    step();
    if (!found.next) return [...cards.values()];
  }
}

/** The pictures and sounds of the cards the service worker can answer: files of this site (`/media/...`). */
const mediaOf = (cards: KeptCard[]) =>
  [
    ...new Set(
      cards.flatMap((card) => [
        ...('first_side_url' in card ? [card.first_side_url, card.first_side_thumbnail_url] : []),
        ...(isKidsCard(card) && card.audio_url ? [card.audio_url] : []),
      ]),
    ),
  ].filter((url) => new URL(url, location.href).origin === location.origin);

/**
 * The category's spaced review as the server deals it now (kids categories have none). The learner's
 * memory of a card is one for both modes: so is the review; the mode only says how it is answered.
 */
async function downloadReview(category: Category, step: () => void) {
  if (category.type_of_cards === 'kids') return undefined;
  const review = await api.call(reviewRoutes.reviewSession, {
    params: { id: category.id },
    query: { mode: 'verbal' },
  });
  step();
  return review;
}

const mediaCache = () => (typeof caches === 'undefined' ? null : caches.open(mediaCacheName));

/**
 * Puts the pictures into the media cache, those not there yet downloaded, and counts their bytes. A
 * picture the server no longer has is left out. When one fails (offline, no room), the files this call
 * added are taken out again and the error thrown.
 */
async function storeMedia(urls: string[], step: () => void): Promise<{ bytes: number; added: string[] }> {
  const cache = await mediaCache();
  if (!cache) return { bytes: 0, added: [] };
  const added: string[] = [];
  let bytes = 0;
  const outcome: { failure?: { error: unknown } } = {};
  const store = async (url: string) => {
    const kept = await cache.match(url, { ignoreVary: true });
    if (kept) bytes += (await kept.blob()).size;
    else {
      const response = await fetch(url).catch((error: unknown) => {
        throw unreachable(error);
      });
      if (response.ok) {
        const body = await response.blob();
        if (outcome.failure) return;
        await writing(() => cache.put(url, new Response(body, { headers: response.headers })));
        added.push(url);
        bytes += body.size;
      }
    }
    step();
  };
  let next = 0;
  const worker = async () => {
    while (!outcome.failure && next < urls.length) {
      const url = urls[next++]!;
      try {
        await store(url);
      } catch (error) {
        outcome.failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_DOWNLOADS, urls.length) }, worker));
  if (outcome.failure) {
    await dropMedia(added);
    throw outcome.failure.error;
  }
  return { bytes, added };
}

async function dropMedia(urls: string[]) {
  const cache = urls.length > 0 ? await mediaCache() : null;
  if (cache) await Promise.all(urls.map((url) => cache.delete(url, { ignoreVary: true })));
}

/** Takes out of the media cache the files no category kept on the device uses any longer. */
async function dropUnused(db: OfflineDb, urls: string[]) {
  if (urls.length === 0) return;
  const used = new Set((await keptCategories(db)).flatMap((kept) => kept.media));
  await dropMedia(urls.filter((url) => !used.has(url)));
}

/** The cards as this device shows them: with the edits made here that are not on the server yet. */
async function withWaitingEdits(db: OfflineDb, categoryId: number, cards: KeptCard[]) {
  const changes = new Map(
    (await waitingEdits(db))
      .filter((edit) => edit.category_id === categoryId)
      .map((edit) => [edit.card_id, edit.change]),
  );
  return cards.map((card) => {
    const change = changes.get(card.id);
    return change && !isKidsCard(card) ? withText(card, change) : card;
  });
}

/**
 * Keeps a category on the device for studying offline: the category, all its cards, its spaced review in
 * both modes and the cards' pictures and sounds (into the service worker's media cache). Kept again, it
 * replaces the copy kept before.
 * All or nothing: offline (an ApiError of status 0), with no room left (a QuotaExceededError, also told
 * to `onStorageFull`) or on any other failure, nothing new stays and the error is thrown.
 */
export const keepCategory = (
  db: OfflineDb,
  categoryId: number,
  onProgress: (progress: KeepProgress) => void = () => undefined,
): Promise<KeptCategory> =>
  inTurn(categoryId, async () => {
    if (!navigator.onLine) throw unreachable();
    const category = await api.call(cardRoutes.category, { params: { id: categoryId } });

    const pages = Math.max(1, Math.ceil(category.cards_len / PAGE_SIZE));
    const reviews = category.type_of_cards === 'kids' ? 0 : 1;
    const progress = {
      done: 0,
      total: pages + reviews + (category.type_of_cards === 'text' ? 0 : 2 * category.cards_len),
    };
    const step = () => {
      progress.done = Math.min(progress.done + 1, progress.total);
      onProgress({ ...progress });
    };
    onProgress({ ...progress });

    const cards = await withWaitingEdits(db, categoryId, await downloadCards(category, step));
    const review = await downloadReview(category, step);
    const media = mediaOf(cards);
    progress.total = progress.done + media.length;
    onProgress({ ...progress });
    const stored = await storeMedia(media, step);

    const kept: KeptCategory = {
      id: categoryId,
      category,
      cards,
      ...(review && { review }),
      media,
      bytes: new TextEncoder().encode(JSON.stringify({ category, cards, review })).length + stored.bytes,
      kept_at: new Date().toISOString(),
    };
    const before = await keptCategory(db, categoryId);
    try {
      await writing(() => db.put('kept', kept));
    } catch (error) {
      await dropMedia(stored.added);
      throw error;
    }
    if (before) await dropUnused(db, before.media);
    return kept;
  });

/** Stops keeping a category on the device: its copy and the pictures no other kept category uses. */
export const forgetCategory = (db: OfflineDb, categoryId: number) =>
  inTurn(categoryId, async () => {
    const kept = await keptCategory(db, categoryId);
    if (!kept) return;
    await db.delete('kept', categoryId);
    await dropUnused(db, kept.media);
  });

/** Changes a card of a kept category as this device now shows it (an edit made offline, or the one chosen). */
export const updateKeptCard = (db: OfflineDb, categoryId: number, cardId: number, text: CardText) =>
  writing(async () => {
    const tx = db.transaction('kept', 'readwrite');
    const kept = await tx.store.get(categoryId);
    if (kept)
      await tx.store.put({
        ...kept,
        cards: kept.cards.map((card) =>
          card.id === cardId && !isKidsCard(card) ? withText(card, text) : card,
        ),
        // The review shows the card as the deck does.
        ...(kept.review && {
          review: {
            ...kept.review,
            cards: kept.review.cards.map((dealt) =>
              dealt.card.id === cardId ? { ...dealt, card: withText(dealt.card, text) } : dealt,
            ),
          },
        }),
      });
    await tx.done;
  });

/** The kept categories downloaded longer ago than `KEPT_FRESH_FOR_MS` before `now`. */
export const staleKept = (db: OfflineDb, now = new Date()) =>
  db.getAllKeysFromIndex(
    'kept',
    'by_kept_at',
    IDBKeyRange.upperBound(new Date(now.getTime() - KEPT_FRESH_FOR_MS).toISOString()),
  );

/**
 * Downloads kept categories again: those named (after a sync: answers change the cards' memory and
 * review, and those stale, which other devices may have changed), or every one. A category gone from
 * the server is forgotten; offline or with no room left, the copies kept stay as they are.
 */
export async function refreshKept(db: OfflineDb, ids?: Iterable<number>): Promise<void> {
  const kept = new Set<number>(await db.getAllKeys('kept'));
  for (const id of ids ? new Set(ids) : kept) {
    if (!kept.has(id)) continue;
    try {
      await keepCategory(db, id);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) await forgetCategory(db, id);
      else if (isUnreachable(error) || isStorageFull(error)) return;
      else console.error('refreshing a kept category', error);
    }
  }
}
