import { z } from 'zod';
import { sortQuery } from './cards';
import { idParams, idValue, pageValue, paginated } from './common';
import {
  assignmentTargetSchema,
  pathPersonSchema,
  pathSkipReasonSchema,
  reachedPersonSchema,
} from './learning-paths';
import {
  matchingSettingsSchema,
  multipleSettingsSchema,
  orderingSettingsSchema,
  questionKindSchema,
  questionResponseSchema,
  questionSettingsSchema,
  shortTextSettingsSchema,
  trueFalseSettingsSchema,
} from './question-kinds';
import { defineRoute, filePart, noContent } from './route';

export const TEST_NAME_MAX_LENGTH = 200;
export const TEST_DESCRIPTION_MAX_LENGTH = 2000;
export const QUESTION_TEXT_MAX_LENGTH = 2000;
export const ANSWER_MAX_LENGTH = 500;
/** Questions of one test, and the points a question or a threshold may carry. */
export const TEST_MAX_QUESTIONS = 200;
export const QUESTION_MAX_SCORE = 1000;
export const TEST_MAX_SCORE = TEST_MAX_QUESTIONS * QUESTION_MAX_SCORE;
/** Exams of one assignment call (a whole school's students), and the longest extra time. */
export const EXAMS_MAX_PER_CALL = 2000;
export const EXAM_MAX_EXTRA_MINUTES = 600;
/** The most minutes a teacher may give a reopened attempt from the moment of reopening. */
export const EXAM_REOPEN_MAX_MINUTES = 240;
/** How long after its end a sitting still shows in the live view's choices. */
export const EXAM_LIVE_RECENT_HOURS = 24;
/** How often the taking page tells the server the student is there. */
export const EXAM_PRESENCE_HEARTBEAT_MS = 30_000;
/** The longest time limit of an attempt inside its window (a day). */
export const EXAM_MAX_TIME_LIMIT_MINUTES = 1440;
/** Tests the test picker lists at most (`exam/test-teachers-list/`). */
export const TEST_PICKER_LIMIT = 500;

/** The letter of an answer (at most four: a to d). */
export const answerKeySchema = z.enum(['a', 'b', 'c', 'd']);
export type AnswerKey = z.infer<typeof answerKeySchema>;

/** Grades of the Bulgarian scale: 6 excellent, 5 very good, 4 good, 3 satisfactory, 2 fail. */
export const gradeSchema = z.union([z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(6)]);
export type Grade = z.infer<typeof gradeSchema>;

/** The thresholds of a test: minimum scores, in the test's points (docs/api.md "Grades"). */
export type Thresholds = {
  excellent_score_value: number;
  very_good_score_value: number;
  good_score_value: number;
  satisfy_score_value: number;
  fail_score_value: number;
};

/** The grade of a score (docs/api.md "Grades"): 6 from excellent's minimum, 5 from very good's, …, else 2. */
export const gradeOf = (score: number, t: Thresholds): Grade =>
  score >= t.excellent_score_value
    ? 6
    : score >= t.very_good_score_value
      ? 5
      : score >= t.good_score_value
        ? 4
        : score >= t.satisfy_score_value
          ? 3
          : 2;

/**
 * The picture shown above a question, as card pictures carry theirs: the display copy's URL and a small
 * thumbnail's, both null when the question has none.
 */
export const questionPictureFields = {
  picture_url: z.string().nullable(),
  picture_thumbnail_url: z.string().nullable(),
};

/**
 * A question of a test (spec: Test question). Blank third and fourth answers read back as null, and
 * `answers` holds the given ones in order. `kind` (docs/api.md "Question kinds"): `single` is the spec's
 * question with `correct_answer`; `multiple` has answers too and its correct letters in `settings`; the
 * other kinds have blank answers, `correct_answer` null and everything in `settings`.
 */
export const testQuestionSchema = z.object({
  id: z.number().int(),
  test: z.number().int(),
  /** The question's place in the test, from 1. */
  position: z.number().int(),
  kind: questionKindSchema,
  question_text: z.string(),
  answer_a: z.string(),
  answer_b: z.string(),
  answer_c: z.string().nullable(),
  answer_d: z.string().nullable(),
  answers: z.array(z.string()),
  correct_answer: answerKeySchema.nullable(),
  settings: questionSettingsSchema.nullable(),
  score_value: z.number().int(),
  ...questionPictureFields,
});
export type TestQuestion = z.infer<typeof testQuestionSchema>;

/**
 * A test (spec: School test) with our totals: `total_score` (the points of its questions),
 * `exams_count`, and `is_locked` once one of its exams has started (its questions and thresholds then stay
 * as they are; copy it to change them).
 */
export const schoolTestSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  excellent_score_value: z.number().int(),
  very_good_score_value: z.number().int(),
  good_score_value: z.number().int(),
  satisfy_score_value: z.number().int(),
  fail_score_value: z.number().int(),
  created_by: z.number().int(),
  date_created: z.string(),
  date_modified: z.string(),
  questions_count: z.number().int(),
  total_score: z.number().int(),
  exams_count: z.number().int(),
  is_locked: z.boolean(),
});
export type SchoolTest = z.infer<typeof schoolTestSchema>;

export const schoolTestDetailSchema = schoolTestSchema.extend({ questions: z.array(testQuestionSchema) });
export type SchoolTestDetail = z.infer<typeof schoolTestDetailSchema>;

/** A test in the picker of the assign form. */
export const testChoiceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  questions_count: z.number().int(),
  total_score: z.number().int(),
  excellent_score_value: z.number().int(),
});
export type TestChoice = z.infer<typeof testChoiceSchema>;

const score = z.coerce.number().int().min(0).max(TEST_MAX_SCORE);

/**
 * A test's fields. Valid when excellent > very good > good > satisfy >= fail >= 0 (docs/api.md "Grades"); the
 * error names the first threshold out of order.
 */
