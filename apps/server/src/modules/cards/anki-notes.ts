import { CARD_SIDE_MAX_LENGTH, escapeCardText, escapeFormatting, parseCardText } from '@flashcards/contract';
import { decodeHTML, decodeHTMLStrict } from 'entities';

/**
 * An Anki note type, as far as making cards needs it: its fields' names in order, its card templates by
 * ordinal, and whether it is a cloze type (one card per cloze number, all from its one template).
 */
export type NoteType = {
  cloze: boolean;
  fields: string[];
  templates: Map<number, { question: string; answer: string }>;
};

/**
 * A card of a note as Anki shows it: the HTML of its question and of its answer (without the question).
 * A cloze card's question keeps its deletions marked (`clozeCardText`), and its answer is the rest.
 */
export type RenderedCard = { question: string; answer: string; cloze: number | null };

// A package is untrusted input: every pattern below costs time in proportion to the text it reads (no
// pattern can rescan the rest of the text from each of many unclosed openings), and rendering stops at
// a bound on what it writes.

// ---------------------------------------------------------------------------------------------------------
// HTML to card text

const SOUND = /\[sound:[^[\]]*\]/g;
const TAG = /<(\/?)([a-z][a-z0-9]*)\b[^<>]*>|<[^<>]*>/gi;
/** Where a block starts or ends (Anki's own text conversion ends a line there). */
const BLOCKS = new Set(['div', 'p', 'tr', 'table', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre']);
// Characters of the private use area mark a block's edge and formatting while the lines are worked out.
const BLOCK_EDGE = '\ue010';
const MARKS: Record<string, string> = {
  b: '\ue011',
  strong: '\ue011',
  i: '\ue012',
  em: '\ue012',
  sub: '\ue013',
  sup: '\ue014',
};
const MARKUP: Record<string, string> = { '\ue011': '**', '\ue012': '*', '\ue013': '~', '\ue014': '^' };
const LIST_ITEM = '\ue015';
const PAIRED_MARK = /([\ue011-\ue014])([^\ue011-\ue014\n]*?)\1/g;
/** The openers of MathJax's delimiters, which Anki uses: `\(…\)` in a line, `\[…\]` on its own. */
const MATH_OPENING = /\\[([]/;

/** The HTML without `<style>` and `<script>` elements (an unclosed one runs to the end). */
const withoutHidden = (html: string) => {
  const lower = html.toLowerCase();
  let out = '';
  let at = 0;
  for (;;) {
    const style = lower.indexOf('<style', at);
    const script = lower.indexOf('<script', at);
    const start = style < 0 ? script : script < 0 ? style : Math.min(style, script);
    if (start < 0) return out + html.slice(at);
    out += html.slice(at, start);
    const name = start === style ? 'style' : 'script';
    const end = lower.indexOf(`</${name}`, start);
    if (end < 0) return out;
    const close = lower.indexOf('>', end);
    if (close < 0) return out;
    at = close + 1;
  }
};

/**
 * MathJax's formulas in a text, `\\(…\\)` and `\\[…\\]`, in one pass: a closer looked for in vain is not
 * looked for again, so many openers without one cost one search.
 */
const formulasOf = (text: string) => {
  const found: { start: number; end: number; tex: string; display: boolean }[] = [];
  const missing = new Set<string>();
  const opening = new RegExp(MATH_OPENING, 'g');
  for (let match = opening.exec(text); match; match = opening.exec(text)) {
    const open = match.index;
    const display = text[open + 1] === '[';
    const closer = display ? '\\]' : '\\)';
    const close = missing.has(closer) ? -1 : text.indexOf(closer, open + 2);
    if (close < 0) missing.add(closer);
    else {
      found.push({ start: open, end: close + 2, tex: text.slice(open + 2, close).trim(), display });
      opening.lastIndex = close + 2;
    }
  }
  return found;
};

/** A text's run between tags as card text: entities decoded, formulas in our delimiters, the rest escaped. */
const textRun = (raw: string, escapeText: (text: string) => string, decode: (html: string) => string) => {
  const text = decode(raw).replace(/\u00a0/g, ' ');
  let out = '';
  let at = 0;
  for (const formula of formulasOf(text)) {
    out += escapeText(text.slice(at, formula.start));
    out += formula.tex ? (formula.display ? `$$${formula.tex}$$` : `$${formula.tex}$`) : '';
    at = formula.end;
  }
  return out + escapeText(text.slice(at));
};

/** Lines tidied as Anki tidies them: spaces collapsed, no blank line at the ends or twice in a row. */
const tidyLines = (flat: string) => {
  const lines: string[] = [];
  let line = '';
  for (const part of flat.split(/([\n\ue010])/)) {
    if (part === '\n' || (part === BLOCK_EDGE && line.trim() !== '')) {
      lines.push(line);
      line = '';
    } else if (part !== BLOCK_EDGE) line += part;
  }
  lines.push(line);
  return lines
    .map((text) =>
      text
        .replace(/[ \t]+/g, ' ')
        .trim()
        // Spaces move out of formatting (`** a **` would not be bold), empty formatting goes.
        .replace(PAIRED_MARK, (_all, mark: string, inner: string) => {
          const trimmed = inner.trim();
          const around = (edge: string) => (edge === '' ? '' : ' ');
          if (trimmed === '') return around(inner);
          return `${around(inner.slice(0, inner.length - inner.trimStart().length))}${MARKUP[mark]}${trimmed}${MARKUP[mark]}${around(inner.slice(inner.trimEnd().length))}`;
        })
        .replace(/[\ue011-\ue014]/g, '')
        .replace(/ {2,}/g, ' ')
        .trim(),
    )
    .filter((text, index, all) => text !== '' || (index > 0 && all[index - 1] !== ''))
    .join('\n')
    .trim();
};

const convert = (html: string, escapeText: (text: string) => string, decode: (html: string) => string) => {
  const source = withoutHidden(html)
    .replace(SOUND, '')
    .replace(/[\r\n]+/g, ' ');
  const lists: { ordered: boolean; count: number }[] = [];
  let flat = '';
  let at = 0;
  for (const match of source.matchAll(TAG)) {
    flat += textRun(source.slice(at, match.index), escapeText, decode);
    at = match.index + match[0].length;
    const closing = match[1] === '/';
    const name = match[2]?.toLowerCase() ?? '';
    if (name === 'br') flat += '\n';
    else if (BLOCKS.has(name)) flat += BLOCK_EDGE;
    else if (name === 'ul' || name === 'ol') {
      if (closing) lists.pop();
      else {
        const start = name === 'ol' ? Number(/\bstart\s*=\s*["']?(\d{1,9})/i.exec(match[0])?.[1] ?? 1) : 1;
        lists.push({ ordered: name === 'ol', count: start - 1 });
      }
      flat += BLOCK_EDGE;
    } else if (name === 'li') {
      flat += BLOCK_EDGE;
      if (!closing) {
        const list = lists.at(-1);
        flat += `${LIST_ITEM}${list?.ordered ? `${++list.count}.` : '-'} `;
      }
    } else if (name === 'td' || name === 'th') flat += closing ? ' ' : '';
    else if (MARKS[name]) flat += MARKS[name];
  }
  flat += textRun(source.slice(at), escapeText, decode);
  return tidyLines(flat).replaceAll(LIST_ITEM, '');
};

/**
 * A field's or a card side's HTML as card text (card-text.ts in the contract), as Anki shows it: `<br>`
 * ends a line, and so does the start or end of a block when the line has text (`a<div>b</div>` is "a"
 * and "b" on two lines, `<div>a<br></div>` one line); the HTML's own line breaks are spaces. Bold,
 * italic, sub- and superscript, lists and MathJax formulas keep their meaning; other tags are removed,
 * entities decoded, sounds dropped, spaces and blank lines tidied. Characters of the text that would
 * read as formatting are escaped: only where they would, unless that changes how the side reads.
 */
export const htmlToCardText = (html: string, { strictEntities = false } = {}): string => {
  // Strict: only entities ended by `;` (a text file's `&copy 2024` stays as it is); a field as browsers read it.
  const decode = strictEntities ? decodeHTMLStrict : decodeHTML;
  const careful = convert(html, escapeFormatting, decode);
  // Nothing was escaped (every escape writes a backslash); or the side is too long to be a card anyway,
  // however it is escaped (each escape is one character more), and not worth reading twice.
  if (!careful.includes('\\') || careful.length > 2 * CARD_SIDE_MAX_LENGTH) return careful;
  const light = convert(html, escapeCardText, decode);
  const reading = (text: string) => JSON.stringify(parseCardText(text));
  return light === careful || reading(light) === reading(careful) ? light : careful;
};

/** What a side holds besides text, to say why a side without text cannot become a card. */
export const hasSound = (html: string) => /\[sound:[^[\]]+\]/.test(html);
export const hasPicture = (html: string) => /<img\b/i.test(html);

// ---------------------------------------------------------------------------------------------------------
// Cloze deletions: {{c1::answer}} and {{c1::answer::hint}}

type Deletion = { start: number; end: number; number: number; answer: string; hint: string | undefined };

/** The field's cloze deletions in order, read in one pass (an opening never closed ends the reading). */
const deletions = (html: string): Deletion[] => {
  const found: Deletion[] = [];
  const opening = /\{\{c(\d{1,4})::/g;
  for (let match = opening.exec(html); match; match = opening.exec(html)) {
    const end = html.indexOf('}}', opening.lastIndex);
    if (end < 0) break;
    const body = html.slice(opening.lastIndex, end);
    const split = body.indexOf('::');
    found.push({
      start: match.index,
      end: end + 2,
      number: Number(match[1]),
      answer: split < 0 ? body : body.slice(0, split),
      hint: split < 0 ? undefined : body.slice(split + 2),
    });
    opening.lastIndex = end + 2;
  }
  return found;
};

const replaceDeletions = (html: string, show: (deletion: Deletion) => string) => {
  let out = '';
  let at = 0;
  for (const deletion of deletions(html)) {
    out += html.slice(at, deletion.start) + show(deletion);
    at = deletion.end;
  }
  return out + html.slice(at);
};

/** The cloze numbers a field uses, in order. */
export const clozeNumbers = (html: string): number[] =>
  [...new Set(deletions(html).map((deletion) => deletion.number))].sort((a, b) => a - b);

/** A cloze field with its deletions shown, as the answer shows them. */
export const clozeText = (html: string) => replaceDeletions(html, (deletion) => deletion.answer);

// A deletion kept for card text, marked while its HTML becomes text: the marks are characters of the
// private use area, which the conversion leaves as they are.
const CLOZE_START = '\ue020';
const CLOZE_HINT = '\ue021';
const CLOZE_END = '\ue022';
const MARKED_DELETION = /\ue020([^\ue020-\ue022]*)\ue021([^\ue020-\ue022]*)\ue022/g;

/**
 * A cloze field for card `number` on the question: its own deletions kept (marked), the other numbers'
 * shown as their answers. The answer side leaves the field out: the card's question holds it whole.
 */
const renderCloze = (html: string, number: number, side: 'question' | 'answer') =>
  side === 'answer'
    ? ''
    : replaceDeletions(html, (deletion) =>
        deletion.number === number
          ? `${CLOZE_START}${deletion.answer}${CLOZE_HINT}${deletion.hint?.trim() ?? ''}${CLOZE_END}`
          : deletion.answer,
      );

/**
 * A cloze card's question, converted to card text, with its marked deletions written as card text's
 * `{{cN::answer}}` or `{{cN::answer::hint}}`; marks left unpaired are dropped.
 */
export const clozeCardText = (text: string, number: number) =>
  text
    .replace(MARKED_DELETION, (_all, answer: string, hint: string) =>
      answer.trim() === ''
        ? answer
        : `{{c${number}::${answer.trim()}${hint.trim() ? `::${hint.trim()}` : ''}}}`,
    )
    .replace(/[\ue020-\ue022]/g, '')
    .split('\n')
    .map((line) => line.replace(/ {2,}/g, ' ').trim())
    .join('\n');

// ---------------------------------------------------------------------------------------------------------
// Templates

type Node =
  | { kind: 'text'; text: string }
  | { kind: 'field'; filters: string[]; name: string }
  | { kind: 'section'; negated: boolean; name: string; children: Node[] };

/** Sections nested deeper than this are read as text: no real template comes near it. */
const MAX_DEPTH = 20;

/**
 * Anki's template language as a tree: `{{Field}}`, `{{filter:Field}}`, `{{#Field}}…{{/Field}}` and
 * `{{^Field}}…{{/Field}}`, read in one pass.
 */
const parse = (template: string): Node[] => {
  const root: Node[] = [];
  const stack: { name: string; children: Node[] }[] = [{ name: '', children: root }];
  const children = () => stack[stack.length - 1]!.children;
  let at = 0;
  for (;;) {
    const open = template.indexOf('{{', at);
    const close = open < 0 ? -1 : template.indexOf('}}', open + 2);
    if (close < 0) {
      if (at < template.length) children().push({ kind: 'text', text: template.slice(at) });
      return root;
    }
    if (open > at) children().push({ kind: 'text', text: template.slice(at, open) });
    at = close + 2;
    const tag = template.slice(open + 2, close).trim();
    if ((tag.startsWith('#') || tag.startsWith('^')) && stack.length <= MAX_DEPTH) {
      const section: Node = {
        kind: 'section',
        negated: tag[0] === '^',
        name: tag.slice(1).trim(),
        children: [],
      };
      children().push(section);
      stack.push({ name: section.name, children: section.children });
    } else if (tag.startsWith('/')) {
      // A closing tag that opens nothing is dropped, as Anki shows such a card anyway.
      if (stack.length > 1 && stack[stack.length - 1]!.name === tag.slice(1).trim()) stack.pop();
    } else if (!tag.startsWith('#') && !tag.startsWith('^')) {
      const parts = tag.split(':');
      children().push({ kind: 'field', name: parts.pop()!.trim(), filters: parts.map((f) => f.trim()) });
    }
  }
};

/** Each template is parsed once per package, however many notes use it. */
const parsed = new WeakMap<NoteType, Map<string, Node[]>>();
const parseOf = (type: NoteType, template: string) => {
  const cache = parsed.get(type) ?? new Map<string, Node[]>();
  parsed.set(type, cache);
  const nodes = cache.get(template) ?? parse(template);
  cache.set(template, nodes);
  return nodes;
};

/** A field counts as empty when it has no text, picture or sound (Anki's test for sections and cards). */
const isEmpty = (html: string | undefined) =>
  html === undefined || (htmlToCardText(html) === '' && !hasPicture(html) && !hasSound(html));

/** Fields Anki fills itself; a card's text needs none of them. */
const SPECIAL = new Set(['Tags', 'Type', 'Deck', 'Subdeck', 'Card', 'CardFlag', 'CardID']);

/** Marks where the question is shown inside an answer, so that the answer can be cut after it. */
const FRONT_SIDE = '\ue001';

/**
 * At most this many characters of HTML a side renders to: a template repeating a long field thousands of
 * times stops here, and the card is too long.
 */
export const MAX_RENDERED = 256 * 1024;
export class RenderedTooLong extends Error {}

type Context = {
  side: 'question' | 'answer';
  clozeNumber: number | null;
  /** Whether each field is empty, worked out once per card. */
  empty: Map<string, boolean>;
};

const renderNodes = (nodes: Node[], fields: Map<string, string>, context: Context): string => {
  let out = '';
  for (const node of nodes) {
    out += renderNode(node, fields, context);
    if (out.length > MAX_RENDERED) throw new RenderedTooLong();
  }
  return out;
};

const renderNode = (node: Node, fields: Map<string, string>, context: Context): string => {
  if (node.kind === 'text') return node.text;
  if (node.kind === 'section') {
    const empty = context.empty.get(node.name) ?? isEmpty(fields.get(node.name));
    context.empty.set(node.name, empty);
    const shown = empty === node.negated;
    return shown ? renderNodes(node.children, fields, context) : '';
  }
  if (node.name === 'FrontSide') return FRONT_SIDE;
  if (SPECIAL.has(node.name)) return '';
  const value = fields.get(node.name) ?? '';
  const filters = node.filters.map((filter) => filter.split(' ')[0]!);
  // Hints and speech are what the reviewer adds around a side, not its text.
  if (filters.includes('hint') || filters.includes('tts')) return '';
  if (filters.includes('cloze')) {
    // A typed cloze repeats the deletion the side already shows.
    if (filters.includes('type') || context.clozeNumber === null) return '';
    return renderCloze(value, context.clozeNumber, context.side);
  }
  // A typed answer is a box on the question and the right answer on the answer.
  if (filters.includes('type')) return context.side === 'question' ? '' : value;
  return value;
};

const ANSWER_RULE = /<hr\b[^<>]*\bid\s*=\s*["']?answer\b[^<>]*>/i;

/**
 * A card of a note by its template: the question as its template shows it, and the answer without the
 * question it repeats (what follows `<hr id=answer>`, where Anki scrolls to, or else the answer with the
 * question taken out). `ord` is the template's ordinal, or the cloze number less one for a cloze type.
 * Throws `RenderedTooLong` past `MAX_RENDERED`.
 */
export const renderCard = (type: NoteType, values: string[], ord: number): RenderedCard | undefined => {
  const template = type.templates.get(type.cloze ? 0 : ord);
  if (!template) return undefined;
  const fields = new Map(type.fields.map((name, index) => [name, values[index] ?? '']));
  const clozeNumber = type.cloze ? ord + 1 : null;
  const empty = new Map<string, boolean>();
  const question = renderNodes(parseOf(type, template.question), fields, {
    side: 'question',
    clozeNumber,
    empty,
  });
  const answer = renderNodes(parseOf(type, template.answer), fields, { side: 'answer', clozeNumber, empty });
  const rule = ANSWER_RULE.exec(answer);
  return {
    question: question.replaceAll(FRONT_SIDE, ''),
    answer: (rule ? answer.slice(rule.index + rule[0].length) : answer).replaceAll(FRONT_SIDE, ''),
    cloze: clozeNumber,
  };
};
