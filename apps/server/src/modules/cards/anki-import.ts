import { decodeHTML } from 'entities';
import { Unzip, type UnzipFile, UnzipInflate } from 'fflate';
import { Decompress } from 'fzstd';
import initSqlJs, { type SqlJsStatic } from 'sql.js';
import { z } from 'zod';
import type { Message } from '../../lib/api-error';
import {
  clozeText,
  hasPicture,
  hasSound,
  htmlToText,
  type NoteType,
  type RenderedCard,
  RenderedTooLong,
  renderCard,
} from './anki-notes';
import { MAX_CARD_LINES, MAX_SIDE_LENGTH, MAX_TAG_LENGTH } from './card-file';

/** The bytes of a zip archive's first local header (an .apkg is a zip). */
export const isZip = (data: Uint8Array) =>
  data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;

/** At most this many bytes of any one entry once inflated (the collection or one picture). */
const ENTRY_MAX_BYTES = 32 * 1024 * 1024;
/** At most this many bytes of all entries together once inflated. */
const TOTAL_MAX_BYTES = 64 * 1024 * 1024;
/** All entries together may inflate to at most this many times the archive's own size (a zip bomb). */
const MAX_RATIO = 100;
/** Compressed bytes handed to the inflater at a time: one push can only grow the output so far. */
const ZIP_CHUNK = 16 * 1024;
const ZSTD_CHUNK = 512;

export type AnkiNote = { first: string; second: string; tag: string; picture?: Uint8Array };
/**
 * Why a note's card was left out: a side with nothing on it, only a sound, only a picture (in a text
 * category), no picture (in a picture category), or longer than a side may be.
 */
export type SkipReason = 'empty' | 'sound_only' | 'picture_only' | 'no_picture' | 'too_long';
/** A note left out of the import: its number in the package, the start of its first field, and why. */
export type SkippedNote = { note: number; excerpt: string; reason: SkipReason };
export type AnkiResult =
  | { ok: true; notes: AnkiNote[]; skipped: SkippedNote[] }
  | { ok: false; error: Message };

/** An archive that breaks a rule: the reason is a message key of the `errors` namespace. */
class Refused extends Error {
  constructor(readonly reason: Message) {
    super(reason.key);
  }
}
const refuse = (key: string, values?: Message['values']): never => {
  throw new Refused(values ? { key, values } : { key });
};

// ---------------------------------------------------------------------------------------------------------
// Zip

/** A name that could leave the folder it is unpacked into, or that no Anki export writes. */
const unsafeName = (name: string) =>
  name.includes('\\') || name.startsWith('/') || /^[a-z]:/i.test(name) || name.split('/').includes('..');

/**
 * The archive's entries, inflated with limits: each entry and all of them together are counted as they
 * inflate (the sizes a header declares are checked too, but never trusted alone), and inflating stops as
 * soon as a limit is passed.
 */
