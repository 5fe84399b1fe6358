/**
 * The word filter of live games' nicknames (docs/live.md "Moderation"), in English and Bulgarian, Bulgarian
 * also as it is typed in Latin letters. A nickname is read the ways people disguise a word: letters
 * of the other alphabet that look the same, digits and signs for letters, spaces, dots and repeated
 * letters between them. Roots are found anywhere in the letters; short words only as whole words, so
 * "Hancock", "Class" and "Гребане" pass. The host can still remove a player the filter let through.
 */

/** Found anywhere in the nickname's letters. */
const ROOTS = [
  // English
  'fuck',
  'shit',
  'cunt',
  'bitch',
  'whore',
  'slut',
  'nigg',
  'fagg',
  'pussy',
  'asshole',
  'bastard',
  'penis',
  'vagina',
  'porn',
  'hitler',
  'retard',
  'wank',
  'twat',
  'dildo',
  'blowjob',
  // Bulgarian
  'путк',
  'курв',
  'курец',
  'хуй',
  'шибан',
  'педераст',
  'копеле',
  'духач',
  'еблан',
  'мамкати',
  'майкати',
  'лайна',
  // Bulgarian in Latin letters
  'putk',
  'kurv',
  'kurec',
  'kurets',
  'shiban',
  'pederast',
  'kopele',
  'duhach',
  'mamkati',
  'maikati',
] as const;

/** Found only as a word of their own. */
const WORDS = new Set([
  'fag',
  'fuk',
  'dick',
  'cock',
  'cum',
  'sex',
  'tits',
  'nazi',
  'rape',
  'ass',
  'кур',
  'гъз',
  'педал',
  'лайно',
  'секс',
  'пишка',
  'еба',
  'ебан',
  'ебе',
  'духай',
  'kur',
  'huy',
  'hui',
  'laino',
  'eba',
  'duhai',
]);

/** Signs and digits written for letters. */
const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
};
/** Cyrillic letters that look like Latin ones, and the other way round. */
const CYRILLIC_TO_LATIN: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  и: 'u',
};
const LATIN_TO_CYRILLIC: Record<string, string> = Object.fromEntries(
  Object.entries(CYRILLIC_TO_LATIN).map(([cyrillic, latin]) => [latin, cyrillic]),
);

/** Lower case, without accents, signs read as letters; a number standing alone stays a number ("Player 455"). */
const lettersOf = (text: string, alphabet: Record<string, string>) =>
  [
    ...text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/(?<![\p{L}\d])\d+(?![\p{L}\d])/gu, ' '),
  ]
    .map((character) => LEET[character] ?? character)
    .map((character) => alphabet[character] ?? character)
    .join('');

/** Each run of a letter as one ("fuuuck" is "fuck"). */
const single = (text: string) => text.replace(/(\p{L})\1+/gu, '$1');
const squeeze = (text: string) => text.replace(/[^\p{L}]/gu, '');
const wordsOf = (text: string) => text.split(/[^\p{L}]+/u).filter(Boolean);

// The lists are compared in the same form as a nickname: without accents (й is и), single letters. A
// word with a double letter is compared as it is written, so "ass" does not refuse "as".
const roots = ROOTS.map((root) => single(lettersOf(root, {})));
const exactWords = new Set([...WORDS].map((word) => lettersOf(word, {})));
const singleWords = new Set([...exactWords].filter((word) => single(word) === word));

/** Whether a nickname holds a word the game does not allow. */
export const isRudeNickname = (nickname: string) =>
  [CYRILLIC_TO_LATIN, LATIN_TO_CYRILLIC, {}].some((alphabet) => {
    const letters = lettersOf(nickname, alphabet);
    const squeezed = single(squeeze(letters));
    return (
      roots.some((root) => squeezed.includes(root)) ||
      wordsOf(letters).some((word) => exactWords.has(word) || singleWords.has(single(word)))
    );
  });
