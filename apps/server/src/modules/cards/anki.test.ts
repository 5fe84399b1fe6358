import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ANKI_PACKAGE_MAX_NOTES, CARD_SIDE_MAX_LENGTH, type CardImport } from '@flashcards/contract';
import { parse } from 'csv-parse/sync';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import initSqlJs from 'sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { olderDeck, png } from '../../../test/anki-decks';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildCard, buildCategory } from '../../../test/factories';
import { type Session, signIn as signInAs } from '../../../test/session';
import { userMediaPrefix } from '../users/users.service';
import { openAnkiPackage } from './anki-import';
import { toApkg } from './card-export';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const signIn = () => signInAs(t);

// ---------------------------------------------------------------------------------------------------------
// Decks built here

/**
 * A zstd frame of raw (stored) blocks: valid Zstandard that any decoder reads. Node 20 has no zstd
 * encoder, and stored blocks are all a test needs.
 */
const zstd = (data: Uint8Array): Buffer => {
  const parts: Buffer[] = [Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x58])]; // magic; no checksum, 128 KB window
  const max = 128 * 1024;
  for (let offset = 0; offset < data.length || offset === 0; offset += max) {
    const block = data.subarray(offset, offset + max);
    const last = offset + max >= data.length ? 1 : 0;
    const header = (block.length << 3) | last; // block type 0: raw
    parts.push(Buffer.from([header & 0xff, (header >> 8) & 0xff, (header >> 16) & 0xff]), Buffer.from(block));
    if (data.length === 0) break;
  }
  return Buffer.concat(parts);
};

const varint = (value: number) => {
  const bytes: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    bytes.push((rest & 0x7f) | 0x80);
    rest = Math.floor(rest / 128);
  }
  bytes.push(rest);
  return Buffer.from(bytes);
};
const field = (number: number, bytes: Buffer) =>
  Buffer.concat([varint((number << 3) | 2), varint(bytes.length), bytes]);

/** `MediaEntries { repeated MediaEntry entries = 1 }`, each `{ name = 1; size = 2; sha1 = 3 }`. */
const mediaEntries = (names: { name: string; size: number }[]) =>
  Buffer.concat(
    names.map(({ name, size }) =>
      field(
        1,
        Buffer.concat([
          field(1, Buffer.from(name)),
          varint(2 << 3),
          varint(size),
          field(3, Buffer.alloc(20)),
        ]),
      ),
    ),
  );

const TABLES = `
  CREATE TABLE col (id integer PRIMARY KEY, crt integer NOT NULL, mod integer NOT NULL, scm integer NOT NULL,
    ver integer NOT NULL, dty integer NOT NULL, usn integer NOT NULL, ls integer NOT NULL, conf text NOT NULL,
    models text NOT NULL, decks text NOT NULL, dconf text NOT NULL, tags text NOT NULL);
  CREATE TABLE notes (id integer PRIMARY KEY, guid text NOT NULL, mid integer NOT NULL, mod integer NOT NULL,
    usn integer NOT NULL, tags text NOT NULL, flds text NOT NULL, sfld integer NOT NULL, csum integer NOT NULL,
    flags integer NOT NULL, data text NOT NULL);
  CREATE TABLE cards (id integer PRIMARY KEY, nid integer NOT NULL, did integer NOT NULL, ord integer NOT NULL,
    mod integer NOT NULL, usn integer NOT NULL, type integer NOT NULL, queue integer NOT NULL, due integer NOT NULL,
    ivl integer NOT NULL, factor integer NOT NULL, reps integer NOT NULL, lapses integer NOT NULL,
    left integer NOT NULL, odue integer NOT NULL, odid integer NOT NULL, flags integer NOT NULL, data text NOT NULL);`;

/** The current format: schema 18 (a `decks` table, notes and cards), zstd-compressed, protobuf media map. */
const currentDeck = async (
  notes: { fields: string[]; tags: string; deck: number }[],
  media: { name: string; data: Buffer }[] = [],
): Promise<Buffer> => {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run(TABLES);
  db.run(`
    CREATE TABLE decks (id integer PRIMARY KEY NOT NULL, name text NOT NULL, mtime_secs integer NOT NULL,
      usn integer NOT NULL, common blob NOT NULL, kind blob NOT NULL);
    INSERT INTO col VALUES (1, 0, 0, 0, 18, 0, 0, 0, '', '', '', '', '');
    INSERT INTO decks VALUES (1, 'Default', 0, 0, x'', x''), (7, 'Езици' || char(31) || 'Глаголи', 0, 0, x'', x'');
  `);
  for (const [index, note] of notes.entries()) {
    const id = 1000 + index;
    db.run("INSERT INTO notes VALUES (?, ?, 1, 0, 0, ?, ?, '', 0, 0, '')", [
      id,
      `g${id}`,
      note.tags,
      note.fields.join('\x1f'),
    ]);
    db.run("INSERT INTO cards VALUES (?, ?, ?, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, '')", [
      id,
      id,
      note.deck,
    ]);
  }
  const collection = db.export();
  db.close();
  return packCurrent(collection, media);
};

