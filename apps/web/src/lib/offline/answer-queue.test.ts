import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import {
  countWaiting,
  dayIn,
  dropAnswers,
  leftOn,
  nextBatch,
  queueAnswer,
  rememberLimit,
  unqueueAnswer,
} from './answer-queue';
import { keepMine, markConflict, queueEdit, waitingEdits } from './card-edits';
import { offlineDb, type QueuedAnswer } from './offline-db';

let accounts = 0;
const freshDb = () => offlineDb(1_000 + ++accounts);

const answer = (at: string, id = crypto.randomUUID()): QueuedAnswer => ({
  id,
  card_id: 7,
  category_id: 3,
  kind: 'text',
  mode: 'verbal',
  correct: true,
  answered_at: at,
});

describe('the offline answer queue', () => {
  it('gives the waiting answers oldest first, whatever order they were kept in, and forgets sent ones', async () => {
    const db = await freshDb();
    const late = answer('2026-11-28T10:00:00.000Z');
    const early = answer('2026-11-27T22:30:00.000Z');
    const middle = answer('2026-11-28T08:00:00.000Z');
    for (const kept of [late, early, middle]) expect(await queueAnswer(db, kept)).toBeNull();
    expect((await nextBatch(db)).map((a) => a.id)).toEqual([early.id, middle.id, late.id]);
    await dropAnswers(db, [early.id, late.id]);
    expect((await nextBatch(db)).map((a) => a.id)).toEqual([middle.id]);
    expect(await countWaiting(db)).toBe(1);
  });

  it('keeps an answer once by its id', async () => {
    const db = await freshDb();
    const once = answer('2026-11-28T10:00:00.000Z');
    await queueAnswer(db, once);
    await queueAnswer(db, once);
    expect(await countWaiting(db)).toBe(1);
  });

  it('sends at most a call’s worth at a time', async () => {
    const db = await freshDb();
    const start = Date.parse('2026-11-28T00:00:00.000Z');
    for (let i = 0; i < 501; i++) await queueAnswer(db, answer(new Date(start + i * 1000).toISOString()));
    const batch = await nextBatch(db);
    expect(batch).toHaveLength(500);
    expect(batch.at(-1)!.answered_at).toBe(new Date(start + 499_000).toISOString());
  });

  it("holds the free daily limit offline, day by day in the account's time zone", async () => {
    const db = await freshDb();
    // Two answers left on 28 November in Sofia (UTC+2), a day's limit of 30.
    await rememberLimit(db, {
      left: 2,
      perDay: 30,
      timeZone: 'Europe/Sofia',
      now: new Date('2026-11-28T12:00:00.000Z'),
    });
    expect(await queueAnswer(db, answer('2026-11-28T13:00:00.000Z'))).toBe(1);
    expect(await queueAnswer(db, answer('2026-11-28T14:00:00.000Z'))).toBe(0);
    expect(await queueAnswer(db, answer('2026-11-28T15:00:00.000Z'))).toBe(false);
    // 22:30 UTC is already the 29th in Sofia: a new day, a whole day's answers.
    expect(await queueAnswer(db, answer('2026-11-28T22:30:00.000Z'))).toBe(29);
    expect(leftOn(await db.get('facts', 'limit'), '2026-11-29')).toBe(29);
    expect(await countWaiting(db)).toBe(3);
  });

  it('gives a taken-back answer its free answer back', async () => {
    const db = await freshDb();
    const now = new Date('2026-11-28T12:00:00.000Z');
    await rememberLimit(db, { left: 1, perDay: 30, timeZone: 'UTC', now });
    const first = answer('2026-11-28T12:01:00.000Z');
    expect(await queueAnswer(db, first)).toBe(0);
    expect(await queueAnswer(db, answer('2026-11-28T12:02:00.000Z'))).toBe(false);
    expect(await unqueueAnswer(db, first.id)).toBe(true);
    expect(await queueAnswer(db, answer('2026-11-28T12:03:00.000Z'))).toBe(0);
  });

  it("keeps a learning path's answers whatever is left of the free answers, and spends none", async () => {
    const db = await freshDb();
    const now = new Date('2026-11-28T12:00:00.000Z');
    await rememberLimit(db, { left: 0, perDay: 30, timeZone: 'UTC', now });
    const onPath = { ...answer('2026-11-28T12:01:00.000Z'), learning_path: true as const };
    expect(await queueAnswer(db, onPath)).toBeNull();
    expect(await queueAnswer(db, answer('2026-11-28T12:02:00.000Z'))).toBe(false);
    expect(await unqueueAnswer(db, onPath.id)).toBe(true);
    expect(await db.get('facts', 'limit')).toMatchObject({ left: 0 });
    expect(await countWaiting(db)).toBe(0);
  });

  it('has no limit for an account without one', async () => {
    const db = await freshDb();
    await rememberLimit(db, { left: null, perDay: null, timeZone: 'UTC', now: new Date() });
    for (let i = 0; i < 40; i++) expect(await queueAnswer(db, answer(new Date().toISOString()))).toBeNull();
  });

  it('names the day in the time zone given', () => {
    const at = new Date('2026-11-28T22:30:00.000Z');
    expect(dayIn('Europe/Sofia', at)).toBe('2026-11-29');
    expect(dayIn('America/New_York', at)).toBe('2026-11-28');
  });
});

describe('cards edited offline', () => {
  const edit = (second: string, base = 'котка') => ({
    card_id: 5,
    kind: 'text' as const,
    category_id: 3,
    base: { first_side: 'cat', second_side: base, tag: '' },
    change: { first_side: 'cat', second_side: second, tag: '' },
    edited_at: new Date().toISOString(),
  });

  it('keeps the first base when a card is edited twice before it is sent', async () => {
    const db = await freshDb();
    await queueEdit(db, edit('коте'));
    await queueEdit(db, edit('котенце', 'коте'));
    const [kept] = await waitingEdits(db);
    expect(kept).toMatchObject({ base: { second_side: 'котка' }, change: { second_side: 'котенце' } });
  });

  it('keeps both versions on a conflict, and sends mine on top of theirs when I choose mine', async () => {
    const db = await freshDb();
    await queueEdit(db, edit('коте'));
    await markConflict(db, 5, { first_side: 'cat', second_side: 'котарак', tag: 'animals' });
    expect((await waitingEdits(db))[0]).toMatchObject({
      change: { second_side: 'коте' },
      theirs: { second_side: 'котарак' },
    });
    await keepMine(db, 5);
    expect((await waitingEdits(db))[0]).toMatchObject({
      base: { second_side: 'котарак', tag: 'animals' },
      change: { second_side: 'коте' },
      theirs: null,
    });
  });
});
