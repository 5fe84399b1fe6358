import { createHash, randomUUID } from 'node:crypto';
import {
  type CardInline,
  cardPlainText,
  clozeAnswer,
  clozeNumbers,
  parseCardText,
  spreadsheetCell,
} from '@flashcards/contract';
import { stringify } from 'csv-stringify/sync';
import { decodeHTML, escapeUTF8 } from 'entities';
import { zipSync } from 'fflate';
import initSqlJs, { type SqlJsStatic } from 'sql.js';

/** One card as exported: side one is text, or a picture's bytes and URL in a picture category. */
export type ExportCard = {
  first: string;
  second: string;
  tag: string;
  picture?: { url: string; bytes: () => Promise<Uint8Array>; extension: string };
};

export type ExportFormat = 'apkg' | 'csv' | 'quizlet';

// ---------------------------------------------------------------------------------------------------------
// CSV and Quizlet

/**
 * `side_one,side_two,tag`, RFC 4180 quoting, UTF-8 with a BOM so spreadsheet apps read Cyrillic right. A
 * CSV file opens in a spreadsheet: a text that would start a formula is written as text (our upload reads
 * it back as it was).
 */
export const toCsv = (cards: ExportCard[]): Buffer =>
  Buffer.from(
    stringify(
      cards.map((card) => [card.picture?.url ?? card.first, card.second, card.tag].map(spreadsheetCell)),
      {
        header: true,
        columns: ['side_one', 'side_two', 'tag'],
        bom: true,
        record_delimiter: 'windows',
        // RFC 4180: a field holding a line break is quoted, a lone LF too (csv-stringify quotes only CRLF).
        quoted_match: /[\r\n]/,
      },
    ),
  );

/**
 * Quizlet's import: term TAB definition, one card per line, no quoting. A side's lines are joined with
 * " / " (a line break would start a new card), tabs become spaces, quotes stay as they are (our upload
 * reads such a file back as plain lines). Written as the cards are, without the apostrophe of the CSV:
 * Quizlet imports text, never formulas, and would show the apostrophe on every card starting with `-` or
 * `+` (common in language decks). Quizlet shows text as typed, so formatting is left out (a formula
 * stays as its LaTeX). The file is plain text (.txt), which a spreadsheet opens only through its import
 * wizard, never by a double click.
 */