/** A schema 18 collection packed as a current Anki packs it. */
const packCurrent = async (collection: Uint8Array, media: { name: string; data: Buffer }[] = []) => {
  // What a current Anki writes beside it: a dummy older collection that asks to update Anki.
  const dummy = await olderDeck(
    [{ front: 'Please update to the latest Anki version', back: '' }],
    {},
    'Default',
  );
  const dummyCollection = (await parseLegacyEntries(dummy)).get('collection.anki2')!;
  return Buffer.from(
    zipSync({
      'collection.anki2': dummyCollection,
      'collection.anki21b': zstd(collection),
      media: zstd(mediaEntries(media.map(({ name, data }) => ({ name, size: data.length })))),
      meta: new Uint8Array([8, 3]),
      ...Object.fromEntries(media.map(({ data }, index) => [String(index), zstd(data)])),
    }),
  );
};

type TestNoteType = {
  id: number;
  cloze?: boolean;
  fields: string[];
  templates: { question: string; answer: string }[];
};
/** A note of a type, and the templates (or cloze numbers less one) Anki made a card of. */
type TestNote = { type: number; fields: string[]; ords: number[]; tags?: string };

/**
 * A deck whose notes have types of their own (several templates, cloze), in either format: the older
 * keeps the types in `col.models` JSON, the current in `notetypes`, `fields` and `templates` tables with
 * protobuf configs.
 */
const typedDeck = async (format: 'older' | 'current', types: TestNoteType[], notes: TestNote[]) => {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run(TABLES);
  const models = Object.fromEntries(
    types.map((type) => [
      type.id,
      {
        id: type.id,
        name: `Type ${type.id}`,
        type: type.cloze ? 1 : 0,
        flds: type.fields.map((name, ord) => ({ name, ord })),
        tmpls: type.templates.map((t, ord) => ({
          name: `Card ${ord + 1}`,
          ord,
          qfmt: t.question,
          afmt: t.answer,
        })),
      },
    ]),
  );
  db.run("INSERT INTO col VALUES (1, 0, 0, 0, ?, 0, 0, 0, '', ?, ?, '', '')", [
    format === 'older' ? 11 : 18,
    format === 'older' ? JSON.stringify(models) : '',
    format === 'older' ? JSON.stringify({ 1: { id: 1, name: 'Words' } }) : '',
  ]);
  if (format === 'current') {
    db.run(`
      CREATE TABLE decks (id integer PRIMARY KEY NOT NULL, name text NOT NULL, mtime_secs integer NOT NULL,
        usn integer NOT NULL, common blob NOT NULL, kind blob NOT NULL);
      CREATE TABLE notetypes (id integer PRIMARY KEY NOT NULL, name text NOT NULL, mtime_secs integer NOT NULL,
        usn integer NOT NULL, config blob NOT NULL);
      CREATE TABLE fields (ntid integer NOT NULL, ord integer NOT NULL, name text NOT NULL, config blob NOT NULL,
        PRIMARY KEY (ntid, ord));
      CREATE TABLE templates (ntid integer NOT NULL, ord integer NOT NULL, name text NOT NULL,
        mtime_secs integer NOT NULL, usn integer NOT NULL, config blob NOT NULL, PRIMARY KEY (ntid, ord));
      INSERT INTO decks VALUES (1, 'Words', 0, 0, x'', x'');`);
    for (const type of types) {
      // Notetype.Config { kind = 1 (1: cloze); css = 3 }
      const config = Buffer.concat([
        varint(1 << 3),
        varint(type.cloze ? 1 : 0),
        field(3, Buffer.from('.card {}')),
      ]);
      db.run('INSERT INTO notetypes VALUES (?, ?, 0, 0, ?)', [type.id, `Type ${type.id}`, config]);
      for (const [ord, name] of type.fields.entries())
        db.run("INSERT INTO fields VALUES (?, ?, ?, x'')", [type.id, ord, name]);
      // Notetype.Template.Config { q_format = 1; a_format = 2 }
      for (const [ord, t] of type.templates.entries())
        db.run('INSERT INTO templates VALUES (?, ?, ?, 0, 0, ?)', [
          type.id,
          ord,
          `Card ${ord + 1}`,
          Buffer.concat([field(1, Buffer.from(t.question)), field(2, Buffer.from(t.answer))]),
        ]);
    }
  }
  let card = 5000;
  for (const [index, note] of notes.entries()) {
    const id = 1000 + index;
    db.run("INSERT INTO notes VALUES (?, ?, ?, 0, 0, ?, ?, '', 0, 0, '')", [
      id,
      `g${id}`,
      note.type,
      note.tags ?? '',
      note.fields.join('\x1f'),
    ]);
    for (const ord of note.ords)
      db.run("INSERT INTO cards VALUES (?, ?, 1, ?, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, '')", [
        card++,
        id,
        ord,
      ]);
  }
  const collection = db.export();
  db.close();
  if (format === 'current') return packCurrent(collection);
  return Buffer.from(zipSync({ 'collection.anki2': collection, media: new TextEncoder().encode('{}') }));
};

