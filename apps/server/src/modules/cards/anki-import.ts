import { open as openFile } from 'node:fs/promises';
import { ANKI_PACKAGE_MAX_NOTES, cardPlainText, clozeNumbers } from '@flashcards/contract';
import { decodeHTML } from 'entities';
import { Decompress } from 'fzstd';
import initSqlJs, { type SqlJsStatic } from 'sql.js';
import yauzl from 'yauzl';
import { z } from 'zod';
import type { CardKind } from '../../db/schema/card-type';
import type { Message } from '../../lib/api-error';
import {
  clozeCardText,
  clozeText,
  hasPicture,
  hasSound,
  htmlToCardText,
  type NoteType,
  type RenderedCard,
  RenderedTooLong,
  renderCard,
} from './anki-notes';
import { MAX_SIDE_LENGTH, MAX_TAG_LENGTH } from './card-file';

/** The bytes of a zip archive's first local header (an .apkg is a zip). */
export const isZip = (data: Uint8Array) =>
  data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;

/** Whether the file at a path starts as a zip archive does. */
export const isZipFile = async (file: string) => {
  const handle = await openFile(file, 'r');
  try {
    const head = new Uint8Array(4);
    await handle.read(head, 0, 4, 0);
    return isZip(head);
  } finally {
    await handle.close();
  }
};

/** At most this many bytes of the collection once inflated (a deck of 50,000 notes with its history). */
const COLLECTION_MAX_BYTES = 256 * 1024 * 1024;
/** At most this many bytes of any other entry once inflated (the media map, one picture or sound). */
const ENTRY_MAX_BYTES = 32 * 1024 * 1024;
/** All entries read together may inflate to at most this many times the archive's own size (a zip bomb)... */
const MAX_RATIO = 100;
/** ...and never past this. */
const TOTAL_MAX_BYTES = 2 * 1024 * 1024 * 1024;
/** Entries an archive may list: every note's picture and sound, and some. */
const MAX_ENTRIES = 4 * ANKI_PACKAGE_MAX_NOTES;
const ZSTD_CHUNK = 512;

/**
 * A card of a note: its sides as text, its tag, and the media names (in the package) of its picture (picture
 * and kids categories) and its sound (kids categories).
 */
export type AnkiCard = { first: string; second: string; tag: string; picture?: string; sound?: string };
/**
 * Why a note's card was left out: a side with nothing on it, only a sound, only a picture (in a text
 * category), no picture (in a picture or kids category), longer than a side may be, or a picture or sound
 * that cannot be read (judged by the importer).
 */
export type SkipReason =
  | 'empty'
  | 'sound_only'
  | 'picture_only'
  | 'no_picture'
  | 'too_long'
  | 'bad_media'
  | 'image_occlusion';
/** A note left out of the import: its number in the package, the start of its first field, and why. */
export type SkippedNote = { note: number; excerpt: string; reason: SkipReason };
/** The cards of one note of a package, and the reasons any of its cards was left out. */
export type NoteCards = { note: number; excerpt: string; cards: AnkiCard[]; skipped: SkippedNote[] };

/** An archive that breaks a rule: the reason is a message key of the `errors` namespace. */
export class AnkiRefused extends Error {
  constructor(readonly reason: Message) {
    super(reason.key);
  }
}
const refuse = (key: string, values?: Message['values']): never => {
  throw new AnkiRefused(values ? { key, values } : { key });
};

// ---------------------------------------------------------------------------------------------------------
// Zip, read at random: only the entries a card needs are inflated, one at a time

/** A name that could leave the folder it is unpacked into, or that no Anki export writes. */
const unsafeName = (name: string) =>
  name.includes('\\') || name.startsWith('/') || /^[a-z]:/i.test(name) || name.split('/').includes('..');

const promised = <T>(call: (done: (error: Error | null, value?: T) => void) => void) =>
  new Promise<T>((resolve, reject) => call((error, value) => (error ? reject(error) : resolve(value as T))));

