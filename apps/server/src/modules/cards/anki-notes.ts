import { decodeHTML } from 'entities';

/**
 * An Anki note type, as far as making cards needs it: its fields' names in order, its card templates by
 * ordinal, and whether it is a cloze type (one card per cloze number, all from its one template).
 */
export type NoteType = {
  cloze: boolean;
  fields: string[];
  templates: Map<number, { question: string; answer: string }>;
};

/** A card of a note as Anki shows it: the HTML of its question and of its answer (without the question). */
export type RenderedCard = { question: string; answer: string };

// ---------------------------------------------------------------------------------------------------------
// HTML to text

const SOUND = /\[sound:[^\]]*\]/g;
const LINE_BREAK = /<br\s*\/?>/gi;
/** Where a block starts or ends, a line ends (Anki's own text conversion); several in a row end one. */
const BLOCK = /<\/?(?:div|p|li|ul|ol|tr|table|h[1-6]|blockquote|pre)\b[^>]*>/gi;
// A character of the private use area marks a block's edge while lines are worked out.
const BLOCK_MARK = '\ue000';
const BLOCK_RUN = /\s*(?:\ue000\s*)+/g;
const CELL_END = /<\/t[dh]\s*>/gi;
const TAG = /<[^<>]*>/g;
const HIDDEN = /<(style|script)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;

/**
 * A field's or a card side's text as Anki shows it: `<br>` a line break and the start or end of blocks
 * the end of a line (`a<div>b</div>` is "a" and "b" on two lines), while the HTML's own line breaks are
 * spaces; tags removed, entities decoded, sounds dropped, spaces and blank lines tidied.
 */
export const htmlToText = (html: string): string =>
  decodeHTML(
    html
      .replace(HIDDEN, '')
      .replace(SOUND, '')
      .replace(/[\r\n]+/g, ' ')
      .replace(BLOCK, BLOCK_MARK)
      .replace(LINE_BREAK, '\n')
      .replace(BLOCK_RUN, '\n')
      .replace(CELL_END, ' ')
      .replace(TAG, ''),
  )
    .replace(/\u00a0/g, ' ')
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .filter((line, index, lines) => line !== '' || (index > 0 && lines[index - 1] !== ''))
    .join('\n')
    .trim();

/** What a side holds besides text, to say why a side without text cannot become a card. */
export const hasSound = (html: string) => /\[sound:[^\]]+\]/.test(html);
export const hasPicture = (html: string) => /<img\b/i.test(html);

// ---------------------------------------------------------------------------------------------------------
// Cloze deletions: {{c1::answer}} and {{c1::answer::hint}}

const CLOZE = /\{\{c(\d+)::([\s\S]*?)(?:::([\s\S]*?))?\}\}/g;

/** The cloze numbers a field uses, in order. */
export const clozeNumbers = (html: string): number[] =>
  [...new Set([...html.matchAll(CLOZE)].map((match) => Number(match[1])))].sort((a, b) => a - b);

/**
 * A cloze field for card `number`: its deletions hidden as `[...]` (or `[hint]`) on the question, shown on
 * the answer; the other numbers' deletions always shown.
 */
const renderCloze = (html: string, number: number, side: 'question' | 'answer') =>
  html.replace(CLOZE, (_whole, n: string, answer: string, hint: string | undefined) =>
    Number(n) === number && side === 'question' ? `[${hint?.trim() || '...'}]` : answer,
  );

// ---------------------------------------------------------------------------------------------------------
// Templates

type Node =
  | { kind: 'text'; text: string }
  | { kind: 'field'; filters: string[]; name: string }
  | { kind: 'section'; negated: boolean; name: string; children: Node[] };

/** Anki's template language as a tree: `{{Field}}`, `{{filter:Field}}`, `{{#Field}}…{{/Field}}`, `{{^Field}}…`. */
const parse = (template: string): Node[] => {
  const root: Node[] = [];
  const stack: { name: string; children: Node[] }[] = [{ name: '', children: root }];
  const tokens = /\{\{([\s\S]*?)\}\}/g;
  let last = 0;
  for (const match of template.matchAll(tokens)) {
    const current = stack[stack.length - 1]!;
    if (match.index > last) current.children.push({ kind: 'text', text: template.slice(last, match.index) });
    last = match.index + match[0].length;
    const tag = match[1]!.trim();
    if (tag.startsWith('#') || tag.startsWith('^')) {
      const section: Node = {
        kind: 'section',
        negated: tag[0] === '^',
        name: tag.slice(1).trim(),
        children: [],
      };
      current.children.push(section);
      stack.push({ name: section.name, children: section.children });
    } else if (tag.startsWith('/')) {
      // A closing tag that opens nothing is ignored, as Anki shows such a card anyway.
      if (stack.length > 1 && stack[stack.length - 1]!.name === tag.slice(1).trim()) stack.pop();
    } else {
      const parts = tag.split(':');
      current.children.push({
        kind: 'field',
        name: parts.pop()!.trim(),
        filters: parts.map((f) => f.trim()),
      });
    }
  }
  if (last < template.length)
    stack[stack.length - 1]!.children.push({ kind: 'text', text: template.slice(last) });
  return root;
};

/** A field counts as empty when it has no text, picture or sound (Anki's test for sections and cards). */
const isEmpty = (html: string | undefined) =>
  html === undefined || (htmlToText(html) === '' && !hasPicture(html) && !hasSound(html));

/** Fields Anki fills itself; a card's text needs none of them. */
const SPECIAL = new Set(['Tags', 'Type', 'Deck', 'Subdeck', 'Card', 'CardFlag', 'CardID']);

/** Marks where the question is shown inside an answer, so that the answer can be cut after it. */
const FRONT_SIDE = '\u0000front-side\u0000';

type Context = { side: 'question' | 'answer'; clozeNumber: number | null };

const renderNodes = (nodes: Node[], fields: Map<string, string>, context: Context): string =>
  nodes
    .map((node) => {
      if (node.kind === 'text') return node.text;
      if (node.kind === 'section') {
        const shown = isEmpty(fields.get(node.name)) === node.negated;
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
    })
    .join('');

const ANSWER_RULE = /<hr\b[^>]*\bid\s*=\s*["']?answer\b[^>]*>/i;

/**
 * A card of a note by its template: the question as its template shows it, and the answer without the
 * question it repeats (what follows `<hr id=answer>`, where Anki scrolls to, or else the answer with the
 * question taken out). `ord` is the template's ordinal, or the cloze number less one for a cloze type.
 */
export const renderCard = (type: NoteType, values: string[], ord: number): RenderedCard | undefined => {
  const template = type.templates.get(type.cloze ? 0 : ord);
  if (!template) return undefined;
  const fields = new Map(type.fields.map((name, index) => [name, values[index] ?? '']));
  const clozeNumber = type.cloze ? ord + 1 : null;
  const question = renderNodes(parse(template.question), fields, { side: 'question', clozeNumber });
  const answer = renderNodes(parse(template.answer), fields, { side: 'answer', clozeNumber });
  const rule = ANSWER_RULE.exec(answer);
  return {
    question: question.replaceAll(FRONT_SIDE, ''),
    answer: (rule ? answer.slice(rule.index + rule[0].length) : answer).replaceAll(FRONT_SIDE, ''),
  };
};

/** A cloze field with its deletions shown, as the answer shows them. */
export const clozeText = (html: string) => html.replace(CLOZE, (_whole, _n, answer: string) => answer);
