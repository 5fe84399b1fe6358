import type {
  Category,
  KidsCard,
  OfflineAnswer,
  PictureCard,
  ReviewSession,
  TextCard,
} from '@flashcards/contract';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/** An answer given without the network, waiting to be sent (the server's offline answer and its deck). */
export type QueuedAnswer = OfflineAnswer & { category_id: number; kind: 'text' | 'picture' };

/**
 * A kids card listened to without the network, waiting with the answers (by its time, `answered_at`); it
 * spends none of the day's free answers.
 */
export type QueuedListen = {
  id: string;
  card_id: number;
  category_id: number;
  kind: 'kids';
  answered_at: string;
};

export type QueuedItem = QueuedAnswer | QueuedListen;

/** A card's sides and tag, as a device saw or changed them. */
export type CardText = { first_side: string; second_side: string; tag: string };

/**
 * A card edited without the network: the change, and the card as it was before it (the server refuses
 * the change when the card is no longer that). `theirs` is the other version once the server refused it.
 */
export type QueuedEdit = {
  card_id: number;
  kind: 'text' | 'picture';
  category_id: number;
  base: CardText;
  change: CardText;
  edited_at: string;
  theirs: CardText | null;
};

export type KeptCard = TextCard | PictureCard | KidsCard;

export const isKidsCard = (card: KeptCard): card is KidsCard => 'listen_counts' in card;

/** A category kept on the device: its cards and the bytes of its pictures and sounds. */
export type KeptCategory = {
  id: number;
  category: Category;
  cards: KeptCard[];
  /**
   * Its spaced review as the server last dealt it (one memory for both modes: the same in either), less
   * the cards answered on the device since; none for a kids category.
   */
  review?: ReviewSession;
  /** The addresses of its pictures and sounds, kept in the media cache. */
  media: string[];
  bytes: number;
  kept_at: string;
};

/** What the device knows of the free daily limit: what was left on a day of the account's zone. */
export type LimitFacts = { day: string; left: number | null; perDay: number | null; timeZone: string };

interface OfflineSchema extends DBSchema {
  answers: { key: string; value: QueuedItem; indexes: { by_time: string } };
  edits: { key: number; value: QueuedEdit };
  kept: { key: number; value: KeptCategory; indexes: { by_kept_at: string } };
  /** The last answer of each call the app read, by its address: what it shows offline. */
  reads: { key: string; value: { data: unknown; saved_at: string } };
  facts: { key: 'limit'; value: LimitFacts };
}

export type OfflineDb = IDBPDatabase<OfflineSchema>;

const opened = new Map<number, Promise<OfflineDb>>();

/** One database per account, so that a shared device never shows one learner's cards to another. */
export const offlineDb = (userId: number): Promise<OfflineDb> => {
  let db = opened.get(userId);
  if (!db) {
    db = openDB<OfflineSchema>(`flashcards-offline-${userId}`, 2, {
      upgrade(database, oldVersion, _newVersion, transaction) {
        if (oldVersion < 1) {
          database.createObjectStore('answers', { keyPath: 'id' }).createIndex('by_time', 'answered_at');
          database.createObjectStore('edits', { keyPath: 'card_id' });
          database.createObjectStore('kept', { keyPath: 'id' });
          database.createObjectStore('reads');
          database.createObjectStore('facts');
        }
        // Version 2: the kept categories by the time they were downloaded, to refresh the stale ones.
        if (oldVersion < 2) transaction.objectStore('kept').createIndex('by_kept_at', 'kept_at');
      },
    });
    opened.set(userId, db);
  }
  return db;
};

const storageFullListeners = new Set<() => void>();

/** Called when the device refuses to store more. */
export const onStorageFull = (listener: () => void) => {
  storageFullListeners.add(listener);
  return () => storageFullListeners.delete(listener);
};

export const isStorageFull = (error: unknown) =>
  error instanceof DOMException && error.name === 'QuotaExceededError';

/** Runs a write; a full storage is told to the listeners (the header says so) and rethrown. */
export async function writing<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isStorageFull(error)) for (const listener of storageFullListeners) listener();
    throw error;
  }
}

/** Forgets what the device read and kept for an account that signs out; its unsent work stays. */
export const forgetReads = async (userId: number) => {
  const db = await offlineDb(userId);
  await Promise.all([db.clear('reads'), db.clear('kept')]);
};
