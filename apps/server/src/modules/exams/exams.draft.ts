import {
  ANSWER_MAX_LENGTH,
  type AnswerKey,
  DRAFT_CARDS_PER_QUESTION,
  type DraftKind,
  type DraftKinds,
  type DraftQuestion,
  QUESTION_TEXT_MAX_LENGTH,
  SHORT_ANSWER_MAX_LENGTH,
} from '@flashcards/contract';

/** A card as a draft reads it. */
export type DraftCard = { id: number; front: string; back: string; tag: string };

const LETTERS: AnswerKey[] = ['a', 'b', 'c', 'd'];

/** A small seeded generator (mulberry32): the same seed gives the same draft on every server. */
export const seededRandom = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
};

const shuffled = <T>(items: readonly T[], random: () => number) => {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
};

/** Answers are told apart as a student reads them: case and surrounding spaces do not count. */
const answerKey = (text: string) => text.trim().toLocaleLowerCase();

/** Cards that can become a question: both sides given, and short enough for a question and an answer. */
export const usableCards = (cards: DraftCard[]) =>
  cards
    .map((card) => ({ ...card, front: card.front.trim(), back: card.back.trim() }))
    .filter(
      (card) =>
        card.front !== '' &&
        card.back !== '' &&
        card.front.length <= QUESTION_TEXT_MAX_LENGTH &&
        card.back.length <= ANSWER_MAX_LENGTH,
    );

/** How many different answers (case ignored) the cards give. */
export const distinctAnswers = (cards: DraftCard[]) =>
  new Set(cards.map((card) => answerKey(card.back))).size;

/** The answers of the pool, each once (case ignored), as the first card with it writes it. */
const answersOf = (pool: DraftCard[]) => {
  const answers = new Map<string, string>();
  for (const card of pool)
    if (!answers.has(answerKey(card.back))) answers.set(answerKey(card.back), card.back);
  return answers;
};

/** The statement of a true/false question: a card's front with an answer. */
const statement = (front: string, back: string) => `${front} - ${back}`;

/** Which cards may become a question of each kind: its texts must fit the fields the kind saves. */
const fits: Record<DraftKind, (card: DraftCard) => boolean> = {
  single: () => true,
  true_false: (card) => statement(card.front, card.back).length <= QUESTION_TEXT_MAX_LENGTH,
  short_text: (card) => card.back.length <= SHORT_ANSWER_MAX_LENGTH,
  matching: (card) =>
    card.front.length <= SHORT_ANSWER_MAX_LENGTH && card.back.length <= SHORT_ANSWER_MAX_LENGTH,
};

/**
 * Single-choice questions from cards (docs/api.md "Tests from cards"): each card's front the question
 * and its back the right answer; up to three other answers drawn from the backs of `pool` (the whole
 * category), each different from the right answer and from the others, case ignored. The right answer
 * goes to the letter used least so far among the question's answers, so its places are spread evenly.
 */
export const draftSingle = (cards: DraftCard[], pool: DraftCard[], random: () => number): DraftQuestion[] => {
  const answers = answersOf(pool);
  const used = [0, 0, 0, 0];
  return cards.map((card) => {
    const right = answerKey(card.back);
    const others = shuffled(
      [...answers].filter(([key]) => key !== right).map(([, text]) => text),
      random,
    ).slice(0, 3);
    const size = others.length + 1;
    const least = Math.min(...used.slice(0, size));
    const places = used
      .slice(0, size)
      .map((times, place) => ({ times, place }))
      .filter((entry) => entry.times === least);
    const place = places[Math.floor(random() * places.length)]!.place;
    used[place]! += 1;
    const texts = [...others];
    texts.splice(place, 0, card.back);
    return {
      kind: 'single' as const,
      card: card.id,
      question_text: card.front,
      answer_a: texts[0]!,
      answer_b: texts[1]!,
      answer_c: texts[2] ?? '',
      answer_d: texts[3] ?? '',
      correct_answer: LETTERS[place]!,
      score_value: 1,
    };
  });
};

/**
 * True/false statements "front - back": half of them (the odd one either way) with the card's own back
 * and true, the others with the back of another card of `pool` (a different answer, case ignored) and
 * false. A false statement whose texts would not fit a question stays true.
 */