const unzipLimited = (data: Uint8Array): Map<string, Uint8Array> => {
  const total = Math.min(TOTAL_MAX_BYTES, Math.max(data.length, 64 * 1024) * MAX_RATIO);
  const entries = new Map<string, Uint8Array>();
  let inflated = 0;
  let failure: Refused | null = null;
  const unzip = new Unzip((file: UnzipFile) => {
    if (failure) return;
    if (unsafeName(file.name)) {
      failure = new Refused({ key: 'anki_unsafe_name' });
      return;
    }
    if (file.name.endsWith('/')) return;
    if (file.originalSize !== undefined && file.originalSize > ENTRY_MAX_BYTES) {
      failure = new Refused({ key: 'anki_too_large' });
      return;
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    file.ondata = (error, chunk, final) => {
      if (failure) return;
      if (error) {
        failure = new Refused({ key: 'anki_not_apkg' });
        return;
      }
      size += chunk.length;
      inflated += chunk.length;
      if (size > ENTRY_MAX_BYTES || inflated > total) {
        failure = new Refused({ key: 'anki_too_large' });
        file.terminate();
        return;
      }
      chunks.push(chunk);
      if (final) entries.set(file.name, concat(chunks, size));
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let offset = 0; offset < data.length && !failure; offset += ZIP_CHUNK) {
      const end = Math.min(offset + ZIP_CHUNK, data.length);
      unzip.push(data.subarray(offset, end), end === data.length);
    }
  } catch {
    refuse('anki_not_apkg');
  }
  if (failure) throw failure;
  return entries;
};

/** Whether the archive ends with a zip's end-of-directory record (a cut or forged file does not). */
const hasDirectory = (data: Uint8Array) => {
  const from = Math.max(0, data.length - 22 - 0xffff);
  for (let at = data.length - 22; at >= from; at--)
    if (data[at] === 0x50 && data[at + 1] === 0x4b && data[at + 2] === 0x05 && data[at + 3] === 0x06)
      return true;
  return false;
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
    if (count > MAX_CARD_LINES) refuse('card_file_too_many_lines', { max: MAX_CARD_LINES });
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
    if (error instanceof Refused) throw error;
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
  if (!note.type || note.type.templates.size === 0) return [{ question: first, answer: second }];
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
const emptyReason = (html: string): SkipReason =>
  hasPicture(html) ? 'picture_only' : hasSound(html) ? 'sound_only' : 'empty';

const EXCERPT_LENGTH = 60;

// ---------------------------------------------------------------------------------------------------------

/**
 * The notes of an Anki package (.apkg) as cards, one per card Anki makes of a note (each template of its
 * type, each cloze number), with the texts as Anki shows them; the tag is the note's first Anki tag or
 * else its deck's name. The current format (`collection.anki21b`, zstd-compressed, with a protobuf media
 * map and zstd-compressed media) is preferred over the older `collection.anki21` and `collection.anki2`.
 * With `pictures`, side one is the picture of the question's first `<img>` (its bytes, to be checked like
 * any uploaded picture); otherwise pictures are dropped. A card that cannot be made is left out and its
 * note listed with the reason; a package none of whose notes gives a card is refused.
 */
export async function parseAnkiPackage(data: Uint8Array, pictures: boolean): Promise<AnkiResult> {
  try {
    return { ok: true, ...(await readPackage(data, pictures)) };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, error: error.reason };
    throw error;
  }
}

const readPackage = async (data: Uint8Array, pictures: boolean) => {
  if (!isZip(data) || !hasDirectory(data)) refuse('anki_not_apkg');
  const entries = unzipLimited(data);
  const current = entries.get('collection.anki21b');
  const collection = current
    ? unzstdLimited(current)
    : (entries.get('collection.anki21') ?? entries.get('collection.anki2'));
  if (!collection) return refuse('anki_no_collection');

  const mediaBytes = entries.get('media');
  let media = new Map<string, string>();
  if (mediaBytes && mediaBytes.length > 0) {
    media = current ? currentMediaMap(unzstdLimited(mediaBytes)) : legacyMediaMap(mediaBytes);
  }
  for (const entry of media.values()) if (!entries.has(entry)) refuse('anki_media_missing');

  const raw = await readCollection(collection);
  if (raw.length === 0) refuse('card_file_empty');
  const notes: AnkiNote[] = [];
  const skipped: SkippedNote[] = [];
  for (const [index, note] of raw.entries()) {
    const tag = cut(note.tags.trim().split(/\s+/)[0] || note.deck, MAX_TAG_LENGTH);
    const excerpt = cut(htmlToText(clozeText(note.fields[0] ?? '')).split('\n')[0] ?? '', EXCERPT_LENGTH);
    const skip = (reason: SkipReason) => {
      if (!skipped.some((s) => s.note === index + 1 && s.reason === reason))
        skipped.push({ note: index + 1, excerpt, reason });
    };
    const made: AnkiNote[] = [];
    const rendered = renderedCards(note);
    if (rendered === 'too_long') {
      skip('too_long');
      continue;
    }
    for (const sides of rendered) {
      const card: AnkiNote = {
        first: htmlToText(sides.question),
        second: htmlToText(sides.answer),
        tag,
      };
      const entry = pictures ? media.get(pictureName(sides.question) ?? '') : undefined;
      if (pictures && entry === undefined) {
        skip('no_picture');
        continue;
      }
      if (!pictures && card.first === '') {
        skip(emptyReason(sides.question));
        continue;
      }
      if (card.second === '') {
        skip(emptyReason(sides.answer));
        continue;
      }
      if ([...card.first].length > MAX_SIDE_LENGTH || [...card.second].length > MAX_SIDE_LENGTH) {
        skip('too_long');
        continue;
      }
      // Only now, for a card that is made: the picture is taken out of the package.
      if (entry !== undefined)
        card.picture = current ? unzstdLimited(entries.get(entry)!) : entries.get(entry)!;
      // Two templates that show the same sides (a template for a field the note leaves empty) make one card.
      if (pictures || !made.some((other) => other.first === card.first && other.second === card.second))
        made.push(card);
    }
    notes.push(...made);
  }
  if (notes.length === 0) refuse('anki_no_cards');
  return { notes, skipped };
};