export const schoolTestBody = z
  .object({
    name: z.string().trim().min(1).max(TEST_NAME_MAX_LENGTH),
    description: z.string().trim().max(TEST_DESCRIPTION_MAX_LENGTH).default(''),
    excellent_score_value: score,
    very_good_score_value: score,
    good_score_value: score,
    satisfy_score_value: score,
    fail_score_value: score.default(0),
  })
  .superRefine((test, context) => {
    const order: [keyof Thresholds, keyof Thresholds, boolean][] = [
      [
        'very_good_score_value',
        'excellent_score_value',
        test.excellent_score_value > test.very_good_score_value,
      ],
      ['good_score_value', 'very_good_score_value', test.very_good_score_value > test.good_score_value],
      ['satisfy_score_value', 'good_score_value', test.good_score_value > test.satisfy_score_value],
      ['fail_score_value', 'satisfy_score_value', test.satisfy_score_value >= test.fail_score_value],
    ];
    const wrong = order.find(([, , valid]) => !valid);
    if (wrong)
      context.addIssue({
        code: 'custom',
        path: [wrong[0]],
        message: `errors:test_threshold_order_${wrong[0]}`,
      });
  });
export type SchoolTestInput = z.input<typeof schoolTestBody>;

const answerText = z.string().trim().max(ANSWER_MAX_LENGTH);
const questionText = z.string().trim().min(1).max(QUESTION_TEXT_MAX_LENGTH);
const questionScore = z.coerce.number().int().min(1).max(QUESTION_MAX_SCORE);
const choices = {
  answer_a: answerText.min(1),
  answer_b: answerText.min(1),
  answer_c: answerText.nullish().transform((value) => value ?? ''),
  answer_d: answerText.nullish().transform((value) => value ?? ''),
};
const givenLetter = (question: { answer_c: string; answer_d: string }, key: AnswerKey) =>
  (key !== 'c' || question.answer_c !== '') && (key !== 'd' || question.answer_d !== '');

/**
 * A question of the spec's kind (blank strings for missing answers 3 and 4). Answers A and B are needed;
 * D only after C; the correct answer must be one of those given. Without `kind` a question is this one.
 */
const singleQuestionBody = z
  .object({
    kind: z.literal('single'),
    question_text: questionText,
    ...choices,
    correct_answer: answerKeySchema,
    score_value: questionScore,
  })
  .refine((question) => question.answer_d === '' || question.answer_c !== '', {
    path: ['answer_d'],
    error: 'errors:question_answer_d_without_c',
  })
  .refine((question) => givenLetter(question, question.correct_answer), {
    path: ['correct_answer'],
    error: 'errors:question_correct_answer_blank',
  });

/** Several correct answers: lettered like `single`, the correct letters in `settings.correct`. */
const multipleQuestionBody = z
  .object({
    kind: z.literal('multiple'),
    question_text: questionText,
    ...choices,
    settings: multipleSettingsSchema,
    score_value: questionScore,
  })
  .refine((question) => question.answer_d === '' || question.answer_c !== '', {
    path: ['answer_d'],
    error: 'errors:question_answer_d_without_c',
  })
  .refine((question) => question.settings.correct.every((key) => givenLetter(question, key)), {
    path: ['settings', 'correct'],
    error: 'errors:question_correct_answer_blank',
  });

const settingsQuestion = <K extends string, S extends z.ZodType>(kind: K, settings: S) =>
  z.object({ kind: z.literal(kind), question_text: questionText, settings, score_value: questionScore });

const questionBodies = z.discriminatedUnion('kind', [
  singleQuestionBody,
  multipleQuestionBody,
  settingsQuestion('true_false', trueFalseSettingsSchema),
  settingsQuestion('short_text', shortTextSettingsSchema),
  settingsQuestion('matching', matchingSettingsSchema),
  settingsQuestion('ordering', orderingSettingsSchema),
]);

/**
 * A question's fields by its `kind` (docs/api.md "Question kinds"); a body without `kind` is a `single`
 * question exactly as the spec sends it.
 */
export const testQuestionBody = z.preprocess(
  (value) =>
    value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    (value as { kind?: unknown }).kind === undefined
      ? { ...value, kind: 'single' }
      : value,
  questionBodies,
);
export type TestQuestionInput =
  | z.input<typeof questionBodies>
  | Omit<z.input<typeof singleQuestionBody>, 'kind'>;
/** A new question names its test (spec: `test`); it goes to the end of the test. */
export const newTestQuestionBody = testQuestionBody.and(z.object({ test: idValue }));

/**
 * The kinds of question a draft from cards may hold, with how many of each (docs/api.md "Tests from
 * cards"). `multiple` and `ordering` are not drafted: a card has one answer and cards have no order.
 */
const draftCount = z.number().int().min(0).max(TEST_MAX_QUESTIONS).default(0);
export const DRAFT_KINDS = ['single', 'true_false', 'short_text', 'matching'] as const;
export type DraftKind = (typeof DRAFT_KINDS)[number];
/** The cards one question of each kind takes (each card is used once in a draft). */
export const DRAFT_CARDS_PER_QUESTION: Record<DraftKind, number> = {
  single: 1,
  true_false: 1,
  short_text: 1,
  matching: 4,
};
export const draftKindsSchema = z
  .object({ single: draftCount, true_false: draftCount, short_text: draftCount, matching: draftCount })
  .strict();
export type DraftKinds = z.infer<typeof draftKindsSchema>;

/**
 * What to draft a test from: a text category of mine, optionally only its cards with these tags, the
 * questions of each kind, and a seed (the same seed and cards give the same draft; without one the
 * server picks it and answers it).
 */
export const testDraftBody = z.object({
  category: idValue,
  tags: z.array(z.string().trim().min(1).max(100)).max(100).default([]),
  kinds: draftKindsSchema.refine(
    (kinds) => {
      const total = Object.values(kinds).reduce((sum, count) => sum + count, 0);
      return total >= 1 && total <= TEST_MAX_QUESTIONS;
    },
    { error: 'errors:test_draft_question_count' },
  ),
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .optional(),
});
export type TestDraftInput = z.input<typeof testDraftBody>;

