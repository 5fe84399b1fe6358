/**
 * The catalog's search: a light stemmer of our own for Bulgarian words (PostgreSQL has no Bulgarian
 * dictionary) and the words of a search. English words are left to PostgreSQL's 'english' configuration.
 */

/** Endings cut from a Bulgarian word, longest first: definite articles, plurals, adjective endings. */
const ENDINGS = [
  'ищата',
  'етата',
  'ета',
  'овете',
  'евете',
  'ията',
  'ища',
  'ове',
  'еве',
  'ите',
  'ата',
  'ото',
  'ето',
  'ият',
  'ия',
  'ът',
  'ят',
  'та',
  'то',
  'те',
  'а',
  'я',
  'о',
  'е',
  'и',
  'й',
  'ъ',
].sort((a, b) => b.length - a.length);

/** Shorter stems are left whole: cutting them would join unrelated words. */
const MIN_STEM = 2;

const CYRILLIC = /\p{Script=Cyrillic}/u;
const WORD = /[\p{L}\p{N}]+/gu;

const isCyrillic = (word: string) => CYRILLIC.test(word);

/** The stem of a Bulgarian word: "котката", "котки", "котките" and "котка" all give "котк". */
export const bulgarianStem = (word: string): string => {
  const lower = word.toLowerCase();
  for (const ending of ENDINGS)
    if (lower.endsWith(ending) && lower.length - ending.length >= MIN_STEM)
      return lower.slice(0, -ending.length);
  return lower;
};

/** The words of a text, in order. */
export const wordsOf = (text: string): string[] => text.match(WORD) ?? [];

/** The stems of the Cyrillic words of a text, space-separated (for `to_tsvector('simple', ...)`). */
export const bulgarianStems = (text: string): string =>
  wordsOf(text).filter(isCyrillic).map(bulgarianStem).join(' ');

/** At most this many words of a search count. */
const MAX_SEARCH_WORDS = 8;

/** The words of a search, each with the stem to look for when it is Bulgarian. */
export const searchTerms = (search: string) =>
  wordsOf(search)
    .slice(0, MAX_SEARCH_WORDS)
    .map((word) => ({ word: word.toLowerCase(), stem: isCyrillic(word) ? bulgarianStem(word) : null }));
