import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { CardImport } from '@flashcards/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { olderDeck, png } from '../../../test/anki-decks';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildCategory } from '../../../test/factories';
import { formData, wavFile } from '../../../test/multipart';
import { type Session, signInAgain, signIn as signInAs } from '../../../test/session';
import { userMediaPrefix } from '../users/users.service';
import { toApkg } from './card-export';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const signIn = () => signInAs(t);

const start = (session: Session, categoryId: number, data: Buffer, fields: Record<string, string> = {}) =>
  session.send(
    'POST',
    '/api/card/imports/',
    { category_id: categoryId, ...fields },
    { file: { name: 'deck.apkg', type: 'application/octet-stream', data } },
  );
const status = async (session: Session, id: string): Promise<CardImport> =>
  (await session.call('GET', `/api/card/imports/${id}/`)).json();

const textDeck = (notes: number) =>
  toApkg(
    'Words',
    Array.from({ length: notes }, (_, i) => ({ first: `word ${i}`, second: `дума ${i}`, tag: '' })),
    new Date(),
  );

const cardsOf = async (session: Session, kind: 'text' | 'kids', categoryId: number) =>
  (
    await session.call(
      'GET',
      `/api/card/${kind === 'kids' ? 'card-picture-kids' : 'card-text'}/?category_id=${categoryId}`,
    )
  ).json() as {
    second_side: string;
    first_side_url?: string;
    audio_url?: string | null;
    language?: string;
  }[];

/** The uploads being written to temporary files now. */
const stagedUploads = () => readdirSync(tmpdir()).filter((name) => name.startsWith('flashcards-upload-'));