type Archive = {
  has(name: string): boolean;
  /**
   * An entry's bytes, inflated with limits: the entry and everything read from the archive so far are
   * counted as they inflate (the sizes a header declares are checked too, but never trusted alone), and
   * inflating stops as soon as a limit is passed.
   */
  read(name: string, max?: number): Promise<Uint8Array>;
  close(): void;
};

const openArchive = async (file: string, size: number): Promise<Archive> => {
  const budget = Math.min(TOTAL_MAX_BYTES, Math.max(size, 64 * 1024) * MAX_RATIO);
  let inflated = 0;
  let zip: yauzl.ZipFile;
  try {
    // Names are decoded here, so that an unsafe one is named as such rather than as a broken zip.
    zip = await promised<yauzl.ZipFile>((done) =>
      yauzl.open(
        file,
        { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: false },
        done,
      ),
    );
  } catch {
    return refuse('anki_not_apkg');
  }
  const entries = new Map<string, yauzl.Entry>();
  try {
    if (zip.entryCount > MAX_ENTRIES) refuse('anki_too_large');
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = new TextDecoder().decode(entry.fileName as unknown as Uint8Array);
        if (unsafeName(name)) return reject(new AnkiRefused({ key: 'anki_unsafe_name' }));
        if (!name.endsWith('/')) entries.set(name, entry);
        zip.readEntry();
      });
      zip.on('end', resolve);
      zip.on('error', () => reject(new AnkiRefused({ key: 'anki_not_apkg' })));
      zip.readEntry();
    });
  } catch (error) {
    zip.close();
    throw error;
  }
  return {
    has: (name) => entries.has(name),
    async read(name, max = ENTRY_MAX_BYTES) {
      const entry = entries.get(name);
      if (!entry) return refuse('anki_media_missing');
      if (entry.uncompressedSize > max || inflated + entry.uncompressedSize > budget)
        refuse('anki_too_large');
      let stream: import('node:stream').Readable;
      try {
        stream = await promised((done) => zip.openReadStream(entry, done));
      } catch {
        return refuse('anki_not_apkg');
      }
      const chunks: Uint8Array[] = [];
      let length = 0;
      try {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          length += chunk.length;
          inflated += chunk.length;
          if (length > max || inflated > budget) {
            stream.destroy();
            refuse('anki_too_large');
          }
          chunks.push(chunk);
        }
      } catch (error) {
        if (error instanceof AnkiRefused) throw error;
        return refuse('anki_not_apkg');
      }
      return concat(chunks, length);
    },
    close: () => zip.close(),
  };
};

const concat = (chunks: Uint8Array[], size: number) => {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
};

// ---------------------------------------------------------------------------------------------------------
// Zstandard (the current collection format), decompressed in small steps with the same limit

const unzstdLimited = (data: Uint8Array, max = ENTRY_MAX_BYTES): Uint8Array => {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let over = false;
  const stream = new Decompress((chunk) => {
    size += chunk.length;
    if (size > max) over = true;
    else chunks.push(chunk);
  });
  try {
    for (let offset = 0; offset < data.length && !over; offset += ZSTD_CHUNK) {
      const end = Math.min(offset + ZSTD_CHUNK, data.length);
      stream.push(data.subarray(offset, end), end === data.length);
    }
  } catch {
    refuse('anki_bad_collection');
  }
  if (over) refuse('anki_too_large');
  return concat(chunks, size);
};

// ---------------------------------------------------------------------------------------------------------
// The media map

/** Older format: `{"0": "picture.jpg", ...}`, the archive's entry name to the note's file name. */
const legacyMediaMap = (data: Uint8Array): Map<string, string> => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(data));
  } catch {
    return refuse('anki_bad_media');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return refuse('anki_bad_media');
  const map = new Map<string, string>();
  for (const [entry, name] of Object.entries(parsed)) {
    if (typeof name !== 'string') refuse('anki_bad_media');
    map.set(name as string, entry);
  }
  return map;
};