/** Anki's stock types: Basic (and reversed card), and Cloze. */
const BASIC_AND_REVERSED: TestNoteType = {
  id: 1_600_000_000_001,
  fields: ['Front', 'Back'],
  templates: [
    { question: '{{Front}}', answer: '{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}' },
    { question: '{{Back}}', answer: '{{FrontSide}}\n\n<hr id=answer>\n\n{{Front}}' },
  ],
};
const CLOZE: TestNoteType = {
  id: 1_600_000_000_002,
  cloze: true,
  fields: ['Text', 'Back Extra'],
  templates: [{ question: '{{cloze:Text}}', answer: '{{cloze:Text}}<br>\n{{Back Extra}}' }],
};
/** Anki's image occlusion type (23.10): its shapes are cloze deletions of the first field. */
const IMAGE_OCCLUSION: TestNoteType = {
  id: 1_600_000_000_004,
  cloze: true,
  fields: ['Occlusion', 'Image', 'Header', 'Back Extra', 'Comments'],
  templates: [
    {
      question:
        '{{#Header}}<div>{{Header}}</div>{{/Header}}<div id="image-occlusion-container">{{Image}}</div>{{cloze:Occlusion}}',
      answer:
        '{{#Header}}<div>{{Header}}</div>{{/Header}}<div id="image-occlusion-container">{{Image}}</div>{{cloze:Occlusion}}<div>{{Back Extra}}</div>',
    },
  ],
};
/** A type with a typed answer and an optional hint. */
const TYPE_IN: TestNoteType = {
  id: 1_600_000_000_003,
  fields: ['Word', 'Meaning', 'Hint'],
  templates: [
    {
      question: '{{Word}}{{#Hint}}<br>{{hint:Hint}}{{/Hint}}\n\n{{type:Meaning}}',
      answer: '{{Word}}\n\n<hr id=answer>\n\n{{type:Meaning}}',
    },
  ],
};

const parseLegacyEntries = async (zip: Buffer) => {
  const { unzipSync } = await import('fflate');
  return new Map(Object.entries(unzipSync(zip)));
};

// ---------------------------------------------------------------------------------------------------------

/** Uploads a text file of cards. */
const upload = (session: Session, categoryId: number, data: Buffer, name: string) =>
  session.send(
    'POST',
    '/api/card/card-text-multiple/',
    { category_id: categoryId },
    { file: { name, type: 'application/octet-stream', data } },
  );

/** Starts an import of a package, and runs its job. */
const startImport = async (session: Session, categoryId: number, data: Buffer, fields = {}) => {
  const started = await session.send(
    'POST',
    '/api/card/imports/',
    { category_id: categoryId, ...fields },
    { file: { name: 'deck.apkg', type: 'application/octet-stream', data } },
  );
  if (started.statusCode !== 202) return { started, outcome: undefined };
  await t.runJobs();
  const outcome: CardImport = (await session.call('GET', `/api/card/imports/${started.json().id}/`)).json();
  return { started, outcome };
};

/** Imports a package that gives cards: the cards added and the notes left out. */
const imported = async (session: Session, categoryId: number, data: Buffer, fields = {}) => {
  const { started, outcome } = await startImport(session, categoryId, data, fields);
  expect(started.statusCode).toBe(202);
  expect(outcome).toMatchObject({ status: 'SUCCESS', error: null });
  return { created: outcome!.created, skipped: outcome!.skipped };
};

type Card = { first_side: string; second_side: string; tag: string; first_side_url?: string };
/** The category's cards as the cards page lists them: a file's cards in the file's order. */
const cardsOf = async (session: Session, kind: 'text' | 'picture', categoryId: number): Promise<Card[]> =>
  (await session.call('GET', `/api/card/card-${kind}-paginated/?category_id=${categoryId}&page=1`)).json()
    .results;

/** The cards a package gives as the import reads it, with their pictures' bytes. */
const readBack = async (data: Buffer, kind: 'text' | 'picture') => {
  const file = path.join(t.dataDir, `read-${randomUUID()}.apkg`);
  await writeFile(file, data);
  const pkg = await openAnkiPackage(file, data.length, kind);
  try {
    const notes: { first: string; second: string; tag: string }[] = [];
    const pictures: Uint8Array[] = [];
    const skipped: unknown[] = [];
    for (const note of pkg.notes()) {
      skipped.push(...note.skipped);
      for (const { picture, sound, ...card } of note.cards) {
        notes.push(card);
        if (picture) pictures.push(await pkg.media(picture));
      }
    }
    return { notes, skipped, pictures };
  } finally {
    pkg.close();
  }
};

/** The packages of the user's imports still stored. */
const importFiles = (userId: number) => {
  const dir = path.join(t.dataDir, 'media', userMediaPrefix(userId), 'imports');
  return existsSync(dir) ? readdirSync(dir) : [];
};

