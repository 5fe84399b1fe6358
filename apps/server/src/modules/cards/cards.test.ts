import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildCard, buildCatalogVersion, buildCategory, buildUser } from '../../../test/factories';
import { wavFile } from '../../../test/multipart';
import { type Method, type Session, signIn as signInAs } from '../../../test/session';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const signIn = () => signInAs(t);

const png = (width = 600, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
const mediaPath = (url: string) => path.join(t.dataDir, 'media', url.replace(/^\/media\//, ''));

describe('text cards', () => {
  it('adds, reads, edits and deletes a card', async () => {
    const { user, call } = await signIn();
    const category = await buildCategory(t.database.db, { userId: user.id });
    const created = await call('POST', '/api/card/card-text/', {
      first_side: ' Sofia ',
      second_side: 'Bulgaria',
      category: category.id,
      tag: 'europe',
    });
    expect(created.statusCode).toBe(201);
    const card = created.json();
    expect(card).toMatchObject({
      first_side: 'Sofia',
      second_side: 'Bulgaria',
      tag: 'europe',
      category: category.id,
      guesses_score: 0,
    });
    expect((await call('GET', `/api/card/card-text/${card.id}/`)).json().first_side).toBe('Sofia');
    const edited = await call('PUT', `/api/card/card-text/${card.id}/`, {
      first_side: 'Plovdiv',
      second_side: 'Bulgaria',
      category: category.id,
      tag: 'cities',
    });
    expect(edited.json()).toMatchObject({ first_side: 'Plovdiv', tag: 'cities' });
    expect((await call('DELETE', `/api/card/card-text/${card.id}/`)).statusCode).toBe(204);
    expect((await call('GET', `/api/card/card-text/${card.id}/`)).statusCode).toBe(404);
  });

  it('validates the card and the kind of its category', async () => {
    const { user, call } = await signIn();
    const pictures = await buildCategory(t.database.db, { userId: user.id, typeOfCards: 'picture' });
    const empty = await call('POST', '/api/card/card-text/', { first_side: ' ', category: pictures.id });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json()).sort()).toEqual(['first_side', 'second_side']);
    const wrongKind = await call('POST', '/api/card/card-text/', {
      first_side: 'a',
      second_side: 'b',
      category: pictures.id,
    });
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json()).toEqual({ category: ['This category holds another type of cards.'] });
  });

  it('a cloze text makes a card per cloze number, its second side optional; an edit keeps one number', async () => {
    const { user, call } = await signIn();
    const category = await buildCategory(t.database.db, { userId: user.id });
    const created = await call('POST', '/api/card/card-text/', {
      first_side: '{{c1::Sofia}} is the capital of {{c2::Bulgaria::a country}} since {{c1::1879}}.',
      second_side: '',
      category: category.id,
      tag: 'capitals',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      first_side: '{{c1::Sofia}} is the capital of Bulgaria since {{c1::1879}}.',
      second_side: '',
    });
    const listed = await call('GET', `/api/card/card-text-paginated/?category_id=${category.id}&page=1`);
    expect(
      listed.json().results.map((card: { first_side: string; tag: string }) => [card.first_side, card.tag]),
    ).toEqual([
      ['{{c1::Sofia}} is the capital of Bulgaria since {{c1::1879}}.', 'capitals'],
      ['Sofia is the capital of {{c2::Bulgaria::a country}} since 1879.', 'capitals'],
    ]);

    // Without a deletion, side two is needed; more than 20 numbers would be more than 20 cards.
    const plain = await call('POST', '/api/card/card-text/', {
      first_side: 'Sofia {{c0::zero}} {{c1:: }}',
      second_side: ' ',
      category: category.id,
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json()).toEqual({ second_side: ['This field is required.'] });
    const many = Array.from({ length: 21 }, (_, index) => `{{c${index + 1}::w${index}}}`).join(' ');
    const tooMany = await call('POST', '/api/card/card-text/', {
      first_side: many,
      second_side: '',
      category: category.id,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().first_side).toEqual([
      'A card can have at most 20 cloze numbers (c1 to c20): each makes a card of its own.',
    ]);

    // An edit changes the one card: a second number is refused, the same number kept.
    const id = created.json().id;
    const twoNumbers = await call('PUT', `/api/card/card-text/${id}/`, {
      first_side: '{{c1::Sofia}} and {{c2::Varna}}',
      second_side: '',
      category: category.id,
    });
    expect(twoNumbers.statusCode).toBe(400);
    expect(twoNumbers.json().first_side).toEqual([
      'An edited card keeps one cloze number. Add a new card for more numbers.',
    ]);
    const edited = await call('PUT', `/api/card/card-text/${id}/`, {
      first_side: '{{c1::Sofia}} is the capital of Bulgaria.',
      second_side: 'Since 1879',
      category: category.id,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      first_side: '{{c1::Sofia}} is the capital of Bulgaria.',
      second_side: 'Since 1879',
    });
  });

  it('finds a card with the same first side, letter case and spaces aside, in that category only', async () => {
    const { user, call } = await signIn();
    const category = await buildCategory(t.database.db, { userId: user.id });
    const other = await buildCategory(t.database.db, { userId: user.id });
    const card = await buildCard(t.database.db, {
      categoryId: category.id,
      firstSide: 'Добро  утро',
      secondSide: 'Good morning',
    });
    await buildCard(t.database.db, { categoryId: other.id, firstSide: 'hello', secondSide: 'здравей' });
    const duplicate = (categoryId: number, firstSide: string, excludeId?: number) =>
      call(
        'GET',
        `/api/card/card-text-duplicate/?category_id=${categoryId}&first_side=${encodeURIComponent(firstSide)}${
          excludeId ? `&exclude_id=${excludeId}` : ''
        }`,
      );
    const found = await duplicate(category.id, '  добро\tУТРО ');
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({
      duplicate: { id: card.id, first_side: 'Добро  утро', second_side: 'Good morning' },
    });
    expect((await duplicate(category.id, 'добро')).json()).toEqual({ duplicate: null });
    expect((await duplicate(category.id, 'hello')).json()).toEqual({ duplicate: null });
    // The card being edited is not its own duplicate.
    expect((await duplicate(category.id, 'добро утро', card.id)).json()).toEqual({ duplicate: null });
    expect((await duplicate(category.id, '   ')).statusCode).toBe(400);
  });

  it('lists tags, pages by 20 newest first, filters by tags and searches', async () => {
    const { user, call } = await signIn();
    const category = await buildCategory(t.database.db, { userId: user.id });
    for (let i = 1; i <= 25; i++) {
      await buildCard(t.database.db, {
        categoryId: category.id,
        firstSide: `word ${i}`,
        secondSide: i === 7 ? 'Ябълка' : `meaning ${i}`,
        tag: i % 2 ? 'odd' : 'even',
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      });
    }
    expect((await call('GET', `/api/card/card-text-tags/?category_id=${category.id}`)).json()).toEqual([
      'even',
      'odd',
    ]);
    const first = (await call('GET', `/api/card/card-text-paginated/?category_id=${category.id}`)).json();
    expect(first.count).toBe(25);
    expect(first.results).toHaveLength(20);
    expect(first.results[0].first_side).toBe('word 25');
    expect(first.next).toContain('page=2');
    const second = (
      await call('GET', `/api/card/card-text-paginated/?category_id=${category.id}&page=2`)
    ).json();
    expect(second.results).toHaveLength(5);
    const even = (
      await call('GET', `/api/card/card-text-paginated/?category_id=${category.id}&tags=even`)
    ).json();
    expect(even.count).toBe(12);
    const both = (
      await call('GET', `/api/card/card-text-paginated/?category_id=${category.id}&tags=even,odd`)
    ).json();
    expect(both.count).toBe(25);
    const found = (
      await call('GET', `/api/card/card-text-paginated/?category_id=${category.id}&search_value=ябъл`)
    ).json();
    expect(found.results.map((c: { first_side: string }) => c.first_side)).toEqual(['word 7']);
    const wildcard = (
      await call('GET', `/api/card/card-text-paginated/?category_id=${category.id}&search_value=%25`)
    ).json();
    expect(wildcard.count).toBe(0);
    const deck = (
      await call('GET', `/api/card/card-text/?category_id=${category.id}&tags=odd&quantity=5`)
    ).json();
    expect(deck).toHaveLength(5);
    expect(deck.every((c: { tag: string }) => c.tag === 'odd')).toBe(true);
  });

  it('costs the same number of queries for a page of 2 and a page of 20 cards', async () => {
    const { user, call } = await signIn();
    const category = await buildCategory(t.database.db, { userId: user.id });
    const measure = async () => {
      t.database.queries.length = 0;
      expect(
        (await call('GET', `/api/card/card-text-paginated/?category_id=${category.id}`)).statusCode,
      ).toBe(200);
      return t.database.queries.length;
    };
    for (let i = 0; i < 2; i++) await buildCard(t.database.db, { categoryId: category.id });
    const small = await measure();
    for (let i = 0; i < 30; i++) await buildCard(t.database.db, { categoryId: category.id });
    expect(await measure()).toBe(small);
  });
});

describe('picture cards', () => {
  it('stores a re-encoded picture with a thumbnail, keeps it on edits without one and replaces it with one', async () => {
    const { user, call, send } = await signIn();
    const category = await buildCategory(t.database.db, { userId: user.id, typeOfCards: 'picture' });
    const created = await send(
      'POST',
      '/api/card/card-picture/',
      { second_side: 'A blue square', category: category.id, tag: 'colours' },
      { first_side: { name: 'blue.png', type: 'image/png', data: await png(2400, 1600) } },
    );
    expect(created.statusCode).toBe(201);
    const card = created.json();
    expect(card.first_side_url).toMatch(/^\/media\/u\/\d+\/cards\/[0-9a-f]+\.webp$/);
    const full = await sharp(
      (await t.app.inject({ method: 'GET', url: card.first_side_url })).rawPayload,
    ).metadata();
    expect([full.format, full.width, full.height]).toEqual(['webp', 1200, 800]);
    const thumb = await sharp(
      (await t.app.inject({ method: 'GET', url: card.first_side_thumbnail_url })).rawPayload,
    ).metadata();
    expect([thumb.width, thumb.height]).toEqual([320, 213]);

    const kept = await send('PUT', `/api/card/card-picture/${card.id}/`, {
      second_side: 'Still blue',
      category: category.id,
      tag: 'colours',
      id: card.id,
    });
    expect(kept.json()).toMatchObject({ second_side: 'Still blue', first_side_url: card.first_side_url });

    const replaced = await send(
      'PUT',
      `/api/card/card-picture/${card.id}/`,
      { second_side: 'Now red', category: category.id, tag: 'colours' },
      { first_side: { name: 'red.png', type: 'image/png', data: await png() } },
    );
    expect(replaced.json().first_side_url).not.toBe(card.first_side_url);
    expect(existsSync(mediaPath(card.first_side_url))).toBe(false);
    expect(existsSync(mediaPath(card.first_side_thumbnail_url))).toBe(false);

    const listed = (await call('GET', `/api/card/card-picture-paginated/?category_id=${category.id}`)).json();
    expect(listed.results[0].first_side_thumbnail_url).toBe(replaced.json().first_side_thumbnail_url);

    expect((await call('DELETE', `/api/card/card-picture/${card.id}/`)).statusCode).toBe(204);
    expect(existsSync(mediaPath(replaced.json().first_side_url))).toBe(false);
  });

  it('needs a real picture: missing, a text file named .jpg, too large, or a pixel bomb are refused', async () => {
    const { user, send } = await signIn();
    const category = await buildCategory(t.database.db, { userId: user.id, typeOfCards: 'picture' });
    const fields = { second_side: 'x', category: category.id, tag: '' };
    const missing = await send('POST', '/api/card/card-picture/', fields);
    expect(missing.json()).toEqual({ first_side: ['No file provided'] });
    const text = await send('POST', '/api/card/card-picture/', fields, {
      first_side: { name: 'fake.jpg', type: 'image/jpeg', data: Buffer.from('not a picture at all') },
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().first_side[0]).toMatch(/^Upload a valid image/);
    const noise = await sharp(randomBytes(2000 * 1500 * 3), {
      raw: { width: 2000, height: 1500, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const big = await send('POST', '/api/card/card-picture/', fields, {
      first_side: { name: 'big.png', type: 'image/png', data: noise },
    });
    expect(big.statusCode).toBe(413);
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const refused = await send('POST', '/api/card/card-picture/', fields, {
      first_side: { name: 'bomb.png', type: 'image/png', data: bomb },
    });
    expect(refused.statusCode).toBe(400);
    expect(existsSync(path.join(t.dataDir, 'media', 'u', String(user.id)))).toBe(false);
  });
});

describe('kids cards', () => {
  it('stores the picture and the sound, counts listens from zero, and deletes both files with the category', async () => {
    const { user, call, send } = await signIn();
    const category = await buildCategory(t.database.db, { userId: user.id, typeOfCards: 'kids' });
    const created = await send(
      'POST',
      '/api/card/card-picture-kids/',
      { second_side: 'котка', category: category.id, language: 'bg' },
      {
        first_side: { name: 'cat.png', type: 'image/png', data: await png() },
        audio: { name: 'cat.wav', type: 'audio/wav', data: wavFile() },
      },
    );
    expect(created.statusCode).toBe(201);
    const card = created.json();
    expect(card).toMatchObject({ second_side: 'котка', language: 'bg', listen_counts: 0 });
    expect(card.audio_url).toMatch(/\.wav$/);
    const audio = await t.app.inject({ method: 'GET', url: card.audio_url });
    expect(audio.statusCode).toBe(200);

    const page = (
      await call('GET', `/api/card/card-picture-kids-paginated/?category_id=${category.id}&search_value=кот`)
    ).json();
    expect(page.count).toBe(1);

    const notSound = await send(
      'PUT',
      `/api/card/card-picture-kids/${card.id}/`,
      { second_side: 'котка', category: category.id, language: 'bg' },
      {
        audio: {
          name: 'cat.mp3',
          type: 'audio/mpeg',
          data: Buffer.from('plain text pretending to be audio'),
        },
      },
    );
    expect(notSound.statusCode).toBe(400);
    expect(notSound.json().audio[0]).toMatch(/valid sound file/);

    expect((await call('DELETE', `/api/card/category/${category.id}/`)).statusCode).toBe(204);
    expect(existsSync(mediaPath(card.first_side_url))).toBe(false);
    expect(existsSync(mediaPath(card.audio_url))).toBe(false);
  });
});

describe('ownership and the catalog', () => {
  it("answers 404 on every card path for another user's category and cards", async () => {
    const owner = await signIn();
    const text = await buildCategory(t.database.db, { userId: owner.user.id });
    const pictures = await buildCategory(t.database.db, { userId: owner.user.id, typeOfCards: 'picture' });
    const kids = await buildCategory(t.database.db, { userId: owner.user.id, typeOfCards: 'kids' });
    const textCard = await buildCard(t.database.db, { categoryId: text.id });
    const pictureCard = await buildCard(t.database.db, {
      categoryId: pictures.id,
      firstSide: 'u/0/cards/x.webp',
    });
    const kidsCard = await buildCard(t.database.db, { categoryId: kids.id, firstSide: 'u/0/cards/y.webp' });
    const paths: [Method, string, object?][] = [
      ['GET', `/api/card/card-text-tags/?category_id=${text.id}`],
      ['GET', `/api/card/card-text-paginated/?category_id=${text.id}`],
      ['GET', `/api/card/card-text/?category_id=${text.id}`],
      ['GET', `/api/card/card-text/${textCard.id}/`],
      [
        'PUT',
        `/api/card/card-text/${textCard.id}/`,
        { first_side: 'a', second_side: 'b', category: text.id },
      ],
      ['DELETE', `/api/card/card-text/${textCard.id}/`],
      ['POST', '/api/card/card-text/', { first_side: 'a', second_side: 'b', category: text.id }],
      ['GET', `/api/card/card-images-tags/?category_id=${pictures.id}`],
      ['GET', `/api/card/card-picture-paginated/?category_id=${pictures.id}`],
      ['GET', `/api/card/card-picture/?category_id=${pictures.id}`],
      ['GET', `/api/card/card-picture/${pictureCard.id}/`],
      ['DELETE', `/api/card/card-picture/${pictureCard.id}/`],
      ['GET', `/api/card/card-picture-kids-paginated/?category_id=${kids.id}`],
      ['GET', `/api/card/card-picture-kids/?category_id=${kids.id}`],
      ['GET', `/api/card/card-picture-kids/${kidsCard.id}/`],
      ['DELETE', `/api/card/card-picture-kids/${kidsCard.id}/`],
    ];
    for (const [method, url] of paths) {
      if (method === 'GET') expect((await owner.call(method, url)).statusCode, `owner ${url}`).toBe(200);
    }
    const stranger = await signIn();
    for (const [method, url, body] of paths) {
      const response = await stranger.call(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const multipartWrites: [Method, string, Record<string, string | number>][] = [
      ['PUT', `/api/card/card-picture/${pictureCard.id}/`, { second_side: 'x', category: pictures.id }],
      ['POST', '/api/card/card-picture/', { second_side: 'x', category: pictures.id }],
      [
        'PUT',
        `/api/card/card-picture-kids/${kidsCard.id}/`,
        { second_side: 'x', category: kids.id, language: 'en' },
      ],
      ['POST', '/api/card/card-picture-kids/', { second_side: 'x', category: kids.id, language: 'en' }],
    ];
    for (const [method, url, fields] of multipartWrites) {
      expect((await stranger.send(method, url, fields)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await owner.call('GET', `/api/card/card-text/${textCard.id}/`)).statusCode).toBe(200);
  });

  it('serves the approved version of catalog categories as public cards, without signing in', async () => {
    const owner = await buildUser(t.database.db);
    const approved = await buildCategory(t.database.db, { userId: owner.id });
    await buildCard(t.database.db, { categoryId: approved.id, tag: 'a' });
    await buildCard(t.database.db, { categoryId: approved.id, tag: 'b' });
    await buildCatalogVersion(t.database.db, approved.id);
    // A change the staff has not approved yet is not served.
    await buildCard(t.database.db, { categoryId: approved.id, tag: 'c', firstSide: 'unapproved' });
    const anonymous = (url: string) => t.app.inject({ method: 'GET', url });
    const served = (await anonymous(`/api/card/card-text-public/?category_id=${approved.id}`)).json();
    expect(served).toHaveLength(2);
    expect(served[0]).toMatchObject({ category: approved.id, tag: 'a', guesses_score: 0 });
    expect(
      (await anonymous(`/api/card/card-text-public/?category_id=${approved.id}&tags=b`)).json(),
    ).toHaveLength(1);
    expect((await anonymous(`/api/card/card-text-tags-public/?category_id=${approved.id}`)).json()).toEqual([
      'a',
      'b',
    ]);

    for (const state of [
      { marketApprovement: 'pending' as const, marketAccessible: true },
      { marketApprovement: 'approved' as const, marketAccessible: false },
      { marketApprovement: 'none' as const, marketAccessible: false },
    ]) {
      const hidden = await buildCategory(t.database.db, { userId: owner.id, ...state });
      await buildCard(t.database.db, { categoryId: hidden.id });
      expect((await anonymous(`/api/card/card-text-public/?category_id=${hidden.id}`)).statusCode).toBe(404);
      expect((await anonymous(`/api/card/card-text-tags-public/?category_id=${hidden.id}`)).statusCode).toBe(
        404,
      );
    }
    expect((await anonymous(`/api/card/card-picture-public/?category_id=${approved.id}`)).statusCode).toBe(
      404,
    );
  });
});

describe('uploading a file of text cards', () => {
  const upload = async (session: Session, categoryId: number, content: Buffer | string, name = 'cards.txt') =>
    session.send(
      'POST',
      '/api/card/card-text-multiple/',
      { category_id: categoryId },
      {
        file: { name, type: 'text/plain', data: Buffer.isBuffer(content) ? content : Buffer.from(content) },
      },
    );
  const count = async (session: Session, categoryId: number) =>
    (await session.call('GET', `/api/card/card-text-paginated/?category_id=${categoryId}`)).json().count;
  const lines = (n: number) =>
    Array.from({ length: n }, (_, i) => `word ${i}%meaning ${i}&tag${i % 3}`).join('\n');

  it('adds 1000 cards and refuses 1001, saving nothing', async () => {
    const session = await signIn();
    const category = await buildCategory(t.database.db, { userId: session.user.id });
    const ok = await upload(session, category.id, lines(1000));
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toEqual({ created: 1000, skipped: [] });
    const other = await buildCategory(t.database.db, { userId: session.user.id });
    const tooMany = await upload(session, other.id, lines(1001));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().file[0]).toMatch(/^Your file structure not meet requirements/);
    expect(await count(session, other.id)).toBe(0);
  });

  it('rejects the whole file for one bad line, naming it, in both languages', async () => {
    const session = await signIn();
    const category = await buildCategory(t.database.db, { userId: session.user.id });
    const content = ['one%един&bg', '', 'two%два&bg', 'three without a separator', 'four%четири&bg'].join(
      '\n',
    );
    const response = await upload(session, category.id, content);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ file: ['Your file structure not meet requirements (line 4).'] });
    expect(await count(session, category.id)).toBe(0);
    const bg = await session.send(
      'POST',
      '/api/card/card-text-multiple/',
      { category_id: category.id },
      { file: { name: 'c.txt', type: 'text/plain', data: Buffer.from(content) } },
      { 'accept-language': 'bg' },
    );
    expect(bg.json().file[0]).toMatch(/ред 4/);
  });

  it('refuses an empty file, a non-UTF-8 file and a missing file', async () => {
    const session = await signIn();
    const category = await buildCategory(t.database.db, { userId: session.user.id });
    expect((await upload(session, category.id, '')).statusCode).toBe(400);
    expect((await upload(session, category.id, '\n \n')).statusCode).toBe(400);
    // "котка%cat" in Windows-1251
    const cp1251 = Buffer.from([0xea, 0xee, 0xf2, 0xea, 0xe0, 0x25, 0x63, 0x61, 0x74]);
    const notUtf8 = await upload(session, category.id, cp1251);
    expect(notUtf8.statusCode).toBe(400);
    expect(notUtf8.json().file[0]).toMatch(/UTF-8/);
    const missing = await session.send('POST', '/api/card/card-text-multiple/', { category_id: category.id });
    expect(missing.json()).toEqual({ file: ['No file provided'] });
    expect(await count(session, category.id)).toBe(0);
  });

  it('reads tab-separated exports and CSV with a header', async () => {
    const session = await signIn();
    const category = await buildCategory(t.database.db, { userId: session.user.id });
    const anki = '#separator:tab\n#html:true\nhouse\tкъща\tnouns\ngo<br>away\tтръгвам си\n';
    expect((await upload(session, category.id, anki, 'anki.txt')).json()).toEqual({
      created: 2,
      skipped: [],
    });
    const csv = '\ufeffterm,definition,tag\n"apple, red",ябълка,fruit\npear,круша,fruit\n';
    expect((await upload(session, category.id, csv, 'cards.csv')).json()).toEqual({
      created: 2,
      skipped: [],
    });
    const cards = (await session.call('GET', `/api/card/card-text/?category_id=${category.id}`)).json();
    expect(
      cards.map((c: { first_side: string; second_side: string; tag: string }) => [
        c.first_side,
        c.second_side,
        c.tag,
      ]),
    ).toEqual([
      ['house', 'къща', 'nouns'],
      ['go\naway', 'тръгвам си', ''],
      ['apple, red', 'ябълка', 'fruit'],
      ['pear', 'круша', 'fruit'],
    ]);
  });

  it("lists a file's cards in the file's order, both newest first and in decks", async () => {
    const session = await signIn();
    const category = await buildCategory(t.database.db, { userId: session.user.id });
    const words = ['one', 'two', 'three', 'four', 'five'];
    await upload(session, category.id, words.map((word) => `${word}%meaning`).join('\n'));
    const page = (
      await session.call('GET', `/api/card/card-text-paginated/?category_id=${category.id}`)
    ).json();
    expect(page.results.map((card: { first_side: string }) => card.first_side)).toEqual(words);
    const deck = (await session.call('GET', `/api/card/card-text/?category_id=${category.id}`)).json();
    expect(deck.map((card: { first_side: string }) => card.first_side)).toEqual(words);

    // A later file comes first in the newest-first list, still in its own order.
    await upload(session, category.id, 'six%meaning\nseven%meaning');
    const after = (
      await session.call('GET', `/api/card/card-text-paginated/?category_id=${category.id}`)
    ).json();
    expect(after.results.map((card: { first_side: string }) => card.first_side)).toEqual([
      'six',
      'seven',
      ...words,
    ]);
  });

  it("answers 404 for another user's category", async () => {
    const owner = await buildUser(t.database.db);
    const category = await buildCategory(t.database.db, { userId: owner.id });
    const session = await signIn();
    expect((await upload(session, category.id, 'a%b&c')).statusCode).toBe(404);
  });
});