const flat = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.replace(/[\t\r]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join(' / ');
/** A cloze card's term is its question (the gaps as `[...]`), its definition the answer and the note. */
const quizletTerm = (first: string) => cardPlainText(first, { hideCloze: true });
const quizletDefinition = (card: ExportCard) =>
  !card.picture && clozeNumbers(card.first).length > 0
    ? [clozeAnswer(card.first), cardPlainText(card.second)].filter((text) => text !== '').join('\n')
    : cardPlainText(card.second);
export const toQuizlet = (cards: ExportCard[]): Buffer =>
  Buffer.from(
    cards
      .map(
        (card) => `${flat(card.picture?.url ?? quizletTerm(card.first))}\t${flat(quizletDefinition(card))}\n`,
      )
      .join(''),
  );

// ---------------------------------------------------------------------------------------------------------
// Anki package, older collection format (schema 11: every Anki version imports it)

let sqlJs: Promise<SqlJsStatic> | undefined;
const sqlite = () => {
  sqlJs ??= initSqlJs();
  return sqlJs;
};

const SCHEMA = `
CREATE TABLE col (id integer primary key, crt integer not null, mod integer not null, scm integer not null,
  ver integer not null, dty integer not null, usn integer not null, ls integer not null, conf text not null,
  models text not null, decks text not null, dconf text not null, tags text not null);
CREATE TABLE notes (id integer primary key, guid text not null, mid integer not null, mod integer not null,
  usn integer not null, tags text not null, flds text not null, sfld integer not null, csum integer not null,
  flags integer not null, data text not null);
CREATE TABLE cards (id integer primary key, nid integer not null, did integer not null, ord integer not null,
  mod integer not null, usn integer not null, type integer not null, queue integer not null, due integer not null,
  ivl integer not null, factor integer not null, reps integer not null, lapses integer not null,
  left integer not null, odue integer not null, odid integer not null, flags integer not null, data text not null);
CREATE TABLE revlog (id integer primary key, cid integer not null, usn integer not null, ease integer not null,
  ivl integer not null, lastIvl integer not null, factor integer not null, time integer not null,
  type integer not null);
CREATE TABLE graves (usn integer not null, oid integer not null, type integer not null);
CREATE INDEX ix_notes_usn on notes (usn);
CREATE INDEX ix_cards_usn on cards (usn);
CREATE INDEX ix_revlog_usn on revlog (usn);
CREATE INDEX ix_cards_nid on cards (nid);
CREATE INDEX ix_cards_sched on cards (did, queue, due);
CREATE INDEX ix_revlog_cid on revlog (cid);
CREATE INDEX ix_notes_csum on notes (csum);
`;

const CSS =
  '.card { font-family: arial; font-size: 20px; text-align: center; color: black; background-color: white; }';

/** Anki's two stock note types: Basic (Front, Back) and Cloze (Text, Back Extra; a card per number). */
const model = (kind: 'basic' | 'cloze', id: number, deckId: number, now: number) => ({
  id,
  name: kind === 'basic' ? 'Basic' : 'Cloze',
  type: kind === 'basic' ? 0 : 1,
  mod: now,
  usn: -1,
  sortf: 0,
  did: deckId,
  tmpls: [
    {
      name: kind === 'basic' ? 'Card 1' : 'Cloze',
      ord: 0,
      qfmt: kind === 'basic' ? '{{Front}}' : '{{cloze:Text}}',
      afmt:
        kind === 'basic'
          ? '{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}'
          : '{{cloze:Text}}<br>\n{{Back Extra}}',
      did: null,
      bqfmt: '',
      bafmt: '',
    },
  ],
  flds: (kind === 'basic' ? ['Front', 'Back'] : ['Text', 'Back Extra']).map((name, ord) => ({
    name,
    ord,
    sticky: false,
    rtl: false,
    font: 'Arial',
    size: 20,
    media: [],
  })),
  css: kind === 'basic' ? CSS : `${CSS}\n.cloze { font-weight: bold; color: blue; }`,
  latexPre:
    '\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n' +
    '\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n',
  latexPost: '\\end{document}',
  tags: [],
  vers: [],
  req: [[0, 'all', [0]]],
});

const deck = (id: number, name: string, now: number) => ({
  id,
  name,
  desc: '',
  mod: now,
  usn: -1,
  collapsed: false,
  browserCollapsed: false,
  newToday: [0, 0],
  revToday: [0, 0],
  lrnToday: [0, 0],
  timeToday: [0, 0],
  dyn: 0,
  conf: 1,
  extendNew: 10,
  extendRev: 50,
});

const DECK_CONFIG = {
  1: {
    id: 1,
    name: 'Default',
    mod: 0,
    usn: 0,
    maxTaken: 60,
    autoplay: true,
    timer: 0,
    replayq: true,
    dyn: false,
    new: { delays: [1, 10], ints: [1, 4, 7], initialFactor: 2500, order: 1, perDay: 20, bury: true },
    rev: { perDay: 200, ease4: 1.3, ivlFct: 1, maxIvl: 36500, bury: true, hardFactor: 1.2 },
    lapse: { delays: [10], mult: 0, minInt: 1, leechFails: 8, leechAction: 0 },
  },
};

const TAGS = { strong: 'b', em: 'i', sub: 'sub', sup: 'sup' } as const;
const inlineHtml = (parts: CardInline[]): string =>
  parts
    .map((part) =>
      part.kind === 'text'
        ? escapeUTF8(part.text)
        : part.kind === 'math'
          ? part.display
            ? `\\[${escapeUTF8(part.tex)}\\]`
            : `\\(${escapeUTF8(part.tex)}\\)`
          : part.kind === 'cloze'
            ? `{{c${part.number}::${inlineHtml(part.children)}${part.hint ? `::${escapeUTF8(part.hint)}` : ''}}}`
            : `<${TAGS[part.kind]}>${inlineHtml(part.children)}</${TAGS[part.kind]}>`,
    )
    .join('');

/**
 * A side's card text as the HTML of an Anki field: formatting as tags, lines ended by `<br>`, formulas
 * between MathJax's delimiters (which Anki renders), every text escaped.
 */
export const cardTextToHtml = (text: string) =>
  parseCardText(text)
    .map((block) => {
      if (block.kind === 'math') return `<div>\\[${escapeUTF8(block.tex)}\\]</div>`;
      if (block.kind === 'lines') return block.lines.map(inlineHtml).join('<br>');
      const tag = block.ordered ? 'ol' : 'ul';
      const start = block.ordered && block.start !== 1 ? ` start="${block.start}"` : '';
      return `<${tag}${start}>${block.items.map((item) => `<li>${inlineHtml(item)}</li>`).join('')}</${tag}>`;
    })
    .join('');
/** Anki's tags are separated by spaces. */
const ankiTag = (tag: string) => tag.trim().replace(/\s+/g, '_');
/**
 * A field as Anki sorts and compares it: a picture as its file name between spaces, other tags removed
 * (a `<br>` too), entities decoded, no-break spaces as spaces.
 */
export const ankiPlainText = (html: string) =>
  decodeHTML(
    html
      .replace(
        /<img\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))[^>]*>/gi,
        (_tag, a, b, c) => ` ${a ?? b ?? c} `,
      )
      .replace(/<[^<>]*>/g, ''),
  ).replace(/\u00a0/g, ' ');