const draftedFrom = {
  /** The card the question came from (a matching question's first pair's card). */
  card: z.number().int(),
  question_text: z.string(),
  score_value: z.number().int(),
};

/**
 * A drafted question: the saved question's fields by its kind and the card it came from; `settings` as
 * a saved question reads them back, and a matching question names each pair's card in `cards`.
 */
export const draftQuestionSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('single'),
    ...draftedFrom,
    answer_a: z.string(),
    answer_b: z.string(),
    answer_c: z.string(),
    answer_d: z.string(),
    correct_answer: answerKeySchema,
  }),
  z.object({
    kind: z.literal('true_false'),
    ...draftedFrom,
    settings: z.object({ kind: z.literal('true_false'), ...trueFalseSettingsSchema.shape }),
  }),
  z.object({
    kind: z.literal('short_text'),
    ...draftedFrom,
    settings: z.object({ kind: z.literal('short_text'), ...shortTextSettingsSchema.shape }),
  }),
  z.object({
    kind: z.literal('matching'),
    ...draftedFrom,
    cards: z.array(z.number().int()),
    settings: z.object({ kind: z.literal('matching'), ...matchingSettingsSchema.shape }),
  }),
]);
export type DraftQuestion = z.infer<typeof draftQuestionSchema>;

/**
 * A draft, not saved: the questions, the seed that made them, and the cards they could come from
 * (`available`; counts that need more cards are refused).
 */
export const testDraftSchema = z.object({
  category: z.object({ id: z.number().int(), name: z.string() }),
  seed: z.number().int(),
  available: z.number().int(),
  questions: z.array(draftQuestionSchema),
});
export type TestDraft = z.infer<typeof testDraftSchema>;

/** A test with all its questions, saved in one call (a draft from cards, as the teacher edited it). */
export const testWithQuestionsBody = schoolTestBody.and(
  z.object({ questions: z.array(testQuestionBody).min(1).max(TEST_MAX_QUESTIONS) }),
);
export type TestWithQuestionsInput = z.input<typeof testWithQuestionsBody>;

export const testListQuery = sortQuery.extend({
  page: pageValue,
  /** Ignored unless it is the requester's id: the token decides whose tests are listed. */
  user_id: idValue.optional(),
  search: z.string().trim().max(100).optional(),
});

/**
 * Where an exam is: `not_started`; `in_progress` (started, before its end); `completed` (by the student, or
 * by the server at the end); `missed` (never started, and the end has passed).
 */
export const examStatusSchema = z.enum(['not_started', 'in_progress', 'completed', 'missed']);
export type ExamStatus = z.infer<typeof examStatusSchema>;

/**
 * An exam (spec: Exam): one test given to one student between two moments. Ours: `extra_minutes` (this
 * student's extra time), `ends_at` (the attempt's end: the window's end, or `time_limit_minutes` after
 * `started_at` when that comes first, plus the extra time), `status`, `answers_count` over `questions_count`,
 * `total_score`, the options `shuffle_questions`, `show_results_after_end`, `leave_completes` (leaving the
 * exam page completes it) and `time_limit_minutes`, `results_at` (when the student sees their score, grade
 * and review), and `now` (the server's clock when read, for pages that follow it). `score` and `grade` are
 * null until completion, and for the student until `results_at`.
 */
export const examSchema = z.object({
  id: z.number().int(),
  school_test: z.object({ id: z.number().int(), name: z.string(), description: z.string() }),
  student: pathPersonSchema,
  teacher: pathPersonSchema,
  start_exam_at: z.string(),
  end_exam_at: z.string(),
  extra_minutes: z.number().int(),
  ends_at: z.string(),
  is_exam_started: z.boolean(),
  started_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  status: examStatusSchema,
  answers_count: z.number().int(),
  questions_count: z.number().int(),
  total_score: z.number().int(),
  score: z.number().int().nullable(),
  grade: gradeSchema.nullable(),
  shuffle_questions: z.boolean(),
  show_results_after_end: z.boolean(),
  leave_completes: z.boolean(),
  time_limit_minutes: z.number().int().nullable(),
  results_at: z.string().nullable(),
  /** The class's or group's assignment this exam is one student's part of; null for a named student. */
  assignment: z.number().int().nullable(),
  date_created: z.string(),
  now: z.string(),
});
export type Exam = z.infer<typeof examSchema>;

/**
 * An answer as the student sees it: `key`, its letter in the test (what they send, and what is stored),
 * `shown_key`, the letter of its place on their screen (a shuffled exam still reads A, B, C, D from the
 * top; the same as `key` when not shuffled), and its text.
 */
export const examAnswerChoiceSchema = z.object({
  key: answerKeySchema,
  shown_key: answerKeySchema,
  text: z.string(),
});

/** An item of an ordering or the right side of a matching: `key` is its index in the test's settings. */
export const examItemSchema = z.object({ key: z.number().int(), text: z.string() });
export type ExamItem = z.infer<typeof examItemSchema>;

/**
 * A question of an exam in the details (spec: id, student_answer, score_value and the question). For the
 * teacher always; for the student only once the review is open (`results_at`), with the correct answer.
 */
export const examQuestionSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  kind: questionKindSchema,
  question_text: z.string(),
  ...questionPictureFields,
  answers: z.array(examAnswerChoiceSchema),
  /** Ordering: the items in the student's first (shuffled) order; matching: the right items shuffled. */
  items: z.array(examItemSchema),
  /** Matching: the left items in order. */
  prompts: z.array(z.string()),
  correct_answer: answerKeySchema.nullable(),
  /** What is right, for the kinds other than `single` (docs/api.md "Question kinds"). */
  settings: questionSettingsSchema.nullable(),
  student_answer: answerKeySchema.nullable(),
  /** The answer to a question of another kind (`questionResponseSchema`). */
  student_response: questionResponseSchema.nullable(),
  /** The points it earned (partial credit included); `is_correct` when it earned all. */
  points: z.number().int(),
  is_correct: z.boolean(),
  score_value: z.number().int(),
});
/**
 * What happened to an attempt (docs/api.md "Exams"): `started` (the first start), `resumed` (a later
 * start), `left` / `returned` (the exam page hidden or gone, and back), `completed`, `reopened` (with the
 * minutes given), `extra_time` (with the extra minutes from then).
 */