const mediaFiles = (userId: number) => {
  const dir = path.join(t.dataDir, 'media', userMediaPrefix(userId), 'cards');
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('importing an Anki package', () => {
  it('reads a deck of the older format: HTML as card text, the first tag or else the deck name', async () => {
    const session = await signIn();
    const category = await buildCategory(t.database.db, { userId: session.user.id });
    const deck = await olderDeck([
      { front: 'къща', back: 'house<br>home', tags: ['nouns', 'basics'] },
      { front: '<div><b>go</b> &amp; see</div><div>[sound:go.mp3]</div>', back: 'тръгвам &nbsp;и виждам' },
    ]);
    expect(await imported(session, category.id, deck)).toEqual({ created: 2, skipped: [] });
    expect(
      (await cardsOf(session, 'text', category.id)).map((c) => [c.first_side, c.second_side, c.tag]),
    ).toEqual([
      ['къща', 'house\nhome', 'nouns'],
      ['**go** & see', 'тръгвам и виждам', 'Verbs'],
    ]);
  });

  it('takes the picture of the first field into a picture category (older format)', async () => {
    const session = await signIn();
    const category = await buildCategory(t.database.db, { userId: session.user.id, typeOfCards: 'picture' });
    const deck = await olderDeck([{ front: '<img src="cat.png">', back: 'котка', tags: ['animals'] }], {
      'cat.png': await png(),
    });
    expect(await imported(session, category.id, deck)).toEqual({ created: 1, skipped: [] });
    const [card] = await cardsOf(session, 'picture', category.id);
    expect(card).toMatchObject({ second_side: 'котка', tag: 'animals' });
    const served = await t.app.inject({ method: 'GET', url: card!.first_side_url! });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    // Where the refusals below find nothing: the picture and its thumbnail.
    expect(mediaFiles(session.user.id).length).toBeGreaterThan(0);
  });

  it('prefers the current format (zstd, protobuf media map) over the dummy older collection', async () => {
    const session = await signIn();
    const text = await buildCategory(t.database.db, { userId: session.user.id });
    const deck = await currentDeck([
      { fields: ['ябълка<img src="a.png">', 'apple'], tags: '', deck: 7 },
      { fields: ['круша', 'pear'], tags: ' fruit::yellow ', deck: 7 },
    ]);
    expect(await imported(session, text.id, deck)).toEqual({ created: 2, skipped: [] });
    expect(
      (await cardsOf(session, 'text', text.id)).map((c) => [c.first_side, c.second_side, c.tag]),
    ).toEqual([
      ['ябълка', 'apple', 'Езици::Глаголи'],
      ['круша', 'pear', 'fruit::yellow'],
    ]);

    const pictures = await buildCategory(t.database.db, { userId: session.user.id, typeOfCards: 'picture' });
    const withPicture = await currentDeck(
      [{ fields: ['<img src="my%20dog.png">', 'куче'], tags: 'pets', deck: 1 }],
      [{ name: 'my dog.png', data: await png() }],
    );
    expect(await imported(session, pictures.id, withPicture)).toEqual({
      created: 1,
      skipped: [],
    });
    expect(await cardsOf(session, 'picture', pictures.id)).toMatchObject([
      { second_side: 'куче', tag: 'pets' },
    ]);
  });

  for (const format of ['older', 'current'] as const)
    describe(`reads notes as Anki makes cards of them (${format} format)`, () => {
      it('a card for each template Anki made one of: both ways for a reversed note, one way if not', async () => {
        const session = await signIn();
        const category = await buildCategory(t.database.db, { userId: session.user.id });
        const deck = await typedDeck(
          format,
          [BASIC_AND_REVERSED, TYPE_IN],
          [
            { type: BASIC_AND_REVERSED.id, fields: ['der Hund', 'the dog'], ords: [0, 1], tags: 'animals' },
            { type: BASIC_AND_REVERSED.id, fields: ['die Katze', 'the cat'], ords: [0] },
            { type: TYPE_IN.id, fields: ['gehen', 'to go', 'a verb'], ords: [0] },
          ],
        );
        expect(await imported(session, category.id, deck)).toEqual({ created: 4, skipped: [] });
        expect(
          (await cardsOf(session, 'text', category.id)).map((c) => [c.first_side, c.second_side, c.tag]),
        ).toEqual([
          ['der Hund', 'the dog', 'animals'],
          ['the dog', 'der Hund', 'animals'],
          ['die Katze', 'the cat', 'Words'],
          // The hint and the typing box are the reviewer's, not the side's text.
          ['gehen', 'to go', 'Words'],
        ]);
      });

      it('a cloze note: a cloze card for each cloze number, the rest of the answer its extra note', async () => {
        const session = await signIn();
        const category = await buildCategory(t.database.db, { userId: session.user.id });
        const deck = await typedDeck(
          format,
          [CLOZE],
          [
            {
              type: CLOZE.id,
              fields: ['{{c1::Sofia}} is the capital of {{c2::Bulgaria::a country}}.', 'Since 1879'],
              ords: [0, 1],
            },
          ],
        );
        expect(await imported(session, category.id, deck)).toEqual({
          created: 2,
          skipped: [],
        });
        expect(
          (await cardsOf(session, 'text', category.id)).map((c) => [c.first_side, c.second_side]),
        ).toEqual([
          ['{{c1::Sofia}} is the capital of Bulgaria.', 'Since 1879'],
          ['Sofia is the capital of {{c2::Bulgaria::a country}}.', 'Since 1879'],
        ]);
      });

      it('lists an image occlusion note rather than make cards of its shapes', async () => {
        const session = await signIn();
        const category = await buildCategory(t.database.db, { userId: session.user.id });
        const deck = await typedDeck(
          format,
          [IMAGE_OCCLUSION, CLOZE],
          [
            {
              type: IMAGE_OCCLUSION.id,
              fields: [
                '{{c1::image-occlusion:rect:left=.1:top=.2:width=.3:height=.1:oi=1}}<br>' +
                  '{{c2::image-occlusion:ellipse:left=.5:top=.5:width=.2:height=.2:oi=1}}',
                '<img src="heart.png">',
                'The heart',
                '',
                '',
              ],
              ords: [0, 1],
            },
            { type: CLOZE.id, fields: ['{{c1::Sofia}} is a capital.', ''], ords: [0] },
          ],
        );
        expect(await imported(session, category.id, deck)).toEqual({
          created: 1,
          skipped: [{ note: 1, excerpt: expect.any(String), reason: 'image_occlusion' }],
        });
        expect((await cardsOf(session, 'text', category.id)).map((c) => c.first_side)).toEqual([
          '{{c1::Sofia}} is a capital.',
        ]);
      });

      it('leaves out the notes that give no card and lists them; line breaks of blocks survive', async () => {
        const session = await signIn();
        const category = await buildCategory(t.database.db, { userId: session.user.id });
        const long = 'x'.repeat(CARD_SIDE_MAX_LENGTH + 1);
        const deck = await typedDeck(
          format,
          [BASIC_AND_REVERSED],
          [
            {
              type: BASIC_AND_REVERSED.id,
              fields: ['a<div>b</div>', '<p>one</p><ul><li>two</li><li>three</li></ul>'],
              ords: [0],
            },
            { type: BASIC_AND_REVERSED.id, fields: ['[sound:hund.mp3]', 'dog'], ords: [0] },
            { type: BASIC_AND_REVERSED.id, fields: ['<img src="cat.jpg">', 'cat'], ords: [0] },
            { type: BASIC_AND_REVERSED.id, fields: ['Maus', '&nbsp;<br>'], ords: [0] },
            { type: BASIC_AND_REVERSED.id, fields: ['<b>Vogel</b> (m)', long], ords: [0, 1] },
          ],
        );
        expect(await imported(session, category.id, deck)).toEqual({
          created: 1,
          skipped: [
            { note: 2, excerpt: '', reason: 'sound_only' },
            { note: 3, excerpt: '', reason: 'picture_only' },
            { note: 4, excerpt: 'Maus', reason: 'empty' },
            { note: 5, excerpt: 'Vogel (m)', reason: 'too_long' },
          ],
        });
        expect(
          (await cardsOf(session, 'text', category.id)).map((c) => [c.first_side, c.second_side]),
        ).toEqual([['a\nb', 'one\n- two\n- three']]);
      });
    });

  it('a template that would write a side without end leaves its notes out as too long', async () => {
    const session = await signIn();
    const category = await buildCategory(t.database.db, { userId: session.user.id });
    const bomb: TestNoteType = {
      id: 1_600_000_000_009,
      fields: ['Front', 'Back'],
      templates: [{ question: '{{Front}}'.repeat(100_000), answer: '{{Back}}' }],
    };
    const deck = await typedDeck(
      'current',
      [bomb, BASIC_AND_REVERSED],
      [
        { type: bomb.id, fields: ['x'.repeat(500), 'b'], ords: [0] },
        { type: BASIC_AND_REVERSED.id, fields: ['kept', 'yes'], ords: [0] },
      ],
    );
    expect(await imported(session, category.id, deck)).toEqual({
      created: 1,
      skipped: [{ note: 1, excerpt: 'x'.repeat(60), reason: 'too_long' }],
    });
  });

  it("a picture category takes the picture of each card's question, and lists notes without one", async () => {
    const session = await signIn();
    const category = await buildCategory(t.database.db, { userId: session.user.id, typeOfCards: 'picture' });
    const deck = await olderDeck(
      [
        { front: '<img src="cat.png">', back: 'котка' },
        { front: 'no picture here', back: 'нищо' },
      ],
      { 'cat.png': await png() },
    );
    expect(await imported(session, category.id, deck)).toEqual({
      created: 1,
      skipped: [{ note: 2, excerpt: 'no picture here', reason: 'no_picture' }],
    });
    expect(await cardsOf(session, 'picture', category.id)).toMatchObject([{ second_side: 'котка' }]);
  });

  describe('refuses a hostile or broken archive, storing nothing', () => {
    /** The import of a package fails with the message, whether at its upload or in its job. */
    const refused = async (kind: 'text' | 'picture', data: Buffer, message: RegExp): Promise<void> => {
      const session = await signIn();
      const category = await buildCategory(t.database.db, { userId: session.user.id, typeOfCards: kind });
      const { started, outcome } = await startImport(session, category.id, data);
      if (outcome) {
        expect(outcome).toMatchObject({ status: 'FAILURE', created: 0, skipped: [] });
        expect(outcome.error).toMatch(message);
      } else {
        expect(started.statusCode).toBe(400);
        expect(started.json().file[0]).toMatch(message);
      }
      expect(await cardsOf(session, kind, category.id)).toEqual([]);
      // Neither a picture nor the package is left behind.
      expect(mediaFiles(session.user.id)).toEqual([]);
      expect(importFiles(session.user.id)).toEqual([]);
    };

    it('a zip bomb: one entry past the limit, and a small archive that inflates too far', async () => {
      const huge = new Uint8Array(40 * 1024 * 1024);
      await refused('text', Buffer.from(zipSync({ 'collection.anki2': huge })), /too much data/);
      const ratio = new Uint8Array(8 * 1024 * 1024);
      await refused('text', Buffer.from(zipSync({ 'collection.anki2': ratio })), /too much data/);
    });

    it('a zip whose headers understate the size is measured as it inflates', async () => {
      const zip = Buffer.from(zipSync({ 'collection.anki2': new Uint8Array(40 * 1024 * 1024) }));
      zip.writeUInt32LE(100, 22); // the local header's uncompressed size
      const central = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
      zip.writeUInt32LE(100, central + 24);
      await refused('text', zip, /too much data/);
    });

    it('path traversal, absolute names and backslashes', async () => {
      const deck = await parseLegacyEntries(await olderDeck([{ front: 'a', back: 'b' }]));
      const collection = deck.get('collection.anki2')!;
      for (const name of ['../evil.png', '/etc/evil', 'media\\..\\evil', 'a/../../evil'])
        await refused(
          'picture',
          Buffer.from(zipSync({ 'collection.anki2': collection, [name]: new Uint8Array(3) })),
          /unsafe name/,
        );
    });

    it('a picture that inflates too far, while the pictures before it are still being stored', async () => {
      const deck = await parseLegacyEntries(
        await olderDeck(
          [
            { front: '<img src="a.png">', back: 'a' },
            { front: '<img src="b.png">', back: 'b' },
            { front: '<img src="c.png">', back: 'c' },
          ],
          { 'a.png': await png(), 'b.png': await png(), 'c.png': await png() },
        ),
      );
      const names = JSON.parse(new TextDecoder().decode(deck.get('media')!)) as Record<string, string>;
      const entry = Object.keys(names).find((key) => names[key] === 'c.png')!;
      deck.set(entry, new Uint8Array(40 * 1024 * 1024));
      await refused('picture', Buffer.from(zipSync(Object.fromEntries(deck))), /too much data/);
    });

    it('not a zip, no collection, a malformed database, a media map naming missing files', async () => {
      await refused('picture', Buffer.from('front%back&tag'), /not an Anki package/);
      await refused('text', Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6]), /not an Anki package/);
      await refused('text', Buffer.from(zipSync({ 'notes.txt': new Uint8Array(4) })), /no collection/);
      await refused(
        'text',
        Buffer.from(
          zipSync({ 'collection.anki2': new TextEncoder().encode('SQLite format 3\0 but not really') }),
        ),
        /damaged/,
      );
      const deck = await parseLegacyEntries(await olderDeck([{ front: '<img src="x.png">', back: 'b' }]));
      deck.set('media', new TextEncoder().encode('{"0":"x.png"}'));
      await refused('picture', Buffer.from(zipSync(Object.fromEntries(deck))), /not in it/);
    });

    it('a package whose second picture is no picture: that note is listed, the first one imported', async () => {
      const deck = await olderDeck(
        [
          { front: '<img src="a.png">', back: 'a' },
          { front: '<img src="b.png">', back: 'b' },
        ],
        { 'a.png': await png(), 'b.png': Buffer.from('not a picture at all') },
      );
      const session = await signIn();
      const category = await buildCategory(t.database.db, {
        userId: session.user.id,
        typeOfCards: 'picture',
      });
      expect(await imported(session, category.id, deck)).toEqual({
        created: 1,
        skipped: [{ note: 2, excerpt: '', reason: 'bad_media' }],
      });
      expect(await cardsOf(session, 'picture', category.id)).toMatchObject([{ second_side: 'a' }]);
      // The picture and its thumbnail, and no more.
      expect(mediaFiles(session.user.id)).toHaveLength(2);
    });

    it(`more than ${ANKI_PACKAGE_MAX_NOTES} notes, and a package none of whose notes gives a card`, async () => {
      const many = Array.from({ length: ANKI_PACKAGE_MAX_NOTES + 1 }, (_, i) => ({
        first: `w${i}`,
        second: `m${i}`,
        tag: '',
      }));
      await refused('text', await toApkg('Many', many, new Date()), /more than 50000 notes/);
      await refused(
        'picture',
        await olderDeck([{ front: 'no picture', back: 'b' }]),
        /No note .* can become a card/,
      );
      await refused(
        'text',
        await olderDeck([{ front: '[sound:a.mp3]', back: 'b' }]),
        /No note .* can become a card/,
      );
    });

    it('the text upload sends a package to the import', async () => {
      const session = await signIn();
      const category = await buildCategory(t.database.db, { userId: session.user.id });
      const response = await upload(
        session,
        category.id,
        await olderDeck([{ front: 'a', back: 'b' }]),
        'a.apkg',
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().file[0]).toMatch(/imported in the background/);
    });
  });
});

