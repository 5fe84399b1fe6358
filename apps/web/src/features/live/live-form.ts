import {
  type CreateLiveGameBody,
  LIVE_CODE_LENGTH,
  LIVE_NICKNAME_MAX_LENGTH,
  LIVE_QUESTION_SECONDS,
  LIVE_QUESTIONS,
} from '@flashcards/contract';
import { z } from 'zod';

// The new game's form: the fields of the contract's body as Mantine's inputs hold them (numbers, or '' when
// cleared; the category and teams as the selects' text), with messages naming the bounds.

/** A whole number in bounds, with one message naming them whatever is wrong (an empty field included). */
const count = (min: number, max: number, message: string) =>
  z.unknown().superRefine((value, ctx) => {
    if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) return;
    ctx.addIssue({ code: 'custom', message, params: { min, max } });
  });

export const newGameForm = z.object({
  category: z.string().min(1, 'live:validation.category'),
  questions: count(LIVE_QUESTIONS.min, LIVE_QUESTIONS.max, 'live:validation.questions'),
  question_seconds: count(LIVE_QUESTION_SECONDS.min, LIVE_QUESTION_SECONDS.max, 'live:validation.seconds'),
  teams: z.string(),
  streak_bonus: z.boolean(),
});

export type NewGameValues = {
  category: string;
  questions: number | '';
  question_seconds: number | '';
  teams: string;
  streak_bonus: boolean;
};

export const newGameDefaults = (category: string): NewGameValues => ({
  category,
  questions: LIVE_QUESTIONS.default,
  question_seconds: LIVE_QUESTION_SECONDS.default,
  teams: '0',
  streak_bonus: false,
});

/** The team counts offered: none, or two to six. */
export const teamChoices = [0, 2, 3, 4, 5, 6] as const;

/** What a game is made of: one of my categories (chosen in the form when none is named), or one of my tests. */
export type GameSource = { kind: 'category'; id: number | null } | { kind: 'test'; id: number };

/** A test's game asks all its questions it can (at most 30): the form has no category or count to check. */
export const testGameForm = newGameForm.extend({ category: z.string(), questions: z.unknown() });

/** The request's body from the form's checked values. */
export const newGameBody = (values: NewGameValues, source: GameSource): CreateLiveGameBody => {
  const settings = {
    question_seconds: Number(values.question_seconds),
    teams: Number(values.teams),
    streak_bonus: values.streak_bonus,
  };
  return source.kind === 'test'
    ? { test: source.id, ...settings }
    : { category: Number(values.category), questions: Number(values.questions), ...settings };
};

/** The join form: the six digits of the code (spaces allowed between them) and a nickname. */
export const joinForm = z.object({
  code: z
    .string()
    .transform((code) => code.replace(/\s/g, ''))
    .pipe(z.string().regex(new RegExp(`^\\d{${LIVE_CODE_LENGTH}}$`), 'live:validation.code')),
  nickname: z.string().trim().min(1).max(LIVE_NICKNAME_MAX_LENGTH),
});

export type JoinValues = { code: string; nickname: string };