/** Reads protobuf varints and length-delimited fields: all `MediaEntries` needs. */
class ProtoReader {
  at = 0;
  constructor(
    readonly bytes: Uint8Array,
    readonly damaged = 'anki_bad_media',
  ) {}
  get done() {
    return this.at >= this.bytes.length;
  }
  varint(): number {
    let value = 0;
    let shift = 0;
    for (;;) {
      if (this.at >= this.bytes.length || shift > 49) return refuse(this.damaged);
      const byte = this.bytes[this.at++]!;
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
      shift += 7;
    }
  }
  bytesField(): Uint8Array {
    const length = this.varint();
    if (this.at + length > this.bytes.length) return refuse(this.damaged);
    const field = this.bytes.subarray(this.at, this.at + length);
    this.at += length;
    return field;
  }
  skip(wireType: number) {
    if (wireType === 0) this.varint();
    else if (wireType === 2) this.bytesField();
    else if (wireType === 1) this.at += 8;
    else if (wireType === 5) this.at += 4;
    else refuse(this.damaged);
  }
}

/** The fields of a protobuf message as number to last value (varints as numbers, the rest as bytes). */
const protoFields = (bytes: Uint8Array, damaged: string) => {
  const fields = new Map<number, number | Uint8Array>();
  const reader = new ProtoReader(bytes, damaged);
  while (!reader.done) {
    const key = reader.varint();
    if ((key & 7) === 0) fields.set(key >>> 3, reader.varint());
    else if ((key & 7) === 2) fields.set(key >>> 3, reader.bytesField());
    else reader.skip(key & 7);
  }
  return fields;
};

/**
 * Current format: `MediaEntries { repeated MediaEntry entries = 1; }`,
 * `MediaEntry { string name = 1; uint32 size = 2; bytes sha1 = 3; optional uint32 legacy_zip_filename = 255; }`;
 * the n-th entry's file is the archive entry `n` unless a legacy name is given.
 */
const currentMediaMap = (data: Uint8Array): Map<string, string> => {
  const map = new Map<string, string>();
  const reader = new ProtoReader(data);
  let index = 0;
  while (!reader.done) {
    const key = reader.varint();
    if (key >>> 3 !== 1 || (key & 7) !== 2) {
      reader.skip(key & 7);
      continue;
    }
    const entry = new ProtoReader(reader.bytesField());
    let name = '';
    let legacy: number | undefined;
    while (!entry.done) {
      const field = entry.varint();
      if (field >>> 3 === 1 && (field & 7) === 2) name = new TextDecoder().decode(entry.bytesField());
      else if (field >>> 3 === 255 && (field & 7) === 0) legacy = entry.varint();
      else entry.skip(field & 7);
    }
    map.set(name, String(legacy ?? index));
    index++;
  }
  return map;
};

// ---------------------------------------------------------------------------------------------------------
// Pictures