describe('exporting a category', () => {
  const exported = (session: Session, categoryId: number, format: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/card/category/${categoryId}/export/?format=${format}`,
      headers: session.headers,
    });

  const textCards = [
    { firstSide: 'къща, голяма', secondSide: 'a "big"\nhouse', tag: 'nouns' },
    { firstSide: 'tab\there', secondSide: '<b> & ', tag: '' },
  ];
  /** Formatting, formulas and lists, and text that only looks like them. */
  const richCards = [
    {
      firstSide: '**Water** is H~2~O, *liquid*; x^2^',
      secondSide: 'Area $\\pi r^2$, and $$\\int_0^1 x\\,dx$$\nSteps:\n1. one\n2. two\n- and\n- more',
      tag: 'rich',
    },
    { firstSide: 'costs $5, 5 * 3', secondSide: 'a\\*b\\*c', tag: 'rich' },
    {
      firstSide: 'Sofia is the capital of {{c2::**Bulgaria**::a country}}.',
      secondSide: 'Since 1879',
      tag: 'rich',
    },
    { firstSide: '{{c1::H~2~O}} is water', secondSide: '', tag: 'rich' },
  ];

  it('as an Anki package the importer reads back to the same cards, formatting and formulas too', async () => {
    const session = await signIn();
    const category = await buildCategory(t.database.db, { userId: session.user.id, name: 'Думи: „дом“' });
    for (const card of [...textCards, ...richCards])
      await buildCard(t.database.db, { categoryId: category.id, ...card });
    const response = await exported(session, category.id, 'apkg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="cards.apkg"; filename*=UTF-8''${encodeURIComponent('Думи „дом“.apkg')}`,
    );
    expect(await readBack(response.rawPayload, 'text')).toEqual({
      pictures: [],
      notes: [
        { first: 'къща, голяма', second: 'a "big"\nhouse', tag: 'nouns' },
        { first: 'tab here', second: '<b> &', tag: 'Думи: „дом“' },
        {
          first: richCards[0]!.firstSide,
          second: richCards[0]!.secondSide,
          tag: 'rich',
        },
        ...richCards
          .slice(1)
          .map((card) => ({ first: card.firstSide, second: card.secondSide, tag: 'rich' })),
      ],
      skipped: [],
    });
  });

  it("computes each note's sort field and checksum from its plain text, as Anki does", async () => {
    const session = await signIn();
    const category = await buildCategory(t.database.db, { userId: session.user.id });
    await buildCard(t.database.db, { categoryId: category.id, firstSide: 'a & b\nc', secondSide: '<x>' });
    await buildCard(t.database.db, { categoryId: category.id, firstSide: '42', secondSide: 'n' });
    const response = await exported(session, category.id, 'apkg');
    const entries = await parseLegacyEntries(response.rawPayload);
    const SQL = await initSqlJs();
    const db = new SQL.Database(entries.get('collection.anki2')!);
    const rows = db.exec('SELECT flds, sfld, csum FROM notes ORDER BY id')[0]!.values;
    db.close();
    // Anki's field checksum: the first 4 bytes of the SHA-1 of the field without its HTML.
    const sha1 = (text: string) => createHash('sha1').update(text).digest().readUInt32BE(0);
    expect(rows).toEqual([
      ['a &amp; b<br>c\x1f&lt;x&gt;', 'a & bc', sha1('a & bc')],
      // A number is stored as a number, as SQLite does for Anki's integer column.
      ['42\x1fn', 42, sha1('42')],
    ]);
  });

  it('a picture category as an Anki package with media, read back with its pictures', async () => {
    const session = await signIn();
    const category = await buildCategory(t.database.db, { userId: session.user.id, typeOfCards: 'picture' });
    const deck = await olderDeck([{ front: '<img src="cat.png">', back: 'котка', tags: ['animals'] }], {
      'cat.png': await png(),
    });
    await imported(session, category.id, deck);
    const response = await exported(session, category.id, 'apkg');
    const read = await readBack(response.rawPayload, 'picture');
    expect(read.notes.map((n) => [n.second, n.tag])).toEqual([['котка', 'animals']]);
    expect((await sharp(read.pictures[0]).metadata()).format).toBe('webp');
  });

  it('as CSV with a BOM that csv-parse and our own upload read back', async () => {
    const session = await signIn();
    const category = await buildCategory(t.database.db, { userId: session.user.id, name: 'Words' });
    for (const card of textCards) await buildCard(t.database.db, { categoryId: category.id, ...card });
    const response = await exported(session, category.id, 'csv');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/filename="Words.csv"/);
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(response.body).toBe(
      '\ufeffside_one,side_two,tag\r\n"къща, голяма","a ""big""\nhouse",nouns\r\ntab\there,<b> & ,\r\n',
    );
    expect(parse(response.rawPayload, { bom: true })).toEqual([
      ['side_one', 'side_two', 'tag'],
      ['къща, голяма', 'a "big"\nhouse', 'nouns'],
      ['tab\there', '<b> & ', ''],
    ]);
    const copy = await buildCategory(t.database.db, { userId: session.user.id });
    expect((await upload(session, copy.id, response.rawPayload, 'words.csv')).json()).toEqual({
      created: 2,
      skipped: [],
    });
  });

  it('as CSV whose texts never run as spreadsheet formulas, read back unchanged by our upload', async () => {
    const session = await signIn();
    const category = await buildCategory(t.database.db, { userId: session.user.id, name: 'Formulas' });
    const risky = [
      { firstSide: '=HYPERLINK("http://evil.example","click")', secondSide: '+1 more', tag: '-x' },
      { firstSide: '@SUM(A1:A2)', secondSide: "'=already quoted", tag: 'plain' },
      { firstSide: "'plain apostrophe", secondSide: '- suffix', tag: '' },
    ];
    for (const card of risky) await buildCard(t.database.db, { categoryId: category.id, ...card });
    const response = await exported(session, category.id, 'csv');
    const rows = parse(response.rawPayload, { bom: true }) as string[][];
    expect(rows.slice(1)).toEqual([
      ['\'=HYPERLINK("http://evil.example","click")', "'+1 more", "'-x"],
      ["'@SUM(A1:A2)", "''=already quoted", 'plain'],
      ["'plain apostrophe", "'- suffix", ''],
    ]);
    for (const cell of rows.slice(1).flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);

    const copy = await buildCategory(t.database.db, { userId: session.user.id });
    const uploaded = await upload(session, copy.id, response.rawPayload, 'formulas.csv');
    expect(uploaded.json()).toEqual({ created: 3, skipped: [] });
    const read = await t.database.db.query.cards.findMany({
      where: (card, { eq }) => eq(card.categoryId, copy.id),
      orderBy: (card, { asc }) => asc(card.id),
    });
    expect(
      read.map((card) => ({ firstSide: card.firstSide, secondSide: card.secondSide, tag: card.tag })),
    ).toEqual(risky);

    // Quizlet imports text, not formulas: its file keeps the texts as they are.
    expect((await exported(session, category.id, 'quizlet')).body).toBe(
      '=HYPERLINK("http://evil.example","click")\t+1 more\n@SUM(A1:A2)\t\'=already quoted\n' +
        "'plain apostrophe\t- suffix\n",
    );
  });

  it("for Quizlet: term TAB definition per line, a picture category's pictures as URLs", async () => {
    const session = await signIn();
    const category = await buildCategory(t.database.db, { userId: session.user.id });
    for (const card of textCards) await buildCard(t.database.db, { categoryId: category.id, ...card });
    const response = await exported(session, category.id, 'quizlet');
    expect(response.body).toBe('къща, голяма\ta "big" / house\ntab here\t<b> &\n');
    // Quizlet shows text as typed: formatting is left out, a formula stays as its LaTeX.
    const rich = await buildCategory(t.database.db, { userId: session.user.id });
    for (const card of richCards) await buildCard(t.database.db, { categoryId: rich.id, ...card });
    expect((await exported(session, rich.id, 'quizlet')).body).toBe(
      'Water is H2O, liquid; x2\tArea \\pi r^2, and \\int_0^1 x\\,dx / Steps: / 1. one / 2. two / - and / - more\n' +
        'costs $5, 5 * 3\ta*b*c\n' +
        'Sofia is the capital of [a country].\tBulgaria / Since 1879\n' +
        '[...] is water\tH2O\n',
    );

    const pictures = await buildCategory(t.database.db, { userId: session.user.id, typeOfCards: 'picture' });
    await imported(
      session,
      pictures.id,
      await olderDeck([{ front: '<img src="c.png">', back: 'c' }], { 'c.png': await png() }),
    );
    const csv = parse((await exported(session, pictures.id, 'csv')).rawPayload, { bom: true });
    expect(csv[1][0]).toMatch(/^http:\/\/localhost:\d+\/media\/u\/\d+\/cards\/[0-9a-f]+\.webp$/);
  });

  it('for Quizlet, read back by our upload with every side, a quote opening a side or not', async () => {
    const session = await signIn();
    const category = await buildCategory(t.database.db, { userId: session.user.id });
    const sides = [
      { firstSide: '"Open quote', secondSide: 'first' },
      { firstSide: 'one', secondSide: 'two\nlines' },
      { firstSide: '"quoted" word', secondSide: 'said "no"' },
      { firstSide: 'last', secondSide: 'card' },
    ];
    for (const card of sides) await buildCard(t.database.db, { categoryId: category.id, tag: '', ...card });
    const response = await exported(session, category.id, 'quizlet');
    const copy = await buildCategory(t.database.db, { userId: session.user.id });
    const uploaded = await upload(session, copy.id, response.rawPayload, 'quizlet.txt');
    expect(uploaded.json()).toEqual({ created: 4, skipped: [] });
    expect((await cardsOf(session, 'text', copy.id)).map((c) => [c.first_side, c.second_side])).toEqual([
      ['"Open quote', 'first'],
      ['one', 'two / lines'],
      ['"quoted" word', 'said "no"'],
      ['last', 'card'],
    ]);
  });

  it("answers 404 for another user's category and refuses a kids category", async () => {
    const owner = await signIn();
    const other = await signIn();
    const category = await buildCategory(t.database.db, { userId: owner.user.id });
    expect((await exported(other, category.id, 'csv')).statusCode).toBe(404);
    const kids = await buildCategory(t.database.db, { userId: owner.user.id, typeOfCards: 'kids' });
    const refused = await exported(owner, kids.id, 'csv');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/Kids categories/);
    expect((await exported(owner, category.id, 'pdf')).statusCode).toBe(400);
  });
});
