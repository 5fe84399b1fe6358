import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildCatalogVersion, buildCategory } from '../../../test/factories';
import { type Session, signIn as signInAs } from '../../../test/session';
import { cards, categories, pendingMedia, users } from '../../db/schema';
import { HOUR } from '../../lib/clock';
import { thumbnailKey } from '../../lib/images';
import { sweepMedia } from './media.jobs';
import { MediaSweptError } from './media.service';

let t: TestApp;
let picture: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  picture = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

const signIn = () => signInAs(t);
const mediaFile = (key: string) => path.join(t.dataDir, 'media', key);

/** Every file under a folder of the media directory, as storage keys. */
const filesUnder = async (prefix: string): Promise<string[]> => {
  const dir = mediaFile(prefix);
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(mediaFile(''), path.join(entry.parentPath, entry.name)))
    .sort();
};

const sweep = async () => {
  await t.services.jobs.send(sweepMedia, {});
  await t.runJobs();
};

const pendingKeys = async (prefix: string) =>
  (await t.database.db.select().from(pendingMedia))
    .filter((row) => row.key.startsWith(prefix))
    .map((row) => row.key)
    .sort();

/** A picture category of the author's, made through the API, put on the catalog as it stands. */
const catalogPictures = async (author: Session, words: string[]) => {
  const category = await buildCategory(t.database.db, { userId: author.user.id, typeOfCards: 'picture' });
  for (const word of words) {
    const response = await author.send(
      'POST',
      '/api/card/card-picture/',
      { second_side: word, category: category.id },
      { first_side: { name: 'a.png', type: 'image/png', data: picture } },
    );
    expect(response.statusCode, response.body).toBe(201);
  }
  await buildCatalogVersion(t.database.db, category.id);
  return category;
};

/** The storage keys the cards of this user refer to, with the thumbnails of their pictures. */
const referencedBy = async (userId: number) => {
  const rows = await t.database.db
    .select({ firstSide: cards.firstSide })
    .from(cards)
    .innerJoin(categories, eq(categories.id, cards.categoryId))
    .where(eq(categories.userId, userId));
  return rows.flatMap((row) => [row.firstSide, thumbnailKey(row.firstSide)]).sort();
};

describe('the media ledger', () => {
  it('keeps every file an adoption refers to, however long after, and leaves no pending row', async () => {
    const author = await signIn();
    const category = await catalogPictures(author, ['dog', 'cat', 'cow']);
    const reader = await signIn();
    const adopted = await reader.call('POST', '/api/card/adopted-from-market/', { category_id: category.id });
    expect(adopted.statusCode, adopted.body).toBe(201);
    const prefix = `u/${reader.user.id}/`;
    expect(await pendingKeys(prefix)).toEqual([]);
    const copied = await filesUnder(prefix);
    expect(copied).toHaveLength(6);
    expect(copied).toEqual(await referencedBy(reader.user.id));

    t.clock.advance(30 * 24 * HOUR);
    await sweep();
    expect(await filesUnder(prefix)).toEqual(copied);
  });

  it('removes the copies of an adoption whose transaction fails, and leaves no pending row', async () => {
    const author = await signIn();
    const category = await catalogPictures(author, ['sun', 'moon']);
    const reader = await signIn();
    // The same catalog category adopted twice at once: the unique copy index fails one of them after it
    // copied its files.
    const [first, second] = await Promise.all([
      reader.call('POST', '/api/card/adopted-from-market/', { category_id: category.id }),
      reader.call('POST', '/api/card/adopted-from-market/', { category_id: category.id }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    const prefix = `u/${reader.user.id}/`;
    expect(await filesUnder(prefix)).toEqual(await referencedBy(reader.user.id));
    expect(await filesUnder(prefix)).toHaveLength(4);
    expect(await pendingKeys(prefix)).toEqual([]);
  });

  it('sweeps the files of a change interrupted before its commit after the grace period, not before; the change can no longer take them', async () => {
    const user = await signIn();
    const key = `u/${user.user.id}/avatar-interrupted.webp`;
    let resume!: () => void;
    const interrupted = new Promise<void>((resolve) => {
      resume = resolve;
    });
    let stored!: () => void;
    const written = new Promise<void>((resolve) => {
      stored = resolve;
    });
    // A change that stores its file, then stands still as a killed process would, before its transaction.
    const change = t.services.media.change(async (files) => {
      await files.put(key, picture, 'image/png');
      stored();
      await interrupted;
      return files.transaction((tx) =>
        tx.update(users).set({ avatar: key }).where(eq(users.id, user.user.id)),
      );
    });
    const outcome = change.then(
      () => 'committed',
      (error: unknown) => error,
    );
    await written;
    expect(await pendingKeys(key)).toEqual([key]);

    t.clock.advance(HOUR - 60_000);
    await sweep();
    expect(existsSync(mediaFile(key))).toBe(true);

    t.clock.advance(2 * 60_000);
    await sweep();
    expect(existsSync(mediaFile(key))).toBe(false);
    expect(await pendingKeys(key)).toEqual([]);

    // Coming back after the sweep, the change fails rather than refer to a file that is gone.
    resume();
    expect(await outcome).toBeInstanceOf(MediaSweptError);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.user.id));
    expect(row!.avatar).toBeNull();
  });

  it('deletes after its commit the files a change removed, and a deletion that failed at the next sweep', async () => {
    const owner = await signIn();
    const category = await buildCategory(t.database.db, { userId: owner.user.id, typeOfCards: 'picture' });
    for (const word of ['one', 'two']) {
      const response = await owner.send(
        'POST',
        '/api/card/card-picture/',
        { second_side: word, category: category.id },
        { first_side: { name: 'a.png', type: 'image/png', data: picture } },
      );
      expect(response.statusCode, response.body).toBe(201);
    }
    const prefix = `u/${owner.user.id}/`;
    const stored = await filesUnder(prefix);
    expect(stored).toHaveLength(4);
    // One picture cannot be deleted for now: its key names a folder with something in it.
    const stuck = stored[0]!;
    await rm(mediaFile(stuck));
    await mkdir(mediaFile(stuck));
    await writeFile(path.join(mediaFile(stuck), 'inside'), 'x');

    const deleted = await owner.call('DELETE', `/api/card/category/${category.id}/`);
    expect(deleted.statusCode).toBe(204);
    expect(await filesUnder(prefix)).toEqual([`${stuck}/inside`]);
    expect(await pendingKeys(prefix)).toEqual([stuck]);

    // Once it can go, the sweep deletes it, with no grace period: nothing refers to it any more.
    await rm(mediaFile(stuck), { recursive: true });
    await writeFile(mediaFile(stuck), picture);
    await sweep();
    expect(await filesUnder(prefix)).toEqual([]);
    expect(await pendingKeys(prefix)).toEqual([]);
  });
});