export const examEventKindSchema = z.enum([
  'started',
  'resumed',
  'left',
  'returned',
  'completed',
  'reopened',
  'extra_time',
]);
export type ExamEventKind = z.infer<typeof examEventKindSchema>;

/** One recorded action on an attempt: when, who (null: the server, or an account since deleted), what. */
export const examEventSchema = z.object({
  id: z.number().int(),
  kind: examEventKindSchema,
  at: z.string(),
  actor: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }).nullable(),
  minutes: z.number().int().nullable(),
});
export type ExamEvent = z.infer<typeof examEventSchema>;

export const examDetailSchema = examSchema.extend({
  /** The thresholds the grade was given by. */
  thresholds: z.object({
    excellent_score_value: z.number().int(),
    very_good_score_value: z.number().int(),
    good_score_value: z.number().int(),
    satisfy_score_value: z.number().int(),
    fail_score_value: z.number().int(),
  }),
  questions: z.array(examQuestionSchema),
  /** The recorded actions on this attempt, oldest first. */
  events: z.array(examEventSchema),
});
export type ExamDetail = z.infer<typeof examDetailSchema>;

/**
 * The exam being taken (spec: Exam-taking response): its moments and the questions without their correct
 * answers, in the exam's order for this student (the same on every call), with the answers saved so far.
 * `server_time` lets the countdown follow the server's clock; `leave_completes` says whether leaving the
 * page completes the attempt or leaves it open until finished or over.
 */
export const examTakingSchema = z.object({
  exam: z.object({
    id: z.number().int(),
    name: z.string(),
    is_exam_started: z.boolean(),
    start_exam_at: z.string(),
    end_exam_at: z.string(),
    ends_at: z.string(),
    started_at: z.string().nullable(),
    time_limit_minutes: z.number().int().nullable(),
    leave_completes: z.boolean(),
    server_time: z.string(),
  }),
  questions: z.array(
    z.object({
      id: z.number().int(),
      kind: questionKindSchema,
      question_text: z.string(),
      ...questionPictureFields,
      answers: z.array(examAnswerChoiceSchema),
      /** Ordering: the items shuffled (stable for the exam); matching: the right items shuffled. */
      items: z.array(examItemSchema),
      /** Matching: the left items in order. */
      prompts: z.array(z.string()),
      score_value: z.number().int(),
      student_answer: answerKeySchema.nullable(),
      student_response: questionResponseSchema.nullable(),
    }),
  ),
});
export type ExamTaking = z.infer<typeof examTakingSchema>;

/** A moment with its offset or `Z` (the web sends the user's local time as an ISO string). */
const moment = z.iso.datetime({ offset: true, error: 'errors:invalid_datetime' });

/**
 * Assigning a test (spec: school_test, student, teacher, start_at, end_at; docs/api.md "Exams": `users_group` instead of
 * `student`, `leave_completes`, `time_limit_minutes`). The test must be mine, have questions, and have its
 * excellent minimum within its points.
 */
export const examCreateBody = z
  .object({
    school_test: idValue,
    student: z.array(idValue).min(1).max(EXAMS_MAX_PER_CALL).optional(),
    users_group: idValue.optional(),
    /** Ignored: the teacher is the signed-in user. */
    teacher: z.unknown().optional(),
    start_at: moment,
    end_at: moment,
    shuffle_questions: z.boolean().default(false),
    show_results_after_end: z.boolean().default(false),
    /** The spec's rule when true: leaving the exam page completes it. By default the attempt stays open. */
    leave_completes: z.boolean().default(false),
    /** Minutes each attempt may last from its start, inside the window; none: until the window's end. */
    time_limit_minutes: z.number().int().min(1).max(EXAM_MAX_TIME_LIMIT_MINUTES).nullish(),
  })
  .refine((body) => (body.student === undefined) !== (body.users_group === undefined), {
    path: ['student'],
    error: 'errors:exam_students_or_group',
  })
  .refine((body) => Date.parse(body.end_at) > Date.parse(body.start_at), {
    path: ['end_at'],
    error: 'errors:exam_end_before_start',
  });
export type ExamCreateInput = z.input<typeof examCreateBody>;

export const examsCreatedSchema = z.object({
  created: z.array(z.number().int()),
  skipped: z.array(z.object({ student: z.number().int(), reason: pathSkipReasonSchema })),
});

/**
 * A test given as an exam to a class (`school_class`: one the requester teaches, or any of their school for
 * its principal) or to a user group of theirs (`user_group`): exactly one of the two. One exam per current
 * student, and one for each who joins while the window has not ended (docs/design.md "Assignments that
 * follow a class"). The window and the options are an exam's.
 */
export const examAssignmentBody = z
  .object({
    school_test: idValue,
    school_class: idValue.nullish(),
    user_group: idValue.nullish(),
    start_at: moment,
    end_at: moment,
    shuffle_questions: z.boolean().default(false),
    show_results_after_end: z.boolean().default(false),
    leave_completes: z.boolean().default(false),
    time_limit_minutes: z.number().int().min(1).max(EXAM_MAX_TIME_LIMIT_MINUTES).nullish(),
  })
  .refine((body) => (body.school_class == null) !== (body.user_group == null), {
    path: ['school_class'],
    error: 'errors:path_assignment_one_target',
  })
  .refine((body) => Date.parse(body.end_at) > Date.parse(body.start_at), {
    path: ['end_at'],
    error: 'errors:exam_end_before_start',
  });
