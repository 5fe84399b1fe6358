import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { OCCLUSION_MAX_MASKS } from '@flashcards/contract';
import { strFromU8, unzipSync } from 'fflate';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildCategory } from '../../../test/factories';
import { type Session, signIn as signInAs } from '../../../test/session';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const signIn = () => signInAs(t);
const picture = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
const mediaPath = (url: string) => path.join(t.dataDir, 'media', url.replace(/^\/media\//, ''));
const filesOf = (userId: number) => {
  const folder = path.join(t.dataDir, 'media', 'u', String(userId), 'cards');
  return existsSync(folder) ? readdirSync(folder) : [];
};

const heart = { x: 0.1, y: 0.2, width: 0.3, height: 0.25, answer: 'the heart' };
const lungs = { x: 0.5, y: 0.1, width: 0.4, height: 0.3, answer: 'the **lungs**' };
const liver = { x: 0.2, y: 0.6, width: 0.2, height: 0.2, answer: 'the liver' };

const occlude = async (
  session: Session,
  category: number,
  masks: unknown,
  fields: Record<string, string | number> = {},
) =>
  session.send(
    'POST',
    '/api/card/card-picture-occlusion/',
    { category, masks: typeof masks === 'string' ? masks : JSON.stringify(masks), ...fields },
    { first_side: { name: 'body.png', type: 'image/png', data: await picture() } },
  );

const pictureCategory = async (session: Session) =>
  buildCategory(t.database.db, { userId: session.user.id, typeOfCards: 'picture' });

describe('image occlusion cards', () => {
  it('makes a card per rectangle, in order, answering what it hides, with the picture stored once', async () => {
    const session = await signIn();
    const category = await pictureCategory(session);
    const created = await occlude(session, category.id, [heart, lungs, liver], {
      mode: 'hide_one',
      tag: 'anatomy',
    });
    expect(created.statusCode, created.body).toBe(201);
    const cards = created.json();
    expect(cards.map((card: { second_side: string }) => card.second_side)).toEqual([
      'the heart',
      'the **lungs**',
      'the liver',
    ]);
    const rectangles = [heart, lungs, liver].map(({ answer: _, ...mask }) => mask);
    cards.forEach((card: { occlusion: unknown; tag: string }, index: number) => {
      expect(card.occlusion).toEqual({ masks: rectangles, target: index, mode: 'hide_one' });
      expect(card.tag).toBe('anatomy');
    });
    expect(new Set(cards.map((card: { first_side_url: string }) => card.first_side_url)).size).toBe(1);
    // One picture and its thumbnail.
    expect(filesOf(session.user.id)).toHaveLength(2);

    // Practice and the list carry the rectangles; "hide all" is the default.
    const deck = (await session.call('GET', `/api/card/card-picture/?category_id=${category.id}`)).json();
    expect(deck[1].occlusion).toEqual({ masks: rectangles, target: 1, mode: 'hide_one' });
    const other = await occlude(session, category.id, [heart]);
    expect(other.json()[0].occlusion.mode).toBe('hide_all');
    const page = (
      await session.call('GET', `/api/card/card-picture-paginated/?category_id=${category.id}`)
    ).json();
    expect(page.count).toBe(4);
  });

  it('refuses rectangles that are not JSON, none, too many, outside the picture or without an answer, storing nothing', async () => {
    const session = await signIn();
    const category = await pictureCategory(session);
    const refusals: [unknown, string][] = [
      ['[{"x": 0.1,', 'masks'],
      [[], 'masks'],
      [Array.from({ length: OCCLUSION_MAX_MASKS + 1 }, () => heart), 'masks'],
      [[{ ...heart, x: 0.9 }], 'masks'],
      [[{ ...heart, width: 0 }], 'masks'],
      [[{ ...heart, answer: '  ' }], 'masks'],
      [[{ x: 0.1, y: 0.1 }], 'masks'],
    ];
    for (const [masks, field] of refusals) {
      const response = await occlude(session, category.id, masks);
      expect(response.statusCode, JSON.stringify(masks).slice(0, 80)).toBe(400);
      expect(Object.keys(response.json()).every((key) => key.startsWith(field))).toBe(true);
    }
    expect((await occlude(session, category.id, 'not json')).json()).toEqual({
      masks: ['The rectangles could not be read. Draw them again.'],
    });
    const tooMany = await occlude(
      session,
      category.id,
      Array.from({ length: OCCLUSION_MAX_MASKS + 1 }, () => heart),
    );
    expect(tooMany.json().masks[0]).toMatch(/at most 30/);

    const noPicture = await session.send('POST', '/api/card/card-picture-occlusion/', {
      category: category.id,
      masks: JSON.stringify([heart]),
    });
    expect(noPicture.json()).toEqual({ first_side: ['No file provided'] });
    const text = await buildCategory(t.database.db, { userId: session.user.id, typeOfCards: 'text' });
    const wrongKind = await occlude(session, text.id, [heart]);
    expect(wrongKind.statusCode).toBe(400);
    expect(Object.keys(wrongKind.json())).toEqual(['category']);
    expect(filesOf(session.user.id)).toEqual([]);
    const listed = await session.call('GET', `/api/card/card-picture-paginated/?category_id=${category.id}`);
    expect(listed.json().count).toBe(0);
  });

  it('keeps the picture while a card of it is left, wherever that card is, and deletes it with the last', async () => {
    const session = await signIn();
    const category = await pictureCategory(session);
    const [first, second, third] = (await occlude(session, category.id, [heart, lungs, liver])).json();
    const file = mediaPath(first.first_side_url);
    const thumbnail = mediaPath(first.first_side_thumbnail_url);

    expect((await session.call('DELETE', `/api/card/card-picture/${first.id}/`)).statusCode).toBe(204);
    expect(existsSync(file)).toBe(true);

    // An answer and a tag change; the picture may not (the rectangles are drawn on it).
    const edited = await session.send('PUT', `/api/card/card-picture/${second.id}/`, {
      second_side: 'both lungs',
      category: category.id,
      tag: 'chest',
    });
    expect(edited.json()).toMatchObject({
      second_side: 'both lungs',
      tag: 'chest',
      occlusion: second.occlusion,
    });
    const replaced = await session.send(
      'PUT',
      `/api/card/card-picture/${second.id}/`,
      { second_side: 'both lungs', category: category.id },
      { first_side: { name: 'other.png', type: 'image/png', data: await picture() } },
    );
    expect(replaced.statusCode).toBe(400);
    expect(replaced.json()).toEqual({
      first_side: ['The picture of an image occlusion card cannot change: its rectangles are drawn on it.'],
    });
    expect(filesOf(session.user.id)).toHaveLength(2);

    // A card moved to another category keeps the picture when the first category goes.
    const elsewhere = await pictureCategory(session);
    await session.send('PUT', `/api/card/card-picture/${third.id}/`, {
      second_side: 'the liver',
      category: elsewhere.id,
    });
    expect((await session.call('DELETE', `/api/card/category/${category.id}/`)).statusCode).toBe(204);
    expect(existsSync(file)).toBe(true);
    const moved = await session.call('GET', `/api/card/card-picture/${third.id}/`);
    expect((await t.app.inject({ method: 'GET', url: moved.json().first_side_url })).statusCode).toBe(200);

    expect((await session.call('DELETE', `/api/card/category/${elsewhere.id}/`)).statusCode).toBe(204);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(thumbnail)).toBe(false);
  });

  it('deletes the picture when its last two cards are deleted at the same time', async () => {
    const session = await signIn();
    const category = await pictureCategory(session);
    const cards = (await occlude(session, category.id, [heart, lungs])).json();
    const deleted = await Promise.all(
      cards.map((card: { id: number }) => session.call('DELETE', `/api/card/card-picture/${card.id}/`)),
    );
    expect(deleted.map((response) => response.statusCode)).toEqual([204, 204]);
    expect(existsSync(mediaPath(cards[0].first_side_url))).toBe(false);
    expect(filesOf(session.user.id)).toEqual([]);
  });

  // Only a server runs changes side by side; PGlite runs them one at a time.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'a deletion waits for another change letting go of the same picture, then sees its card gone',
    async () => {
      const session = await signIn();
      const category = await pictureCategory(session);
      const [first, second] = (await occlude(session, category.id, [heart, lungs])).json();
      const file = mediaPath(first.first_side_url);
      const key = first.first_side_url.replace(/^\/media\//, '');
      // Another connection deletes the first card as a change does: it holds the picture's lock, and finds
      // the second card still using the picture.
      const other = new pg.Client({ connectionString: t.database.url });
      await other.connect();
      try {
        await other.query('begin');
        await other.query('delete from cards where id = $1', [first.id]);
        await other.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
        const deleting = session.call('DELETE', `/api/card/card-picture/${second.id}/`);
        const waiting = async () => {
          for (;;) {
            const { rows } = await other.query<{ n: number }>(
              "select count(*)::integer as n from pg_locks where locktype = 'advisory' and not granted",
            );
            if (rows[0]!.n > 0) return true;
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        };
        // It waits rather than finishing at once.
        expect(await Promise.race([waiting(), deleting.then(() => false)])).toBe(true);
        await other.query('commit');
        expect((await deleting).statusCode).toBe(204);
      } finally {
        await other.end();
      }
      // Without the wait each would have seen the other's card and kept the picture for ever.
      expect(existsSync(file)).toBe(false);
    },
  );

  it('exports a card per rectangle, each picture showing the rectangles of its question', async () => {
    const session = await signIn();
    const category = await pictureCategory(session);
    await occlude(session, category.id, [heart, lungs]);
    const exported = await session.call('GET', `/api/card/category/${category.id}/export/?format=apkg`);
    expect(exported.statusCode).toBe(200);
    const entries = unzipSync(exported.rawPayload);
    const mediaMap = JSON.parse(strFromU8(entries.media!)) as Record<string, string>;
    expect(Object.values(mediaMap).sort()).toEqual(['picture-1.webp', 'picture-2.webp']);
    // The first card's question: its own rectangle red where the heart was, the other one yellow.
    const pixel = async (entry: string, mask: typeof heart) => {
      const data = Buffer.from(entries[entry]!);
      const { width = 0, height = 0 } = await sharp(data).metadata();
      const x = Math.round((mask.x + mask.width / 2) * width);
      const y = Math.round((mask.y + mask.height / 2) * height);
      const { data: rgb } = await sharp(data)
        .extract({ left: x, top: y, width: 1, height: 1 })
        .raw()
        .toBuffer({
          resolveWithObject: true,
        });
      return [...rgb.subarray(0, 3)];
    };
    const near = (actual: number[], expected: number[]) =>
      actual.every((value, index) => Math.abs(value - expected[index]!) < 24);
    const first = Object.entries(mediaMap).find(([, name]) => name === 'picture-1.webp')![0];
    expect(near(await pixel(first, heart), [0xff, 0x8e, 0x8e])).toBe(true);
    expect(near(await pixel(first, lungs), [0xff, 0xeb, 0xa2])).toBe(true);
  });
});
