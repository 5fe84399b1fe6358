import { OFFLINE_SYNC_MAX_ANSWERS } from '@flashcards/contract';
import { localToday } from '../calendar-day';
import {
  type LimitFacts,
  type OfflineDb,
  type QueuedAnswer,
  type QueuedItem,
  type QueuedListen,
  writing,
} from './offline-db';

/** The calendar day of `at` in the account's time zone (the day the server counts an answer on). */
export const dayIn = (timeZone: string, at: Date) => localToday(at, timeZone);

/** What is left of the free limit on `today`: the day's rest when known, else a whole day's; null: none. */
export const leftOn = (facts: LimitFacts | undefined, today: string) => {
  if (!facts || facts.perDay === null) return null;
  return facts.day === today ? (facts.left ?? facts.perDay) : facts.perDay;
};

/**
 * Keeps an answer on the device, spending one of the day's free answers when the account has a limit:
 * resolves to what is left of them (null without a limit). False, and nothing kept, when the day's
 * answers are spent: the session stops as it would online.
 */
export const queueAnswer = async (db: OfflineDb, answer: QueuedAnswer): Promise<number | null | false> =>
  writing(async () => {
    // A learning path's answers spend no free answers.
    if (answer.learning_path) {
      await db.put('answers', answer);
      return null;
    }
    const tx = db.transaction(['answers', 'facts'], 'readwrite');
    const facts = await tx.objectStore('facts').get('limit');
    const today = facts ? dayIn(facts.timeZone, new Date(answer.answered_at)) : null;
    const left = today === null ? null : leftOn(facts, today);
    if (left !== null && left <= 0) {
      await tx.done;
      return false;
    }
    if (facts && today !== null && left !== null)
      await tx.objectStore('facts').put({ ...facts, day: today, left: left - 1 }, 'limit');
    await tx.objectStore('answers').put(answer);
    await tx.done;
    return left === null ? null : left - 1;
  });

/** Keeps a kids card's listen on the device, with the answers (listens have no limit). */
export const queueListen = (db: OfflineDb, listen: QueuedListen) => writing(() => db.put('answers', listen));

/** The answers and listens waiting, oldest first, at most one call's worth. */
export const nextBatch = (db: OfflineDb): Promise<QueuedItem[]> =>
  db.getAllFromIndex('answers', 'by_time', null, OFFLINE_SYNC_MAX_ANSWERS);

export const countWaiting = (db: OfflineDb) => db.count('answers');

/** Forgets the answers the server has answered for (counted or not: each id is applied once). */
export const dropAnswers = async (db: OfflineDb, ids: string[]) => {
  const tx = db.transaction('answers', 'readwrite');
  await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
};

/** Takes back an answer not sent yet (undo), giving its free answer back. */
export const unqueueAnswer = async (db: OfflineDb, id: string) => {
  const tx = db.transaction(['answers', 'facts'], 'readwrite');
  const found = await tx.objectStore('answers').get(id);
  const answer = found?.kind === 'kids' ? undefined : found;
  if (answer) {
    await tx.objectStore('answers').delete(id);
    const facts = await tx.objectStore('facts').get('limit');
    if (
      !answer.learning_path &&
      facts &&
      facts.left !== null &&
      facts.day === dayIn(facts.timeZone, new Date(answer.answered_at))
    )
      await tx.objectStore('facts').put({ ...facts, left: facts.left + 1 }, 'limit');
  }
  await tx.done;
  return answer !== undefined;
};

/** What the server said of the limit, as of `now`. */
export const rememberLimit = (
  db: OfflineDb,
  {
    left,
    perDay,
    timeZone,
    now,
  }: { left: number | null; perDay: number | null; timeZone: string; now: Date },
) => writing(() => db.put('facts', { day: dayIn(timeZone, now), left, perDay, timeZone }, 'limit'));