export type ExamAssignmentInput = z.input<typeof examAssignmentBody>;

/**
 * What a teacher may change of an exam given to a class or a group, for all its students (a field left out
 * stays). The end and whether results show after it may change at any time; the start and the attempt's
 * rules (time limit, shuffling, leaving completes) only until a student has started (409
 * `exam_assignment_started`). Attempts, answers, grades and extra minutes stay.
 */
export const examAssignmentEditBody = z
  .object({
    start_at: moment,
    end_at: moment,
    shuffle_questions: z.boolean(),
    show_results_after_end: z.boolean(),
    leave_completes: z.boolean(),
    time_limit_minutes: z.number().int().min(1).max(EXAM_MAX_TIME_LIMIT_MINUTES).nullable(),
  })
  .partial()
  .refine(
    (body) =>
      body.start_at === undefined ||
      body.end_at === undefined ||
      Date.parse(body.end_at) > Date.parse(body.start_at),
    { path: ['end_at'], error: 'errors:exam_end_before_start' },
  );
export type ExamAssignmentEditInput = z.input<typeof examAssignmentEditBody>;

/**
 * An exam given to a class or a group: its test, target, window and options, and its students' exams
 * counted (`students_count` in all, `started_count` that have started, `completed_count` finished).
 */
export const examAssignmentSchema = z.object({
  id: z.number().int(),
  school_test: z.object({ id: z.number().int(), name: z.string() }),
  target: assignmentTargetSchema,
  start_exam_at: z.string(),
  end_exam_at: z.string(),
  shuffle_questions: z.boolean(),
  show_results_after_end: z.boolean(),
  leave_completes: z.boolean(),
  time_limit_minutes: z.number().int().nullable(),
  students_count: z.number().int(),
  started_count: z.number().int(),
  completed_count: z.number().int(),
  date_created: z.string(),
});
export type ExamAssignment = z.infer<typeof examAssignmentSchema>;

/** An exam given to a class or a group with each student's exam as the teacher's list shows it, by name. */
export const examAssignmentDetailsSchema = examAssignmentSchema.extend({ exams: z.array(examSchema) });
export type ExamAssignmentDetails = z.infer<typeof examAssignmentDetailsSchema>;

export const examListQuery = sortQuery.extend({
  page: pageValue,
  user_id: idValue.optional(),
  /** Only the exams of one test (spec: optional test_id). */
  test_id: idValue.optional(),
  status: examStatusSchema.optional(),
  /** Part of the student's name (teacher) or of the test's name (student). */
  search: z.string().trim().max(100).optional(),
});
/** A principal's view of a teacher's exams: the teacher, then the list's filters and order. */
export const overseenExamsQuery = examListQuery.omit({ user_id: true }).extend({ teacher: idValue });
export const examSummaryQuery = examListQuery.omit({ page: true, sort_by: true, sort_order: true });

/** Counts over the exams a teacher's filter selects: by status, by grade, and the average score. */
export const examSummarySchema = z.object({
  count: z.number().int(),
  by_status: z.record(examStatusSchema, z.number().int()),
  /** Completed exams per grade, "2" to "6". */
  by_grade: z.record(z.enum(['2', '3', '4', '5', '6']), z.number().int()),
  average_score: z.number().nullable(),
  average_grade: z.number().nullable(),
});
export type ExamSummary = z.infer<typeof examSummarySchema>;

/**
 * The live view of one sitting of a test: the exams one assignment made share the test, the start and the
 * end, so a sitting is my exams of the test with the same `start_at` and `end_at`. Without them, the
 * sitting running now (the latest started), else the next one, else the latest.
 */
export const examLiveQuery = z
  .object({ page: pageValue, start_at: moment.optional(), end_at: moment.optional() })
  .refine((query) => (query.start_at === undefined) === (query.end_at === undefined), {
    path: ['end_at'],
    error: 'errors:exam_live_sitting',
  });

export const examSittingSchema = z.object({
  start_exam_at: z.string(),
  end_exam_at: z.string(),
  exams_count: z.number().int(),
  /** The end with the largest extra time of the sitting. */
  ends_at: z.string(),
});
export type ExamSitting = z.infer<typeof examSittingSchema>;

/** One student's attempt as the teacher watches it. */
export const examLiveRowSchema = z.object({
  id: z.number().int(),
  student: pathPersonSchema,
  status: examStatusSchema,
  answers_count: z.number().int(),
  started_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  completed_by: z.enum(['student', 'server']).nullable(),
  /** When the student's page last said it was there (a start, an answer, a presence call). */
  last_seen_at: z.string().nullable(),
  /** The exam page is hidden or gone now (only while the attempt is open). */
  away: z.boolean(),
  /** How many times the student left the exam page. */
  times_left: z.number().int(),
  extra_minutes: z.number().int(),
  ends_at: z.string(),
  score: z.number().int().nullable(),
  grade: gradeSchema.nullable(),
});
export type ExamLiveRow = z.infer<typeof examLiveRowSchema>;

/** The whole sitting at a glance, whatever page is shown. */
export const examLiveSummarySchema = z.object({
  not_started: z.number().int(),
  in_progress: z.number().int(),
  /** Of those in progress, the ones whose exam page is hidden or gone now. */
  away: z.number().int(),
  completed: z.number().int(),
  missed: z.number().int(),
});
export type ExamLiveSummary = z.infer<typeof examLiveSummarySchema>;

/** A page of the sitting's students (`count`, `next`, `previous`, `results`) with the sitting around it. */
export const examLiveSchema = paginated(examLiveRowSchema).extend({
  server_time: z.string(),
  test: z.object({
    id: z.number().int(),
    name: z.string(),
    questions_count: z.number().int(),
    total_score: z.number().int(),
  }),
  /** The sittings running, coming, or ended in the last 24 hours, latest start first. */
  sittings: z.array(examSittingSchema),
  /** The sitting shown (null: none). */
  sitting: z.object({ start_exam_at: z.string(), end_exam_at: z.string() }).nullable(),
  summary: examLiveSummarySchema,
});
export type ExamLive = z.infer<typeof examLiveSchema>;