export const draftTrueFalse = (
  cards: DraftCard[],
  pool: DraftCard[],
  random: () => number,
): DraftQuestion[] => {
  const answers = [...answersOf(pool)];
  const trues = Math.floor(cards.length / 2) + (cards.length % 2 === 1 && random() < 0.5 ? 1 : 0);
  const truths = shuffled(
    cards.map((_, index) => index < trues),
    random,
  );
  return cards.map((card, index) => {
    const right = answerKey(card.back);
    const wrongs = answers.filter(
      ([key, text]) => key !== right && statement(card.front, text).length <= QUESTION_TEXT_MAX_LENGTH,
    );
    const wrong =
      truths[index] || wrongs.length === 0 ? null : wrongs[Math.floor(random() * wrongs.length)]![1];
    return {
      kind: 'true_false' as const,
      card: card.id,
      question_text: statement(card.front, wrong ?? card.back),
      settings: { kind: 'true_false' as const, correct: wrong === null },
      score_value: 1,
    };
  });
};

/** Typed answers: the front asks, the back is the accepted answer, compared with the usual defaults. */
export const draftShortText = (cards: DraftCard[]): DraftQuestion[] =>
  cards.map((card) => ({
    kind: 'short_text' as const,
    card: card.id,
    question_text: card.front,
    settings: {
      kind: 'short_text' as const,
      accepted: [card.back],
      ignore_case: true,
      ignore_spaces: true,
      ignore_diacritics: false,
    },
    score_value: 1,
  }));

/** Matching questions of four cards each: fronts on the left, backs on the right; the category names it. */
export const draftMatching = (groups: DraftCard[][], title: string): DraftQuestion[] =>
  groups.map((group) => ({
    kind: 'matching' as const,
    card: group[0]!.id,
    cards: group.map((card) => card.id),
    question_text: title,
    settings: {
      kind: 'matching' as const,
      pairs: group.map((card) => ({ left: card.front, right: card.back })),
    },
    score_value: 1,
  }));

/**
 * The cards of each kind's questions, each card at most once in the draft: drawn at random from
 * `cards`, the kinds with the narrowest choice first (matching needs four cards of different answers
 * and short texts, short texts a short answer). Null for a kind that found too few.
 */
const dealCards = (cards: DraftCard[], kinds: DraftKinds, random: () => number) => {
  let left = shuffled(cards, random);
  const take = (kind: DraftKind, count: number) => {
    const taken = left.filter(fits[kind]).slice(0, count);
    left = left.filter((card) => !taken.includes(card));
    return taken.length === count ? taken : null;
  };
  const groups: DraftCard[][] = [];
  for (let i = 0; i < kinds.matching; i++) {
    const group: DraftCard[] = [];
    for (const card of left)
      if (
        group.length < 4 &&
        fits.matching(card) &&
        group.every((other) => answerKey(other.back) !== answerKey(card.back))
      )
        group.push(card);
    if (group.length < 4) return null;
    left = left.filter((card) => !group.includes(card));
    groups.push(group);
  }
  const shortText = take('short_text', kinds.short_text);
  const trueFalse = take('true_false', kinds.true_false);
  const single = take('single', kinds.single);
  if (!shortText || !trueFalse || !single) return null;
  return { single, trueFalse, shortText, groups };
};

/** The cards the counts of a draft need, each card used once. */
export const cardsNeeded = (kinds: DraftKinds) =>
  (Object.keys(DRAFT_CARDS_PER_QUESTION) as DraftKind[]).reduce(
    (sum, kind) => sum + kinds[kind] * DRAFT_CARDS_PER_QUESTION[kind],
    0,
  );

/**
 * The questions a draft holds, kind by kind (single, true/false, short text, matching), or null when
 * the cards are too few for the counts asked; a kind added to `DraftKinds` gets its drafter here.
 */
export const draftQuestions = (
  questionCards: DraftCard[],
  pool: DraftCard[],
  kinds: DraftKinds,
  title: string,
  random: () => number,
): DraftQuestion[] | null => {
  const dealt = dealCards(questionCards, kinds, random);
  if (!dealt) return null;
  return [
    ...draftSingle(dealt.single, pool, random),
    ...draftTrueFalse(dealt.trueFalse, pool, random),
    ...draftShortText(dealt.shortText),
    ...draftMatching(dealt.groups, title),
  ];
};