const importFiles = (userId: number) => {
  const dir = path.join(t.dataDir, 'media', userMediaPrefix(userId), 'imports');
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('an import of an Anki package', () => {
  it('is stored and queued, reports its progress as the job reads the notes, then its outcome', async () => {
    const session = await signIn();
    const category = await buildCategory(t.database.db, { userId: session.user.id });
    const started = await start(session, category.id, await textDeck(2500));
    expect(started.statusCode).toBe(202);
    const id = started.json().id;
    expect(started.json()).toEqual({
      id,
      category_id: category.id,
      status: 'PENDING',
      done: 0,
      total: null,
      created: 0,
      skipped: [],
      error: null,
    });
    expect(importFiles(session.user.id)).toEqual([`${id}.apkg`]);

    // Polled while the job runs: it is seen started, part of the way through.
    const running = t.runJobs();
    const seen: CardImport[] = [];
    for (;;) {
      const now = await status(session, id);
      if (now.status === 'SUCCESS' || now.status === 'FAILURE') break;
      if (seen.at(-1)?.status !== now.status || seen.at(-1)?.done !== now.done) seen.push(now);
      // The job reads files: its I/O runs between the polls, which are otherwise promises alone.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await running;
    expect(seen.some((s) => s.status === 'STARTED' && s.total === 2500 && s.done > 0 && s.done < 2500)).toBe(
      true,
    );
    expect(await status(session, id)).toMatchObject({
      status: 'SUCCESS',
      done: 2500,
      total: 2500,
      created: 2500,
      skipped: [],
      error: null,
    });
    const cards = await cardsOf(session, 'text', category.id);
    expect(cards).toHaveLength(2500);
    // In the package's order.
    expect([cards[0], cards[2499]]).toMatchObject([{ first_side: 'word 0' }, { first_side: 'word 2499' }]);
    // The package goes once the import has ended.
    expect(importFiles(session.user.id)).toEqual([]);
  });

  it('runs once: a job delivered again after it ended adds nothing', async () => {
    const session = await signIn();
    const category = await buildCategory(t.database.db, { userId: session.user.id });
    const id = (await start(session, category.id, await textDeck(3))).json().id;
    await t.runJobs();
    await t.services.cardImports.run(id, { retryCount: 0 });
    expect(await cardsOf(session, 'text', category.id)).toHaveLength(3);
  });

  it('one import of an account at a time, under 100 parallel starts', async () => {
    const session = await signIn();
    const category = await buildCategory(t.database.db, { userId: session.user.id });
    const deck = await textDeck(2);
    const answers = await Promise.all(Array.from({ length: 100 }, () => start(session, category.id, deck)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((code) => code === 202)).toHaveLength(1);
    // The others: the import running, or (while the first was still arriving) its upload.
    expect(statuses.filter((code) => code === 409 || code === 429)).toHaveLength(99);
    for (const answer of answers.filter((each) => each.statusCode !== 202))
      expect(answer.json().detail).toMatch(/still running|still being sent/);
    // Only the one package is kept.
    expect(importFiles(session.user.id)).toHaveLength(1);
    await t.runJobs();
    // Once it ended, the next one may start.
    expect((await start(session, category.id, deck)).statusCode).toBe(202);
    await t.runJobs();
    expect(await cardsOf(session, 'text', category.id)).toHaveLength(4);
  });

  it('one upload of an account is received at a time: another one meanwhile is refused, storing nothing', async () => {
    const session = await signIn();
    const category = await buildCategory(t.database.db, { userId: session.user.id });
    const form = await formData(
      { category_id: category.id },
      { file: { name: 'deck.apkg', type: 'application/octet-stream', data: await textDeck(3) } },
    );
    // The first upload arrives slowly: half of it, then the rest once the second was answered.
    const body = new PassThrough();
    const before = stagedUploads();
    const first = t.app.inject({
      method: 'POST',
      url: '/api/card/imports/',
      headers: { ...session.headers, ...form.headers },
      payload: body,
    });
    body.write(form.payload.subarray(0, form.payload.length - 100));
    while (stagedUploads().length === before.length) await new Promise((resolve) => setImmediate(resolve));
    const second = await start(session, category.id, await textDeck(1));
    expect(second.statusCode).toBe(429);
    expect(second.json().detail).toMatch(/still being sent/);
    body.end(form.payload.subarray(form.payload.length - 100));
    expect((await first).statusCode).toBe(202);
    await t.runJobs();
    expect(await cardsOf(session, 'text', category.id)).toHaveLength(3);
    // Once it has arrived, the next may be sent.
    expect((await start(session, category.id, await textDeck(1))).statusCode).toBe(202);
    await t.runJobs();
  });

  it('one that outlives its time reads as failed, and its job then ends it without adding cards', async () => {
    const first = await signIn();
    const category = await buildCategory(t.database.db, { userId: first.user.id });
    const id = (await start(first, category.id, await textDeck(3))).json().id;
    t.clock.advance(61 * 60 * 1000);
    const session = await signInAgain(t, first);
    expect(await status(session, id)).toMatchObject({
      status: 'FAILURE',
      error: expect.stringMatching(/too long/),
    });
    // Another may start meanwhile.
    expect((await start(session, category.id, await textDeck(1))).statusCode).toBe(202);
    await t.services.cardImports.run(id, { retryCount: 0 });
    expect(await status(session, id)).toMatchObject({ status: 'FAILURE', created: 0 });
    expect(await cardsOf(session, 'text', category.id)).toEqual([]);
    expect(importFiles(session.user.id)).toHaveLength(1);
  });

  it("is its starter's: another user's import and category do not exist", async () => {
    const owner = await signIn();
    const other = await signIn();
    const category = await buildCategory(t.database.db, { userId: owner.user.id });
    const id = (await start(owner, category.id, await textDeck(1))).json().id;
    expect((await other.call('GET', `/api/card/imports/${id}/`)).statusCode).toBe(404);
    expect((await start(other, category.id, await textDeck(1))).statusCode).toBe(404);
    expect((await owner.call('GET', '/api/card/imports/not-a-uuid/')).statusCode).toBe(404);
    await t.runJobs();
  });

  it('refuses at once what is no package, and a missing file, storing nothing', async () => {
    const session = await signIn();
    const category = await buildCategory(t.database.db, { userId: session.user.id });
    const text = await start(session, category.id, Buffer.from('front%back&tag'));
    expect(text.statusCode).toBe(400);
    expect(text.json().file[0]).toMatch(/not an Anki package/);
    const none = await session.send('POST', '/api/card/imports/', { category_id: category.id });
    expect(none.statusCode).toBe(400);
    expect(importFiles(session.user.id)).toEqual([]);
  });

  it('into a kids category: the picture, the word, the sound as audio and the chosen language', async () => {
    const session = await signIn();
    const category = await buildCategory(t.database.db, { userId: session.user.id, typeOfCards: 'kids' });
    const deck = await olderDeck(
      [
        { front: '<img src="cat.png">', back: 'котка[sound:cat.wav]' },
        { front: '<img src="dog.png">[sound:dog.wav]', back: 'куче' },
        { front: '<img src="cow.png">', back: 'крава' },
        { front: 'no picture', back: 'нищо' },
      ],
      {
        'cat.png': await png(),
        'dog.png': await png(),
        'cow.png': await png(),
        'cat.wav': wavFile(),
        'dog.wav': wavFile(),
      },
    );
    const missing = await start(session, category.id, deck);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().language[0]).toMatch(/language/);

    const id = (await start(session, category.id, deck, { language: 'bg' })).json().id;
    await t.runJobs();
    expect(await status(session, id)).toMatchObject({
      status: 'SUCCESS',
      created: 3,
      skipped: [{ note: 4, excerpt: 'no picture', reason: 'no_picture' }],
    });
    const cards = await cardsOf(session, 'kids', category.id);
    expect(cards.map((card) => [card.second_side, card.language, Boolean(card.audio_url)])).toEqual([
      ['котка', 'bg', true],
      ['куче', 'bg', true],
      ['крава', 'bg', false],
    ]);
    const audio = await t.app.inject({ method: 'GET', url: cards[0]!.audio_url! });
    expect(audio.statusCode).toBe(200);
    expect(audio.rawPayload).toEqual(wavFile());
  });

  it('a sound that is not one leaves its kids card out, listed; a text category drops sounds', async () => {
    const session = await signIn();
    const kids = await buildCategory(t.database.db, {
      userId: session.user.id,
      typeOfCards: 'kids',
      language: 'en',
    });
    const deck = await olderDeck(
      [
        { front: '<img src="cat.png">', back: 'cat[sound:cat.mp3]' },
        { front: '<img src="dog.png">', back: 'dog' },
      ],
      { 'cat.png': await png(), 'dog.png': await png(), 'cat.mp3': Buffer.from('not a sound at all') },
    );
    // The category's own language, when none is chosen.
    const id = (await start(session, kids.id, deck)).json().id;
    await t.runJobs();
    expect(await status(session, id)).toMatchObject({
      status: 'SUCCESS',
      created: 1,
      skipped: [{ note: 1, excerpt: '', reason: 'bad_media' }],
    });
    expect((await cardsOf(session, 'kids', kids.id)).map((c) => [c.second_side, c.language])).toEqual([
      ['dog', 'en'],
    ]);

    const text = await buildCategory(t.database.db, { userId: session.user.id });
    const words = await olderDeck([{ front: 'cat [sound:cat.mp3]', back: 'котка' }], {
      'cat.mp3': Buffer.from('not a sound at all'),
    });
    const textId = (await start(session, text.id, words)).json().id;
    await t.runJobs();
    expect(await status(session, textId)).toMatchObject({ status: 'SUCCESS', created: 1, skipped: [] });
  });
});

describe('the sweep of imports', () => {
  it('ends those whose every attempt died, with their packages, and forgets those ended a month ago', async () => {
    const session = await signIn();
    const category = await buildCategory(t.database.db, { userId: session.user.id });
    const id = (await start(session, category.id, await textDeck(1))).json().id;
    // Its job never ran (its process died on every attempt) and its time passed.
    await t.database.db.execute(sql`delete from pgboss.job where data->>'importId' = ${id}`);
    t.clock.advance(2 * 60 * 60 * 1000);
    expect(importFiles(session.user.id)).toHaveLength(1);
    expect(await t.services.cardImports.sweep()).toBe(1);
    expect(importFiles(session.user.id)).toEqual([]);
    const again = await signInAgain(t, session);
    expect(await status(again, id)).toMatchObject({
      status: 'FAILURE',
      error: expect.stringMatching(/too long/),
    });

    t.clock.advance(31 * 24 * 60 * 60 * 1000);
    expect(await t.services.cardImports.sweep()).toBe(0);
    expect((await (await signInAgain(t, session)).call('GET', `/api/card/imports/${id}/`)).statusCode).toBe(
      404,
    );
  });
});
