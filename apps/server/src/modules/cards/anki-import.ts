import { decodeHTML } from 'entities';
import { Unzip, type UnzipFile, UnzipInflate } from 'fflate';
import { Decompress } from 'fzstd';
import initSqlJs, { type SqlJsStatic } from 'sql.js';
import type { Message } from '../../lib/api-error';
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
export type AnkiResult = { ok: true; notes: AnkiNote[] } | { ok: false; error: Message };

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
  constructor(readonly bytes: Uint8Array) {}
  get done() {
    return this.at >= this.bytes.length;
  }
  varint(): number {
    let value = 0;
    let shift = 0;
    for (;;) {
      if (this.at >= this.bytes.length || shift > 49) return refuse('anki_bad_media');
      const byte = this.bytes[this.at++]!;
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
      shift += 7;
    }
  }
  bytesField(): Uint8Array {
    const length = this.varint();
    if (this.at + length > this.bytes.length) return refuse('anki_bad_media');
    const field = this.bytes.subarray(this.at, this.at + length);
    this.at += length;
    return field;
  }
  skip(wireType: number) {
    if (wireType === 0) this.varint();
    else if (wireType === 2) this.bytesField();
    else if (wireType === 1) this.at += 8;
    else if (wireType === 5) this.at += 4;
    else refuse('anki_bad_media');
  }
}

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
// HTML to text

const SOUND = /\[sound:[^\]]*\]/g;
const BREAK = /<br\s*\/?>|<\/(?:div|p|li|tr|h[1-6])\s*>/gi;
const TAG = /<[^<>]*>/g;

/** A field's text: tags removed, entities decoded, `<br>` and block ends as line breaks, sounds dropped. */
const fieldText = (html: string): string =>
  decodeHTML(html.replace(SOUND, '').replace(BREAK, '\n').replace(TAG, ''))
    .replace(/\u00a0/g, ' ')
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

const IMAGE = /<img\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;

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

type RawNote = { fields: string[]; tags: string; deck: string };

/** Deck names by id: a `decks` table (schema 18) or the `col.decks` JSON of the older schema. */
const deckNames = (db: import('sql.js').Database): Map<number, string> => {
  const names = new Map<number, string>();
  const hasTable = db.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'decks'").length > 0;
  if (hasTable) {
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

const readCollection = async (bytes: Uint8Array): Promise<RawNote[]> => {
  const SQL = await sqlite();
  let db: import('sql.js').Database | undefined;
  try {
    db = new SQL.Database(bytes);
    const count = Number(db.exec('SELECT count(*) FROM notes')[0]?.values[0]?.[0] ?? 0);
    if (count > MAX_CARD_LINES) refuse('card_file_too_many_lines', { max: MAX_CARD_LINES });
    const decks = deckNames(db);
    const rows =
      db.exec(
        'SELECT n.flds, n.tags, (SELECT c.did FROM cards c WHERE c.nid = n.id ORDER BY c.ord LIMIT 1) ' +
          'FROM notes n ORDER BY n.id',
      )[0]?.values ?? [];
    return rows.map(([fields, tags, deck]) => ({
      fields: String(fields ?? '').split('\x1f'),
      tags: String(tags ?? ''),
      deck: decks.get(Number(deck)) ?? '',
    }));
  } catch (error) {
    if (error instanceof Refused) throw error;
    return refuse('anki_bad_collection');
  } finally {
    db?.close();
  }
};

// ---------------------------------------------------------------------------------------------------------

/**
 * The notes of an Anki package (.apkg) as cards: the first field is side one, the second side two, the
 * tag the note's first Anki tag or else its deck's name. The current format (`collection.anki21b`,
 * zstd-compressed, with a protobuf media map and zstd-compressed media) is preferred over the older
 * `collection.anki21` and `collection.anki2`. With `pictures`, side one is the picture of the first
 * field's `<img>` (its bytes, to be checked like any uploaded picture); otherwise pictures are dropped.
 */
export async function parseAnkiPackage(data: Uint8Array, pictures: boolean): Promise<AnkiResult> {
  try {
    return { ok: true, notes: await readPackage(data, pictures) };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, error: error.reason };
    throw error;
  }
}

const readPackage = async (data: Uint8Array, pictures: boolean): Promise<AnkiNote[]> => {
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
  return raw.map((note, index) => {
    const [first = '', second = ''] = note.fields;
    const tag = cut(note.tags.trim().split(/\s+/)[0] || note.deck, MAX_TAG_LENGTH);
    const card: AnkiNote = { first: fieldText(first), second: fieldText(second), tag };
    const at = { note: index + 1 };
    if (pictures) {
      const name = pictureName(first);
      const entry = name === undefined ? undefined : media.get(name);
      if (entry === undefined) return refuse('anki_note_without_picture', at);
      const bytes = entries.get(entry)!;
      card.picture = current ? unzstdLimited(bytes) : bytes;
      if (card.second === '') refuse('anki_bad_note', at);
    } else if (card.first === '' || card.second === '') refuse('anki_bad_note', at);
    if ([...card.first].length > MAX_SIDE_LENGTH || [...card.second].length > MAX_SIDE_LENGTH)
      refuse('anki_bad_note', at);
    return card;
  });
};