export const examPresenceStateSchema = z.enum(['here', 'away']);
export type ExamPresenceState = z.infer<typeof examPresenceStateSchema>;

const testsTag = 'tests';
const examsTag = 'exams';
const restricted = 'Accounts a school created and whose person has not yet set a password get 403.';
const overseen =
  "Principals only (403 `Your account is restricted` for anyone else), of a teacher of their own school (404 for anyone else's id); read-only: every change stays the teacher's.";
const mine = "Another user's test or exam is not found (404).";
const locked = 'Refused (409) once one of its exams has started: copy the test to change it.';

const questionParams = z.object({ examId: idValue, questionId: idValue });

/**
 * An answer: `student_answer`, the letter, for a `single` question (as the spec sends it); `response` for
 * the other kinds, in the shape of the question's kind (400 `exam_answer_not_given` otherwise).
 */
export const examAnswerBody = z
  .object({ student_answer: answerKeySchema.optional(), response: questionResponseSchema.optional() })
  .refine((body) => (body.student_answer === undefined) !== (body.response === undefined), {
    path: ['student_answer'],
    error: 'errors:exam_answer_one',
  });
export type ExamAnswerInput = z.input<typeof examAnswerBody>;

export const testRoutes = {
  tests: defineRoute({
    method: 'GET',
    path: '/api/exam/test-teachers/',
    access: 'user',
    tag: testsTag,
    summary: 'My tests (paginated; by date or name; `search` by name)',
    description: restricted,
    query: testListQuery,
    response: paginated(schoolTestSchema),
    errors: [403],
  }),
  createTest: defineRoute({
    method: 'POST',
    path: '/api/exam/test-teachers/',
    access: 'user',
    tag: testsTag,
    summary: 'Create a test (its questions are added one by one)',
    description: `The thresholds are minimum scores: excellent > very good > good > satisfy >= fail >= 0. ${restricted}`,
    body: schoolTestBody,
    status: 201,
    response: schoolTestDetailSchema,
    errors: [403],
  }),
  draftTestFromCards: defineRoute({
    method: 'POST',
    path: '/api/exam/test-teachers/draft-from-cards/',
    access: 'user',
    tag: testsTag,
    summary: 'Draft questions from the cards of a text category of mine (not saved)',
    description:
      "Each card's front is a question and its back the right answer; the other answers are other cards' " +
      'backs of the same category, different from the right one and from each other (case ignored). ' +
      "The same `seed` and cards give the same draft. Another user's category is not found (404); a " +
      `picture or audio category, or one without two different answers, is 400. ${restricted}`,
    body: testDraftBody,
    response: testDraftSchema,
    errors: [403, 404],
  }),
  createTestWithQuestions: defineRoute({
    method: 'POST',
    path: '/api/exam/test-teachers/with-questions/',
    access: 'user',
    tag: testsTag,
    summary: 'Create a test with its questions in one call (a draft from cards, edited)',
    description: `All or nothing; the free limit of tests applies as for a new test. ${restricted}`,
    body: testWithQuestionsBody,
    status: 201,
    response: schoolTestDetailSchema,
    errors: [403],
  }),
  test: defineRoute({
    method: 'GET',
    path: '/api/exam/test-teachers/{id}/',
    access: 'user',
    tag: testsTag,
    summary: 'A test of mine with its questions in order',
    description: mine,
    params: idParams,
    response: schoolTestDetailSchema,
    errors: [403, 404],
  }),
  updateTest: defineRoute({
    method: 'PUT',
    path: '/api/exam/test-teachers/{id}/',
    access: 'user',
    tag: testsTag,
    summary: "Change a test's name, description and thresholds",
    description: `${mine} The name and description may always change; the thresholds: ${locked}`,
    params: idParams,
    body: schoolTestBody,
    response: schoolTestDetailSchema,
    errors: [403, 404, 409],
  }),
  deleteTest: defineRoute({
    method: 'DELETE',
    path: '/api/exam/test-teachers/{id}/',
    access: 'user',
    tag: testsTag,
    summary: 'Delete a test of mine, with its exams and their results',
    params: idParams,
    status: 204,
    response: noContent,
    errors: [403, 404],
  }),
  copyTest: defineRoute({
    method: 'POST',
    path: '/api/exam/test-teachers/{id}/copy/',
    access: 'user',
    tag: testsTag,
    summary: 'Copy a test of mine with its questions (a locked test is changed through its copy)',
    description:
      'With `colleague`, the copy is theirs: a teacher or principal of my school (see ' +
      '`exam/colleagues/`; anyone else 404), while I teach at or lead it.',
    params: idParams,
    body: z.object({ colleague: idValue.optional() }).nullish(),
    status: 201,
    response: schoolTestDetailSchema,
    errors: [403, 404],
  }),
  orderQuestions: defineRoute({
    method: 'PUT',
    path: '/api/exam/test-teachers/{id}/order/',
    access: 'user',
    tag: testsTag,
    summary: "Put a test's questions in a new order: every question id once",
    description: locked,
    params: idParams,
    body: z.object({ questions: z.array(idValue).min(1).max(TEST_MAX_QUESTIONS) }),
    response: schoolTestDetailSchema,
    errors: [403, 404, 409],
  }),
  testChoices: defineRoute({
    method: 'GET',
    path: '/api/exam/test-teachers-list/',
    access: 'user',
    tag: testsTag,
    summary: 'All my tests for a picker, newest first (at most 500)',
    description: '`created_by` is ignored unless it is the requester: the token decides.',
    query: z.object({ created_by: idValue.optional() }),
    response: z.array(testChoiceSchema),
    errors: [403],
  }),
  createQuestion: defineRoute({
    method: 'POST',
    path: '/api/exam/test-teachers-questions/',
    access: 'user',
    tag: testsTag,
    summary: 'Add a question at the end of a test of mine',
    description: `At most 200 questions. ${locked}`,
    body: newTestQuestionBody,
    status: 201,
    response: testQuestionSchema,
    errors: [403, 404, 409],
  }),
  updateQuestion: defineRoute({
    method: 'PUT',
    path: '/api/exam/test-teachers-questions/{id}/',
    access: 'user',
    tag: testsTag,
    summary: 'Change a question',
    description: locked,
    params: idParams,
    body: testQuestionBody,
    response: testQuestionSchema,
    errors: [403, 404, 409],
  }),
  deleteQuestion: defineRoute({
    method: 'DELETE',
    path: '/api/exam/test-teachers-questions/{id}/',
    access: 'user',
    tag: testsTag,
    summary: 'Delete a question',
    description: locked,
    params: idParams,
    status: 204,
    response: noContent,
    errors: [403, 404, 409],
  }),
  setQuestionPicture: defineRoute({
    method: 'PUT',
    path: '/api/exam/test-teachers-questions/{id}/picture/',
    access: 'user',
    tag: testsTag,
    summary: 'Set or replace the picture shown above a question (multipart field `picture`)',
    description: `JPEG, PNG, WebP, GIF, AVIF or HEIC, at most 8 MB; it is stored re-encoded, with a thumbnail. ${locked}`,
    encoding: ['multipart'],
    params: idParams,
    // A form without parts arrives as no body at all.
    body: z.preprocess(
      (value) => (value && typeof value === 'object' ? value : {}),
      z.object({ picture: filePart.optional() }),
    ),
    response: testQuestionSchema,
    errors: [403, 404, 409, 413],
  }),
  deleteQuestionPicture: defineRoute({
    method: 'DELETE',
    path: '/api/exam/test-teachers-questions/{id}/picture/',
    access: 'user',
    tag: testsTag,
    summary: 'Remove the picture of a question',
    description: locked,
    params: idParams,
    response: testQuestionSchema,
    errors: [403, 404, 409],
  }),
};