/** Anki's checksum of a note's first field: the first 4 bytes of the SHA-1 of its plain text, as a number. */
export const ankiChecksum = (html: string) =>
  createHash('sha1').update(ankiPlainText(html)).digest().readUInt32BE(0);
const guid = () => createHash('sha1').update(randomUUID()).digest('base64').slice(0, 10);

/** A deck of the category's cards, one Basic note each, tags from our tag, pictures as media files. */
export const toApkg = async (deckName: string, cards: ExportCard[], now: Date): Promise<Buffer> => {
  const SQL = await sqlite();
  const db = new SQL.Database();
  try {
    db.run(SCHEMA);
    const seconds = Math.floor(now.getTime() / 1000);
    const millis = now.getTime();
    const deckId = millis;
    const modelId = millis + 1;
    const clozeModelId = millis + 2;
    db.run('INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, ?)', [
      seconds,
      millis,
      millis,
      JSON.stringify({
        nextPos: cards.length + 1,
        curDeck: deckId,
        curModel: modelId,
        activeDecks: [deckId],
      }),
      JSON.stringify({
        [modelId]: model('basic', modelId, deckId, seconds),
        [clozeModelId]: model('cloze', clozeModelId, deckId, seconds),
      }),
      JSON.stringify({ 1: deck(1, 'Default', seconds), [deckId]: deck(deckId, deckName, seconds) }),
      JSON.stringify(DECK_CONFIG),
      '{}',
    ]);

    const media: Record<string, Uint8Array> = {};
    const mediaMap: Record<string, string> = {};
    const note = db.prepare("INSERT INTO notes VALUES (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, '')");
    const card = db.prepare(
      "INSERT INTO cards VALUES (?, ?, ?, ?, ?, -1, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, '')",
    );
    for (const [index, each] of cards.entries()) {
      let front = cardTextToHtml(each.first);
      if (each.picture) {
        const entry = String(Object.keys(media).length);
        const fileName = `picture-${index + 1}.${each.picture.extension}`;
        media[entry] = await each.picture.bytes();
        mediaMap[entry] = fileName;
        front = `<img src="${fileName}">`;
      }
      const noteId = millis + index;
      const tags = each.tag ? ` ${ankiTag(each.tag)} ` : '';
      // A cloze card is a Cloze note of its one number (the card of that number, ordinal number - 1).
      const [clozeNumber] = each.picture ? [] : clozeNumbers(each.first);
      note.run([
        noteId,
        guid(),
        clozeNumber === undefined ? modelId : clozeModelId,
        seconds,
        tags,
        `${front}\x1f${cardTextToHtml(each.second)}`,
        ankiPlainText(front),
        ankiChecksum(front),
      ]);
      card.run([noteId, noteId, deckId, (clozeNumber ?? 1) - 1, seconds, index + 1]);
    }
    note.free();
    card.free();
    const collection = db.export();
    return Buffer.from(
      zipSync({
        'collection.anki2': collection,
        media: new TextEncoder().encode(JSON.stringify(mediaMap)),
        // Pictures are compressed already.
        ...Object.fromEntries(Object.entries(media).map(([name, bytes]) => [name, [bytes, { level: 0 }]])),
      }),
    );
  } finally {
    db.close();
  }
};
