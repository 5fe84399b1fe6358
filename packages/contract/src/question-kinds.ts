import { z } from 'zod';

/**
 * The kinds of a test question (docs/api.md "Question kinds"). `single` is the spec's question: answers A
 * to D and one correct letter. The others keep what they need in the question's `settings`.
 */
export const questionKindSchema = z.enum([
  'single',
  'multiple',
  'true_false',
  'short_text',
  'matching',
  'ordering',
]);
export type QuestionKind = z.infer<typeof questionKindSchema>;

/** Kinds whose answers are lettered choices A to D (shuffled with their letters by place). */
export const CHOICE_KINDS: readonly QuestionKind[] = ['single', 'multiple'];

export const ACCEPTED_ANSWERS_MAX = 20;
export const SHORT_ANSWER_MAX_LENGTH = 200;
export const PAIRS_MIN = 2;
export const PAIRS_MAX = 8;
export const ORDER_ITEMS_MIN = 2;
export const ORDER_ITEMS_MAX = 8;

const letter = z.enum(['a', 'b', 'c', 'd']);
const shortText = z.string().trim().min(1).max(SHORT_ANSWER_MAX_LENGTH);

/** Each kind's settings: what is right, and for a typed answer how it is compared. */
export const multipleSettingsSchema = z.object({
  /** The correct letters (one or more); the rest are wrong. */
  correct: z
    .array(letter)
    .min(1)
    .max(4)
    .refine((keys) => new Set(keys).size === keys.length, { error: 'errors:question_letters_twice' }),
});
export const trueFalseSettingsSchema = z.object({ correct: z.boolean() });
export const shortTextSettingsSchema = z.object({
  accepted: z.array(shortText).min(1).max(ACCEPTED_ANSWERS_MAX),
  /** Capitals and small letters count the same. */
  ignore_case: z.boolean().default(true),
  /** Spaces count for nothing (otherwise only runs of spaces and the ends are ignored). */
  ignore_spaces: z.boolean().default(true),
  /** Marks on letters count for nothing: й as и, ё as е, é as e. */
  ignore_diacritics: z.boolean().default(false),
});
export const matchingSettingsSchema = z.object({
  /** The pairs as they belong together; the student sees the left ones in order and picks each one's right. */
  pairs: z
    .array(z.object({ left: shortText, right: shortText }))
    .min(PAIRS_MIN)
    .max(PAIRS_MAX)
    .refine((pairs) => new Set(pairs.map((pair) => pair.right.toLowerCase())).size === pairs.length, {
      error: 'errors:question_pairs_same_right',
    }),
});
export const orderingSettingsSchema = z.object({
  /** The items in their right order; the student sees them shuffled. */
  items: z.array(shortText).min(ORDER_ITEMS_MIN).max(ORDER_ITEMS_MAX),
});

/** The settings as stored and read back, by kind (null for `single`). */
export const questionSettingsSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('multiple'), ...multipleSettingsSchema.shape }),
  z.object({ kind: z.literal('true_false'), ...trueFalseSettingsSchema.shape }),
  z.object({ kind: z.literal('short_text'), ...shortTextSettingsSchema.shape }),
  z.object({ kind: z.literal('matching'), ...matchingSettingsSchema.shape }),
  z.object({ kind: z.literal('ordering'), ...orderingSettingsSchema.shape }),
]);
export type QuestionSettings = z.infer<typeof questionSettingsSchema>;

/**
 * A student's answer to a question of a kind other than `single` (whose answer stays the letter):
 * `multiple` the chosen letters, `true_false` a boolean, `short_text` the typed text, `matching` for each
 * left item in order the index of the right item chosen (null: none yet), `ordering` the items' indexes
 * in the order the student put them.
 */
export const questionResponseSchema = z.union([
  z.array(letter).max(4),
  z.boolean(),
  z.string().max(SHORT_ANSWER_MAX_LENGTH),
  z
    .array(
      z
        .number()
        .int()
        .min(0)
        .max(ORDER_ITEMS_MAX - 1)
        .nullable(),
    )
    .max(PAIRS_MAX),
]);
export type QuestionResponse = z.infer<typeof questionResponseSchema>;

/** Whether a response has the shape its kind asks for (a matching's or ordering's length included). */
export const responseFits = (settings: QuestionSettings, response: unknown): boolean => {
  switch (settings.kind) {
    case 'multiple':
      return (
        Array.isArray(response) &&
        response.every((key) => typeof key === 'string' && letter.safeParse(key).success) &&
        new Set(response).size === response.length
      );
    case 'true_false':
      return typeof response === 'boolean';
    case 'short_text':
      return typeof response === 'string' && response.length <= SHORT_ANSWER_MAX_LENGTH;
    case 'matching': {
      const n = settings.pairs.length;
      return (
        Array.isArray(response) &&
        response.length === n &&
        response.every((i) => i === null || (Number.isInteger(i) && i >= 0 && i < n))
      );
    }
    case 'ordering': {
      const n = settings.items.length;
      return (
        Array.isArray(response) &&
        response.length === n &&
        new Set(response).size === n &&
        response.every((i) => Number.isInteger(i) && i >= 0 && i < n)
      );
    }
  }
};

/**
 * A typed answer as it is compared: always in one Unicode form, trimmed, runs of spaces as one; then, as
 * the teacher set, small letters, no spaces, and no marks on letters (й compares as и only then).
 */
export const normaliseAnswer = (
  text: string,
  rules: { ignore_case: boolean; ignore_spaces: boolean; ignore_diacritics: boolean },
) => {
  let value = text.normalize('NFC').trim().replace(/\s+/g, ' ');
  if (rules.ignore_diacritics) value = value.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
  if (rules.ignore_case) value = value.toLocaleLowerCase('bg');
  if (rules.ignore_spaces) value = value.replace(/ /g, '');
  return value;
};

/** Points × share, rounded down: the partial-credit rule of every kind that has one. */
const share = (points: number, right: number, of: number) =>
  of === 0 ? 0 : Math.floor((points * Math.max(0, right)) / of);

/**
 * The points a response earns (docs/api.md "Question kinds"):
 * - `multiple`: points × max(0, right letters chosen − wrong letters chosen) / correct letters, rounded down;
 * - `true_false`, `short_text`: all or nothing (a typed answer right when it matches an accepted one);
 * - `matching`: points × pairs matched right / pairs, rounded down;
 * - `ordering`: points × items in their right place / items, rounded down.
 */
export const pointsOf = (settings: QuestionSettings, points: number, response: unknown): number => {
  if (!responseFits(settings, response)) return 0;
  switch (settings.kind) {
    case 'multiple': {
      const chosen = response as string[];
      const right = chosen.filter((key) => settings.correct.includes(key as never)).length;
      return share(points, right - (chosen.length - right), settings.correct.length);
    }
    case 'true_false':
      return response === settings.correct ? points : 0;
    case 'short_text': {
      const typed = normaliseAnswer(response as string, settings);
      return typed !== '' &&
        settings.accepted.some((accepted) => normaliseAnswer(accepted, settings) === typed)
        ? points
        : 0;
    }
    case 'matching': {
      const chosen = response as (number | null)[];
      return share(points, chosen.filter((right, left) => right === left).length, settings.pairs.length);
    }
    case 'ordering': {
      const order = response as number[];
      return share(points, order.filter((item, place) => item === place).length, settings.items.length);
    }
  }
};