export const examRoutes = {
  createExams: defineRoute({
    method: 'POST',
    path: '/api/exam/exams/',
    access: 'user',
    tag: examsTag,
    summary: 'Give a test as an exam: one exam per student, by ids or a user group of mine',
    description:
      'Students the requester does not reach are left out and listed in `skipped`. The test must have ' +
      'questions and an excellent minimum within its points (400 otherwise); the end must be after the ' +
      `start and in the future. ${restricted}`,
    body: examCreateBody,
    status: 201,
    response: examsCreatedSchema,
    errors: [403, 404],
  }),
  examAssignments: defineRoute({
    method: 'GET',
    path: '/api/exam/assignments/',
    access: 'user',
    tag: examsTag,
    summary: 'The exams I gave to classes and groups, newest first (paginated), each once',
    description: restricted,
    query: z.object({ page: pageValue }),
    response: paginated(examAssignmentSchema),
    errors: [403],
  }),
  createExamAssignment: defineRoute({
    method: 'POST',
    path: '/api/exam/assignments/',
    access: 'user',
    tag: examsTag,
    summary: 'Give a test as an exam to a class or a group: one exam per member, and to whoever joins later',
    description:
      "A class the requester does not teach (or, for its school's principal, of another school) and a group " +
      'not theirs are not found (404), as is a test not theirs. Students who join while the window has not ' +
      'ended get their exam; students who leave lose it unless they have started it. Group members the ' +
      'requester no longer reaches are left out. The test must have questions and an excellent minimum ' +
      `within its points (400 otherwise); the end must be after the start and in the future. ${restricted}`,
    body: examAssignmentBody,
    status: 201,
    response: examAssignmentSchema,
    errors: [403, 404],
  }),
  examAssignment: defineRoute({
    method: 'GET',
    path: '/api/exam/assignments/{id}/',
    access: 'user',
    tag: examsTag,
    summary: 'An exam I gave to a class or a group, with each student’s exam',
    description: mine,
    params: idParams,
    response: examAssignmentDetailsSchema,
    errors: [403, 404],
  }),
  updateExamAssignment: defineRoute({
    method: 'PATCH',
    path: '/api/exam/assignments/{id}/',
    access: 'user',
    tag: examsTag,
    summary: 'Change the window or options of an exam given to a class or a group, for all its students',
    description:
      'Attempts, answers, grades and extra minutes stay. The start, the time limit, shuffling and whether ' +
      'leaving completes change only until a student has started (409 `exam_assignment_started`); a new ' +
      `end must be in the future. ${mine}`,
    params: idParams,
    body: examAssignmentEditBody,
    response: examAssignmentSchema,
    errors: [403, 404, 409],
  }),
  deleteExamAssignment: defineRoute({
    method: 'DELETE',
    path: '/api/exam/assignments/{id}/',
    access: 'user',
    tag: examsTag,
    summary: 'Delete an exam given to a class or a group, with its students’ exams and their results',
    description: mine,
    params: idParams,
    status: 204,
    response: noContent,
    errors: [403, 404],
  }),
  teacherExams: defineRoute({
    method: 'GET',
    path: '/api/exam/exams/',
    access: 'user',
    tag: examsTag,
    summary: 'The exams I gave (paginated; by date or name; filters by test, status and student)',
    description: restricted,
    query: examListQuery,
    response: paginated(examSchema),
    errors: [403],
  }),
  overseenExams: defineRoute({
    method: 'GET',
    path: '/api/exam/school-teachers/',
    access: 'user',
    tag: examsTag,
    summary: 'The exams a teacher of my school gave, with their results (paginated; by date or name)',
    description: `Each opens read-only through \`exams/{id}/\`. ${overseen}`,
    query: overseenExamsQuery,
    response: paginated(examSchema),
    errors: [403, 404],
  }),
  examSummary: defineRoute({
    method: 'GET',
    path: '/api/exam/exams/summary/',
    access: 'user',
    tag: examsTag,
    summary: "Counts by status and grade of the exams I gave, under the list's filters",
    description: restricted,
    query: examSummaryQuery,
    response: examSummarySchema,
    errors: [403],
  }),
  exam: defineRoute({
    method: 'GET',
    path: '/api/exam/exams/{id}/',
    access: 'user',
    tag: examsTag,
    summary: 'An exam, for its teacher or its student',
    description:
      'The teacher (and, read-only, the principals of their school) sees the questions with the answers ' +
      'given and the correct ones. The student sees ' +
      'their score and grade once completed (or after the end, when the exam says so) and the questions ' +
      `with the correct answers after the end. ${mine}`,
    params: idParams,
    response: examDetailSchema,
    errors: [403, 404],
  }),
  updateExam: defineRoute({
    method: 'PATCH',
    path: '/api/exam/exams/{id}/',
    access: 'user',
    tag: examsTag,
    summary: "Give this exam's student extra time (minutes after the end)",
    description: 'Only for its teacher, and only until it is completed (409 after).',
    params: idParams,
    body: z.object({ extra_minutes: z.coerce.number().int().min(0).max(EXAM_MAX_EXTRA_MINUTES) }),
    response: examSchema,
    errors: [403, 404, 409],
  }),
  deleteExam: defineRoute({
    method: 'DELETE',
    path: '/api/exam/exams/{id}/',
    access: 'user',
    tag: examsTag,
    summary: 'Delete an exam I gave, with its answers',
    params: idParams,
    status: 204,
    response: noContent,
    errors: [403, 404],
  }),
  examStudentsSearch: defineRoute({
    method: 'GET',
    path: '/api/exam/users-search/',
    access: 'user',
    tag: examsTag,
    summary: 'People I may give an exam to, by name or whole e-mail (at most 20)',
    description: restricted,
    query: z.object({ search: z.string().trim().min(1).max(100) }),
    response: z.array(reachedPersonSchema),
    errors: [403],
  }),
  studentExams: defineRoute({
    method: 'GET',
    path: '/api/exam/students-exams/',
    access: 'user',
    tag: examsTag,
    summary: 'The exams given to me (paginated; by date or name)',
    description: restricted,
    query: examListQuery,
    response: paginated(examSchema),
    errors: [403],
  }),
  startExam: defineRoute({
    method: 'PUT',
    path: '/api/exam/exam-started/{id}/',
    access: 'user',
    tag: examsTag,
    summary: 'Start my exam, or come back to it: its questions without the correct answers',
    description:
      'Only between its start and its end (with extra time), and until it is completed (403 otherwise). ' +
      'Calling it again returns the same order and the answers saved so far.',
    params: idParams,
    body: z.object({}).nullish(),
    response: examTakingSchema,
    errors: [403, 404],
  }),
  answerQuestion: defineRoute({
    method: 'POST',
    path: '/api/exam/{examId}/{questionId}/answer/',
    access: 'user',
    tag: examsTag,
    summary: 'Save the answer to one question of my started exam (it may change until completion)',
    description:
      'Refused (403) before the start call, after completion and after the end. Its points are counted ' +
      'when it is saved (docs/api.md "Question kinds").',
    params: questionParams,
    body: examAnswerBody,
    response: z.object({
      question: z.number().int(),
      student_answer: answerKeySchema.nullable(),
      student_response: questionResponseSchema.nullable(),
      answers_count: z.number().int(),
    }),
    errors: [403, 404],
  }),
  examPresence: defineRoute({
    method: 'POST',
    path: '/api/exam/exams/{id}/presence/',
    access: 'user',
    tag: examsTag,
    summary: 'Tell the teacher my exam page is here or away (the page calls it as it shows and hides)',
    description:
      "Only the exam's student, while the attempt is open (403 before the start call and after the end). " +
      'A change from here to away or back is recorded once.',
    params: idParams,
    body: z.object({ state: examPresenceStateSchema }),
    status: 204,
    response: noContent,
    errors: [403, 404],
  }),
  reopenExam: defineRoute({
    method: 'POST',
    path: '/api/exam/exams/{id}/reopen/',
    access: 'user',
    tag: examsTag,
    summary: "Reopen a student's completed attempt for at least `minutes` from now",
    description:
      'Only for its teacher, and only a completed attempt that was started (409 otherwise). Its score and ' +
      'grade are cleared; its extra time grows so that it ends `minutes` from now at the earliest; it is ' +
      'graded again at that end. Recorded on the exam.',
    params: idParams,
    body: z.object({ minutes: z.coerce.number().int().min(1).max(EXAM_REOPEN_MAX_MINUTES) }),
    response: examSchema,
    errors: [403, 404, 409],
  }),
  examLive: defineRoute({
    method: 'GET',
    path: '/api/exam/test-teachers/{id}/live/',
    access: 'user',
    tag: examsTag,
    summary:
      'Watch a sitting of a test of mine: each student started, answers, last seen, away, finished (paginated)',
    description:
      'A sitting is the exams of the test I gave with the same start and end (one assignment). ' +
      `\`start_at\` and \`end_at\` pick one; without them, the one running now. Its students come a page ` +
      'at a time, by last name, first name and exam id; `summary` counts the whole sitting. ' +
      mine,
    params: idParams,
    query: examLiveQuery,
    response: examLiveSchema,
    errors: [403, 404],
  }),
  completeExam: defineRoute({
    method: 'PUT',
    path: '/api/exam/exam-completed/{id}/',
    access: 'user',
    tag: examsTag,
    summary: 'Complete my started exam (the page calls it when the student finishes or leaves)',
    description: 'Completing a completed exam changes nothing. Not started: 403.',
    params: idParams,
    body: z.object({}).nullish(),
    response: examDetailSchema,
    errors: [403, 404],
  }),
};
