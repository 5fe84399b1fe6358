import { cardRoutes, practiceRoutes } from '@flashcards/contract';
import { ApiError, api, isUnreachable } from '../api-client';
import { countWaiting, dropAnswers, nextBatch, rememberLimit } from './answer-queue';
import { cardText, dropEdit, markConflict, waitingEdits } from './card-edits';
import { type OfflineDb, offlineDb, onStorageFull, type QueuedEdit } from './offline-db';

export type SyncState = {
  online: boolean;
  /** Answers and edits kept on the device, not sent yet. */
  waiting: number;
  syncing: boolean;
  /** What the last sync did, until the next one starts. */
  synced: { counted: number; overLimit: number } | null;
  /** Cards changed both here and elsewhere, waiting for the learner's choice. */
  conflicts: number;
  storageFull: boolean;
};

let state: SyncState = {
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  waiting: 0,
  syncing: false,
  synced: null,
  conflicts: 0,
  storageFull: false,
};
const listeners = new Set<() => void>();
const update = (change: Partial<SyncState>) => {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
};

/** The sync status, for useSyncExternalStore. */
export const syncStore = {
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => state,
};

type Account = {
  userId: number;
  timeZone: () => string;
  /** Downloads again the kept categories named (those a sync sent answers or edits of) and the stale ones. */
  refreshKept: (categoryIds: number[]) => Promise<unknown>;
  /** After a sync that sent something: the pages read anew. */
  synced: () => unknown;
};
let account: (Account & { db: Promise<OfflineDb> }) | null = null;

/** Counts what waits on the device (after anything is kept, sent or chosen). */
export const recount = async () => {
  if (!account) return;
  const db = await account.db;
  const edits = await waitingEdits(db);
  const conflicts = edits.filter((edit) => edit.theirs).length;
  update({ waiting: (await countWaiting(db)) + edits.length - conflicts, conflicts });
};

const sendEdit = async (db: OfflineDb, edit: QueuedEdit) => {
  const base = { base_second_side: edit.base.second_side, base_tag: edit.base.tag };
  const fields = { second_side: edit.change.second_side, tag: edit.change.tag, category: edit.category_id };
  try {
    if (edit.kind === 'text')
      await api.call(cardRoutes.updateTextCard, {
        params: { id: edit.card_id },
        body: {
          ...fields,
          ...base,
          first_side: edit.change.first_side,
          base_first_side: edit.base.first_side,
        },
      });
    else
      await api.call(cardRoutes.updatePictureCard, {
        params: { id: edit.card_id },
        body: { ...fields, ...base },
        encoding: 'json',
      });
    await dropEdit(db, edit.card_id);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 409) {
      const route = edit.kind === 'text' ? cardRoutes.textCard : cardRoutes.pictureCard;
      const theirs = await api.call(route, { params: { id: edit.card_id } });
      await markConflict(db, edit.card_id, cardText(theirs));
    } else if (error.status === 404 || error.status === 400) {
      // The card is gone, or the change can no longer be made: nothing is left to send it to.
      await dropEdit(db, edit.card_id);
    } else throw error;
  }
};

let running: Promise<void> | null = null;

/**
 * Sends what waits: the answers, oldest first, a call's worth at a time (each call forgets what the server
 * answered for), then the edits. Stops quietly when the network goes; runs once at a time.
 */
export const syncNow = (): Promise<void> => {
  if (!running)
    running = runSync().finally(() => {
      running = null;
    });
  return running;
};

const runSync = async () => {
  const current = account;
  if (!current || !navigator.onLine) return;
  const db = await current.db;
  const edits = (await waitingEdits(db)).filter((edit) => !edit.theirs);
  const sending = (await countWaiting(db)) > 0 || edits.length > 0;
  // Nothing to send: the server is asked only for the daily limit's figures, and only by a device that
  // keeps categories to study offline (which then downloads again those kept more than a day ago). Every
  // page load starts here: it must cost nothing else.
  if (!sending && (await db.count('kept')) === 0) return;
  if (sending) update({ syncing: true, synced: null });
  let counted = 0;
  let overLimit = 0;
  const touched = new Set<number>();
  try {
    for (;;) {
      const batch = await nextBatch(db);
      for (const item of batch) touched.add(item.category_id);
      const answers = batch.flatMap((item) => {
        if (item.kind === 'kids') return [];
        const { category_id: _, kind: __, ...answer } = item;
        return [answer];
      });
      const listens = batch.flatMap((item) =>
        item.kind === 'kids' ? [{ id: item.id, card_id: item.card_id, listened_at: item.answered_at }] : [],
      );
      const result = await api.call(practiceRoutes.syncOfflineAnswers, { body: { answers, listens } });
      await rememberLimit(db, {
        left: result.answers_left_today,
        perDay: result.daily_limit,
        timeZone: current.timeZone(),
        now: new Date(),
      });
      counted += result.counted;
      overLimit += result.over_limit;
      if (batch.length === 0) break;
      await dropAnswers(
        db,
        result.results.map((answered) => answered.id),
      );
    }
    for (const edit of edits) {
      await sendEdit(db, edit);
      touched.add(edit.category_id);
    }
    if (sending) update({ synced: { counted, overLimit } });
    await current.refreshKept([...touched]);
    if (sending) await current.synced();
  } catch (error) {
    if (!isUnreachable(error)) console.error('offline sync', error);
  } finally {
    if (sending) update({ syncing: false });
    await recount();
  }
};

/**
 * Starts syncing for the signed-in account: now, whenever the network comes back, and after each answer
 * or edit kept while online (`syncNow`). Returns the stop.
 */
export const startOfflineSync = (next: Account) => {
  account = { ...next, db: offlineDb(next.userId) };
  const online = () => {
    update({ online: true });
    void syncNow();
  };
  const offline = () => update({ online: false });
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  const stopFull = onStorageFull(() => update({ storageFull: true }));
  update({ online: navigator.onLine });
  void recount().then(() => syncNow());
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
    stopFull();
    account = null;
  };
};

/** The account's offline database while syncing runs, for the parts that keep things on the device. */
export const currentOfflineDb = () => account?.db ?? null;

export const dismissStorageFull = () => update({ storageFull: false });
