import {
  ANSWER_MAX_LENGTH,
  type AnswerKey,
  type DraftKinds,
  type DraftQuestion,
  QUESTION_TEXT_MAX_LENGTH,
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

/**
 * Single-choice questions from cards (docs/api.md "Tests from cards"): `count` cards of `questionCards`
 * drawn at random, each card's front the question and its back the right answer; up to three other
 * answers drawn from the backs of `pool` (the whole category), each different from the right answer and
 * from the others, case ignored. The right answer goes to the letter used least so far among the
 * question's answers, so its places are spread evenly.
 */
export const draftSingle = (
  questionCards: DraftCard[],
  pool: DraftCard[],
  count: number,
  random: () => number,
): DraftQuestion[] => {
  const answers = new Map<string, string>();
  for (const card of pool)
    if (!answers.has(answerKey(card.back))) answers.set(answerKey(card.back), card.back);
  const used = [0, 0, 0, 0];
  return shuffled(questionCards, random)
    .slice(0, count)
    .map((card) => {
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

/** The questions a draft holds, kind by kind; a kind added to `DraftKinds` gets its drafter here. */
export const draftQuestions = (
  questionCards: DraftCard[],
  pool: DraftCard[],
  kinds: DraftKinds,
  random: () => number,
): DraftQuestion[] => draftSingle(questionCards, pool, kinds.single, random);