const IMAGE = /<img\b[^<>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;

/** The file name of a field's first picture. */
const pictureName = (html: string): string | undefined => {
  const match = IMAGE.exec(html);
  const raw = match?.[1] ?? match?.[2] ?? match?.[3];
  if (raw === undefined) return undefined;
  const name = decodeHTML(raw);
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
};

/** At most `max` code points (the tag's limit), cut at a code point. */
const cut = (value: string, max: number) => [...value].slice(0, max).join('').trim();

// ---------------------------------------------------------------------------------------------------------
// The collection

let sqlJs: Promise<SqlJsStatic> | undefined;
const sqlite = () => {
  sqlJs ??= initSqlJs();
  return sqlJs;
};

const hasTable = (db: import('sql.js').Database, name: string) =>
  db.exec(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '${name}'`).length > 0;

/** Deck names by id: a `decks` table (schema 18) or the `col.decks` JSON of the older schema. */
const deckNames = (db: import('sql.js').Database): Map<number, string> => {
  const names = new Map<number, string>();
  if (hasTable(db, 'decks')) {
    for (const [id, name] of db.exec('SELECT id, name FROM decks')[0]?.values ?? [])
      names.set(Number(id), String(name).replaceAll('\x1f', '::'));
    return names;
  }
  const json = db.exec('SELECT decks FROM col LIMIT 1')[0]?.values[0]?.[0];
  if (typeof json !== 'string') return names;
  try {
    for (const deck of Object.values(JSON.parse(json) as Record<string, { id: number; name: string }>))
      names.set(Number(deck.id), String(deck.name));
  } catch {
    // A collection without readable deck names still has its notes; their tag falls back to none.
  }
  return names;
};

type RawNote = { fields: string[]; tags: string; deck: string; type?: NoteType; ords: number[] };

const textDecoder = new TextDecoder();
const asText = (value: number | Uint8Array | undefined) =>
  value instanceof Uint8Array ? textDecoder.decode(value) : '';

/** Note types of the current schema (18): `notetypes`, `fields` and `templates` tables, protobuf configs. */
const currentNoteTypes = (db: import('sql.js').Database): Map<number, NoteType> => {
  const types = new Map<number, NoteType>();
  for (const [id, config] of db.exec('SELECT id, config FROM notetypes')[0]?.values ?? []) {
    // Notetype.Config { Kind kind = 1 }: 1 is cloze.
    const kind = protoFields(config as Uint8Array, 'anki_bad_collection').get(1);
    types.set(Number(id), { cloze: kind === 1, fields: [], templates: new Map() });
  }
  for (const [id, , name] of db.exec('SELECT ntid, ord, name FROM fields ORDER BY ntid, ord')[0]?.values ??
    [])
    types.get(Number(id))?.fields.push(String(name));
  for (const [id, ord, config] of db.exec('SELECT ntid, ord, config FROM templates')[0]?.values ?? []) {
    // Notetype.Template.Config { string q_format = 1; string a_format = 2; }
    const fields = protoFields(config as Uint8Array, 'anki_bad_collection');
    types.get(Number(id))?.templates.set(Number(ord), {
      question: asText(fields.get(1)),
      answer: asText(fields.get(2)),
    });
  }
  return types;
};

const legacyModel = z.object({
  type: z.number().optional(),
  flds: z.array(z.object({ name: z.string(), ord: z.number() })),
  tmpls: z.array(z.object({ ord: z.number(), qfmt: z.string(), afmt: z.string() })),
});

/** Note types of the older schema: the `col.models` JSON. A type that cannot be read is left out. */
const legacyNoteTypes = (db: import('sql.js').Database): Map<number, NoteType> => {
  const types = new Map<number, NoteType>();
  const json = db.exec('SELECT models FROM col LIMIT 1')[0]?.values[0]?.[0];
  if (typeof json !== 'string' || json === '') return types;
  let models: unknown;
  try {
    models = JSON.parse(json);
  } catch {
    return types;
  }
  if (typeof models !== 'object' || models === null) return types;
  for (const [id, value] of Object.entries(models)) {
    const model = legacyModel.safeParse(value);
    if (!model.success) continue;
    types.set(Number(id), {
      cloze: model.data.type === 1,
      fields: [...model.data.flds].sort((a, b) => a.ord - b.ord).map((f) => f.name),
      templates: new Map(model.data.tmpls.map((t) => [t.ord, { question: t.qfmt, answer: t.afmt }])),
    });
  }
  return types;
};

const readCollection = async (bytes: Uint8Array): Promise<RawNote[]> => {
  const SQL = await sqlite();
  let db: import('sql.js').Database | undefined;
  try {
    db = new SQL.Database(bytes);
    const count = Number(db.exec('SELECT count(*) FROM notes')[0]?.values[0]?.[0] ?? 0);
    if (count > ANKI_PACKAGE_MAX_NOTES) refuse('anki_too_many_notes', { max: ANKI_PACKAGE_MAX_NOTES });
    const decks = deckNames(db);
    const types = hasTable(db, 'notetypes') ? currentNoteTypes(db) : legacyNoteTypes(db);
    // Each note's cards: the templates (or cloze numbers) Anki made a card of, and the first one's deck.
    const cards = new Map<number, { ords: number[]; deck: number }>();
    for (const [nid, ord, did] of db.exec('SELECT nid, ord, did FROM cards ORDER BY nid, ord')[0]?.values ??
      []) {
      const note = cards.get(Number(nid));
      if (note) note.ords.push(Number(ord));
      else cards.set(Number(nid), { ords: [Number(ord)], deck: Number(did) });
    }
    const rows = db.exec('SELECT id, mid, flds, tags FROM notes ORDER BY id')[0]?.values ?? [];
    return rows.map(([id, mid, fields, tags]) => {
      const made = cards.get(Number(id));
      return {
        fields: String(fields ?? '').split('\x1f'),
        tags: String(tags ?? ''),
        deck: decks.get(made?.deck ?? Number.NaN) ?? '',
        type: types.get(Number(mid)),
        ords: [...new Set(made?.ords ?? [])],
      };
    });
  } catch (error) {
    if (error instanceof AnkiRefused) throw error;
    return refuse('anki_bad_collection');
  } finally {
    db?.close();
  }
};

/**
 * The note's cards as Anki shows them, one per template (or cloze number) Anki made a card of. A note
 * whose type the collection does not describe gives its first field as the question and its second as
 * the answer.
 */
const renderedCards = (note: RawNote): RenderedCard[] | 'too_long' => {
  const [first = '', second = ''] = note.fields;
  if (!note.type || note.type.templates.size === 0) return [{ question: first, answer: second, cloze: null }];
  const type = note.type;
  const ords = note.ords.length > 0 ? note.ords : [0];
  try {
    return ords.flatMap((ord) => renderCard(type, note.fields, ord) ?? []);
  } catch (error) {
    if (error instanceof RenderedTooLong) return 'too_long';
    throw error;
  }
};

/** Why a side without text cannot become a text card. */
/** The first field of an Anki image occlusion note: its shapes as cloze deletions. */
const IMAGE_OCCLUSION = /\{\{c\d+::image-occlusion:/;

const emptyReason = (html: string): SkipReason =>
  hasPicture(html) ? 'picture_only' : hasSound(html) ? 'sound_only' : 'empty';

const SOUND = /\[sound:([^[\]]+)\]/;

const EXCERPT_LENGTH = 60;

/** A package opened for import: its notes' cards in turn, and their media read one at a time. */
export type AnkiPackage = {
  /** The package's notes. */
  total: number;
  /** Each note's cards, one note at a time, with the notes (or some of their cards) left out and why. */
  notes(): Generator<NoteCards>;
  /** A media file's bytes by the name its note gives (a card's `picture` or `sound`), with the package's limits. */
  media(name: string): Promise<Uint8Array>;
  close(): void;
};

/**
 * Opens an Anki package (.apkg, .colpkg) at a path for import into a category of a kind: reads its media
 * map and its collection's notes, and refuses (`AnkiRefused`) an archive that is not one, is damaged or
 * hostile, or holds too many notes. The current format (`collection.anki21b`, zstd-compressed, with a
 * protobuf media map and zstd-compressed media) is preferred over the older `collection.anki21` and
 * `collection.anki2`.
 *
 * Each card is one Anki makes of a note (each template of its type, each cloze number), with the texts as
 * Anki shows them; the tag is the note's first Anki tag or else its deck's name. In a picture or kids
 * category, side one is the picture of the question's first `<img>`; in a kids category the card's sound
 * is the answer's first `[sound:…]`, else the question's. Elsewhere pictures and sounds are dropped.
 */
export async function openAnkiPackage(file: string, size: number, kind: CardKind): Promise<AnkiPackage> {
  const archive = await openArchive(file, size);
  try {
    const current = archive.has('collection.anki21b');
    const name = current
      ? 'collection.anki21b'
      : archive.has('collection.anki21')
        ? 'collection.anki21'
        : 'collection.anki2';
    if (!archive.has(name)) refuse('anki_no_collection');
    const stored = await archive.read(name, current ? ENTRY_MAX_BYTES * 4 : COLLECTION_MAX_BYTES);
    const collection = current ? unzstdLimited(stored, COLLECTION_MAX_BYTES) : stored;

    let media = new Map<string, string>();
    if (archive.has('media')) {
      const bytes = await archive.read('media');
      if (bytes.length > 0) media = current ? currentMediaMap(unzstdLimited(bytes)) : legacyMediaMap(bytes);
    }
    for (const entry of media.values()) if (!archive.has(entry)) refuse('anki_media_missing');

    const raw = await readCollection(collection);
    if (raw.length === 0) refuse('card_file_empty');
    return {
      total: raw.length,
      notes: () => noteCards(raw, kind, media),
      async media(name) {
        const bytes = await archive.read(media.get(name)!);
        return current ? unzstdLimited(bytes) : bytes;
      },
      close: () => archive.close(),
    };
  } catch (error) {
    archive.close();
    throw error;
  }
}

function* noteCards(raw: RawNote[], kind: CardKind, media: Map<string, string>): Generator<NoteCards> {
  const pictures = kind !== 'text';
  const mediaName = (name: string | undefined) => (name !== undefined && media.has(name) ? name : undefined);
  for (const [index, note] of raw.entries()) {
    const tag = cut(note.tags.trim().split(/\s+/)[0] || note.deck, MAX_TAG_LENGTH);
    const excerpt = cut(
      cardPlainText(htmlToCardText(clozeText(note.fields[0] ?? ''))).split('\n')[0] ?? '',
      EXCERPT_LENGTH,
    );
    const outcome: NoteCards = { note: index + 1, excerpt, cards: [], skipped: [] };
    const skip = (reason: SkipReason) => {
      if (!outcome.skipped.some((s) => s.reason === reason))
        outcome.skipped.push({ note: index + 1, excerpt, reason });
    };
    // Anki's image occlusion notes hide parts of a picture with no text to answer: as cards they would
    // read as their shapes' coordinates.
    if (IMAGE_OCCLUSION.test(note.fields[0] ?? '')) {
      skip('image_occlusion');
      yield outcome;
      continue;
    }
    const rendered = renderedCards(note);
    if (rendered === 'too_long') {
      skip('too_long');
      yield outcome;
      continue;
    }
    for (const sides of rendered) {
      const question = htmlToCardText(sides.question);
      const card: AnkiCard = {
        first: sides.cloze === null ? question : clozeCardText(question, sides.cloze),
        second: htmlToCardText(sides.answer),
        tag,
      };
      const picture = pictures ? mediaName(pictureName(sides.question)) : undefined;
      if (pictures && picture === undefined) {
        skip('no_picture');
        continue;
      }
      if (!pictures && card.first === '') {
        skip(emptyReason(sides.question));
        continue;
      }
      // A cloze card's answer is its question's deletions: its second side, an extra note, may be empty.
      if (card.second === '' && (sides.cloze === null || clozeNumbers(card.first).length === 0)) {
        skip(emptyReason(sides.answer));
        continue;
      }
      if ([...card.first].length > MAX_SIDE_LENGTH || [...card.second].length > MAX_SIDE_LENGTH) {
        skip('too_long');
        continue;
      }
      card.picture = picture;
      if (kind === 'kids')
        card.sound = mediaName(SOUND.exec(sides.answer)?.[1] ?? SOUND.exec(sides.question)?.[1]);
      // Two templates that show the same sides (a template for a field the note leaves empty) make one card.
      if (
        pictures ||
        !outcome.cards.some((other) => other.first === card.first && other.second === card.second)
      )
        outcome.cards.push(card);
    }
    yield outcome;
  }
}
