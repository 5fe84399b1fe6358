import { z } from 'zod';
import { cardAnswerBody, cardTypeSchema, sortQuery, tagsValue } from './cards';
import { idParams, idValue, pageValue, paginated } from './common';
import { CARD_TAG_MAX_LENGTH } from './limits';
import { cardScores, practiceSessionId, scoreTotals, undoneAnswerSchema } from './practice';
import { defineRoute, noContent } from './route';

/** Paths of one assignment call: a whole school's students at once. */
export const LEARNING_PATHS_MAX_PER_CALL = 1000;
/** The largest deck (`flip_cards_volume`) and daily target a path may set. */
export const LEARNING_PATH_MAX_DECK = 100;
export const LEARNING_PATH_MAX_DAILY_TARGET = 1000;
/** Correct answers after which a card of a path counts as learned: the spec's default, and the most. */
export const LEARNING_PATH_DEFAULT_LEARNED_VOLUME = 10;
export const LEARNING_PATH_MAX_LEARNED_VOLUME = 100;
export const LEARNING_PATH_NAME_MAX_LENGTH = 200;
/** Rows of one report export. */
export const REPORT_EXPORT_MAX_ROWS = 5000;
/** People a search for students answers at most. */
export const REACHED_PEOPLE_SEARCH_LIMIT = 20;

/** A calendar day, `YYYY-MM-DD`. Path days are the student's days (in their account's time zone). */
export const calendarDay = z.iso.date({ error: 'errors:invalid_date' });

/** A person as a path names them (spec: created_by_user and assigned_user). */
export const pathPersonSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  avatar_url: z.string().nullable(),
});

/**
 * One day of a path (spec: Learning path progress entry): answers (`flip_cards_*`) and cards learned that
 * day, per mode. `create_at` is the day.
 */
export const pathProgressEntrySchema = z.object({
  id: z.number().int(),
  create_at: z.string(),
  flip_cards_verbal: z.number().int(),
  flip_cards_typing: z.number().int(),
  learned_cards_verbal: z.number().int(),
  learned_cards_typing: z.number().int(),
});
export type PathProgressEntry = z.infer<typeof pathProgressEntrySchema>;

/**
 * A learning path: one category's cards (filtered by `categories_tags`, every card when empty) that a
 * teacher assigned to one student between two days, with daily targets. `cards_len` and the learned counts
 * are the student's own on this path; `today` is the requester's day (null before the first answer).
 * `test` is the test the path ends with (null: none), `start_test_at` and `end_test_at` its optional dates
 * (docs/api.md "School area").
 */
export const learningPathSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  start_at: z.string(),
  end_at: z.string(),
  start_test_at: z.string().nullable(),
  end_test_at: z.string().nullable(),
  test: z.number().int().nullable(),
  created_by_user: pathPersonSchema,
  assigned_user: pathPersonSchema,
  category: z.object({ id: z.number().int(), name: z.string(), type_of_cards: cardTypeSchema }),
  categories_tags: z.array(z.string()),
  daily_cards_flip_target: z.number().int(),
  daily_cards_learn_target: z.number().int(),
  flip_cards_volume: z.number().int(),
  learned_card_volume_verbal: z.number().int(),
  learned_card_volume_typing: z.number().int(),
  learning_type_verbal: z.boolean(),
  learning_type_typing: z.boolean(),
  completed_verbal: z.boolean(),
  completed_typing: z.boolean(),
  date_created: z.string(),
  cards_len: z.number().int(),
  learned_cards_verbal_len: z.number().int(),
  learned_cards_typing_len: z.number().int(),
  today: pathProgressEntrySchema.nullable(),
  /** The class's or group's assignment this path is part of; null for a path given to a named student. */
  assignment: z.number().int().nullable(),
});
export type LearningPath = z.infer<typeof learningPathSchema>;

/**
 * Where a path's test is for its student (docs/api.md "School area"): `waiting` (the targets are not met
 * and its dates have not come), `open` (it may be started or continued now), `completed` (graded) or
 * `missed` (its window ended without a completed attempt).
 */
export const pathTestStatusSchema = z.enum(['waiting', 'open', 'completed', 'missed']);
export type PathTestStatus = z.infer<typeof pathTestStatusSchema>;

/**
 * The test of a path with its window and the student's exam of it (null until they open it). `opens_at`
 * is the test's start date (null without dates: it opens when the targets are met); `ends_at` the end of
 * its window. `score` and `grade` are null until the exam is completed.
 */
export const pathTestSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  questions_count: z.number().int(),
  total_score: z.number().int(),
  status: pathTestStatusSchema,
  targets_met: z.boolean(),
  opens_at: z.string().nullable(),
  ends_at: z.string(),
  exam: z
    .object({
      id: z.number().int(),
      status: z.enum(['not_started', 'in_progress', 'completed', 'missed']),
      score: z.number().int().nullable(),
      grade: z.number().int().nullable(),
      completed_at: z.string().nullable(),
    })
    .nullable(),
});
export type PathTest = z.infer<typeof pathTestSchema>;

/**
 * A path with its days, oldest first (spec: the progress response holds the path fields and a progress
 * list), and its test's state (`test_state`, null when it has no test).
 */
export const learningPathProgressSchema = learningPathSchema.extend({
  progress: z.array(pathProgressEntrySchema),
  test_state: pathTestSchema.nullable(),
});
export type LearningPathProgress = z.infer<typeof learningPathProgressSchema>;

/**
 * A card of a path as its student studies it (spec: Text card in a path). `id` names the student's own
 * row for this path and card, the one the answer call takes; the scores are the student's on this path,
 * never the teacher's own. `learned_*` apply the path's learned volumes.
 */
export const pathTextCardSchema = z.object({
  id: z.number().int(),
  card: z.number().int(),
  first_side: z.string(),
  second_side: z.string(),
  category: z.number().int(),
  tag: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  ...cardScores,
  learned_verbal: z.boolean(),
  learned_typing: z.boolean(),
});
export const pathPictureCardSchema = pathTextCardSchema.extend({
  first_side_url: z.string(),
  first_side_thumbnail_url: z.string(),
});
export type PathTextCard = z.infer<typeof pathTextCardSchema>;
export type PathPictureCard = z.infer<typeof pathPictureCardSchema>;

const targetValue = (fallback: number) =>
  z.coerce.number().int().min(0).max(LEARNING_PATH_MAX_DAILY_TARGET).default(fallback);
const learnedVolume = z.coerce
  .number()
  .int()
  .min(1)
  .max(LEARNING_PATH_MAX_LEARNED_VOLUME)
  .default(LEARNING_PATH_DEFAULT_LEARNED_VOLUME);

/** A moment with its offset or `Z` (the web sends the teacher's local time as an ISO string). */
const pathMoment = z.iso.datetime({ offset: true, error: 'errors:invalid_datetime' });

/** The test a path ends with, and its optional dates: both or neither, the end after the start. */
const pathTestFields = {
  test: idValue.nullish(),
  start_test_at: pathMoment.nullish(),
  end_test_at: pathMoment.nullish(),
};
type PathTestFields = { test?: number | null; start_test_at?: string | null; end_test_at?: string | null };
const refinePathTest = <T extends z.ZodType<PathTestFields>>(schema: T) =>
  schema
    .refine((body) => (body.start_test_at == null) === (body.end_test_at == null), {
      path: ['end_test_at'],
      error: 'errors:learning_path_test_dates_both',
    })
    .refine((body) => body.start_test_at == null || body.test != null, {
      path: ['test'],
      error: 'errors:learning_path_test_dates_without_test',
    })
    .refine(
      (body) =>
        body.start_test_at == null ||
        body.end_test_at == null ||
        Date.parse(body.end_test_at) > Date.parse(body.start_test_at),
      { path: ['end_test_at'], error: 'errors:learning_path_test_end_before_start' },
    );

/** Attaching, changing or removing (`test: null`) the test of a path, while its exam has not started. */
export const pathTestBody = refinePathTest(z.object(pathTestFields));
export type PathTestInput = z.input<typeof pathTestBody>;

/**
 * One path to create (the spec's create payload names the tags `category_tags`). The category must be a
 * text or picture category of the requester; at least one mode is studied; `end_at` is not before
 * `start_at`. An optional `test` of the requester's, with optional dates (docs/api.md "School area").
 */
const pathNameValue = z.string().trim().min(1).max(LEARNING_PATH_NAME_MAX_LENGTH);
const pathSettings = {
  name: pathNameValue,
  category: idValue,
  category_tags: z.array(z.string().trim().min(1).max(CARD_TAG_MAX_LENGTH)).max(100).default([]),
  start_at: calendarDay,
  end_at: calendarDay,
  daily_cards_flip_target: targetValue(20),
  daily_cards_learn_target: targetValue(5),
  flip_cards_volume: z.coerce.number().int().min(1).max(LEARNING_PATH_MAX_DECK).default(20),
  learned_card_volume_verbal: learnedVolume,
  learned_card_volume_typing: learnedVolume,
  learning_type_verbal: z.boolean().default(true),
  learning_type_typing: z.boolean().default(false),
  ...pathTestFields,
};
type PathDays = {
  start_at: string;
  end_at: string;
  learning_type_verbal: boolean;
  learning_type_typing: boolean;
};
const refinePathSettings = <T extends z.ZodType<PathDays>>(schema: T) =>
  schema
    .refine((path) => path.end_at >= path.start_at, {
      path: ['end_at'],
      error: 'errors:learning_path_end_before_start',
    })
    .refine((path) => path.learning_type_verbal || path.learning_type_typing, {
      path: ['learning_type_verbal'],
      error: 'errors:learning_path_no_mode',
    });
const learningPathObject = refinePathSettings(
  z.object({
    ...pathSettings,
    assigned_user: idValue,
    /** Ignored: the creator is the signed-in user. */
    created_by_user: z.unknown().optional(),
  }),
);
export const learningPathBody = refinePathTest(learningPathObject);
export type LearningPathInput = z.input<typeof learningPathBody>;

/**
 * A path given to a class (`school_class`, one the requester teaches, or any of their school for its
 * principal) or to a user group of theirs (`user_group`): exactly one of the two (docs/api.md "School
 * area"). Its settings are a path's.
 */
export const pathAssignmentBody = refinePathTest(
  refinePathSettings(
    z.object({
      ...pathSettings,
      school_class: idValue.nullish(),
      user_group: idValue.nullish(),
    }),
  ).refine((body) => (body.school_class == null) !== (body.user_group == null), {
    path: ['school_class'],
    error: 'errors:path_assignment_one_target',
  }),
);
export type PathAssignmentInput = z.input<typeof pathAssignmentBody>;

/**
 * What a teacher may change of a path or an assignment without touching its students' progress: its name,
 * days, daily targets, deck size and test dates (a field left out stays). The days are checked with the
 * values they join (400 `end_at` before `start_at`, test dates outside the path's days).
 */
export const pathEditBody = z
  .object({
    name: pathNameValue,
    start_at: calendarDay,
    end_at: calendarDay,
    daily_cards_flip_target: z.coerce.number().int().min(0).max(LEARNING_PATH_MAX_DAILY_TARGET),
    daily_cards_learn_target: z.coerce.number().int().min(0).max(LEARNING_PATH_MAX_DAILY_TARGET),
    flip_cards_volume: z.coerce.number().int().min(1).max(LEARNING_PATH_MAX_DECK),
    start_test_at: pathMoment.nullable(),
    end_test_at: pathMoment.nullable(),
  })
  .partial()
  .refine(
    (body) => body.start_at === undefined || body.end_at === undefined || body.end_at >= body.start_at,
    {
      path: ['end_at'],
      error: 'errors:learning_path_end_before_start',
    },
  )
  .refine((body) => (body.start_test_at == null) === (body.end_test_at == null), {
    path: ['end_test_at'],
    error: 'errors:learning_path_test_dates_both',
  })
  .refine(
    (body) =>
      body.start_test_at == null ||
      body.end_test_at == null ||
      Date.parse(body.end_test_at) > Date.parse(body.start_test_at),
    { path: ['end_test_at'], error: 'errors:learning_path_test_end_before_start' },
  );
export type PathEditInput = z.input<typeof pathEditBody>;

/** The class or group an assignment follows. */
export const assignmentTargetSchema = z.object({
  kind: z.enum(['class', 'group']),
  id: z.number().int(),
  name: z.string(),
});
export type AssignmentTarget = z.infer<typeof assignmentTargetSchema>;

/**
 * A path given to a class or a group: its settings, its target and how many students have it now
 * (`students_count`). Each student's path is a learning path of their own naming the assignment.
 */
export const pathAssignmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  target: assignmentTargetSchema,
  category: z.object({ id: z.number().int(), name: z.string(), type_of_cards: cardTypeSchema }),
  categories_tags: z.array(z.string()),
  start_at: z.string(),
  end_at: z.string(),
  daily_cards_flip_target: z.number().int(),
  daily_cards_learn_target: z.number().int(),
  flip_cards_volume: z.number().int(),
  learning_type_verbal: z.boolean(),
  learning_type_typing: z.boolean(),
  test: z.number().int().nullable(),
  start_test_at: z.string().nullable(),
  end_test_at: z.string().nullable(),
  students_count: z.number().int(),
  date_created: z.string(),
});
export type PathAssignment = z.infer<typeof pathAssignmentSchema>;
/** An assignment with its students' paths (their progress as the teacher's list shows it), by name. */
export const pathAssignmentDetailsSchema = pathAssignmentSchema.extend({
  paths: z.array(learningPathSchema),
});
export type PathAssignmentDetails = z.infer<typeof pathAssignmentDetailsSchema>;

/** Why a student was left out of an assignment: not someone the teacher reaches (or the teacher). */
export const pathSkipReasonSchema = z.enum(['self', 'not_reached']);
export const learningPathsCreatedSchema = z.object({
  created: z.array(z.number().int()),
  skipped: z.array(z.object({ assigned_user: z.number().int(), reason: pathSkipReasonSchema })),
});
export type LearningPathsCreated = z.infer<typeof learningPathsCreatedSchema>;

/**
 * Someone the requester reaches (docs/api.md "Roles and reach"): a member of the school where the requester is a
 * teacher or principal, or a friend.
 */
export const reachedPersonSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  avatar_url: z.string().nullable(),
  is_student: z.boolean(),
  is_teacher: z.boolean(),
  relation: z.enum(['school', 'friend']),
});
export type ReachedPerson = z.infer<typeof reachedPersonSchema>;

export const pathListQuery = sortQuery.extend({
  page: pageValue,
  /** Ignored unless it is the requester's id: the token decides whose paths are listed. */
  user_id: idValue.optional(),
  /** Part of the path's name or of the student's name (teacher list) or the teacher's (student list). */
  search: z.string().trim().max(100).optional(),
  /** `true`: only the paths given to named students, not those of a class's or group's assignment. */
  named: z.enum(['true', 'false']).optional(),
});
/** A principal's view of a teacher's paths: the teacher, then the list's order and search. */
export const overseenPathsQuery = pathListQuery.omit({ user_id: true }).extend({ teacher: idValue });
export const learningPathIdQuery = z.object({ learning_path_id: idValue });
export const pathDeckQuery = learningPathIdQuery.extend({
  type: z.enum(['verbal', 'typing']).default('verbal'),
});

/**
 * A report row (learner-area: Report row): one text or picture category of the student with its totals,
 * or, when `learning_path` is set, a path assigned to them (its category's cards, the student's own scores
 * and learned counts on that path).
 */
export const reportRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  user: z.object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    avatar_url: z.string().nullable(),
    email: z.string(),
  }),
  learning_path: z
    .object({
      id: z.number().int(),
      name: z.string(),
      learned_card_volume_verbal: z.number().int(),
      learned_card_volume_typing: z.number().int(),
      /**
       * The path's test (null: none) and its student's exam of it: `exam` null until opened, `score` and
       * `grade` null until graded.
       */
      test: z
        .object({
          id: z.number().int(),
          name: z.string(),
          exam: z.number().int().nullable(),
          score: z.number().int().nullable(),
          grade: z.number().int().nullable(),
          total_score: z.number().int(),
        })
        .nullable(),
    })
    .nullable(),
  date_created: z.string(),
  type_of_cards: cardTypeSchema,
  cards_len: z.number().int(),
  learned_cards_verbal_len: z.number().int(),
  learned_cards_typing_len: z.number().int(),
  ...scoreTotals,
});
export type ReportRow = z.infer<typeof reportRowSchema>;

/** One card of a per-card report: the student's scores per mode and whether it is learned in each. */
export const reportCardSchema = z.object({
  id: z.number().int(),
  first_side: z.string(),
  second_side: z.string(),
  first_side_thumbnail_url: z.string().nullable(),
  tag: z.string(),
  ...cardScores,
  learned_verbal: z.boolean(),
  learned_typing: z.boolean(),
});
export type ReportCard = z.infer<typeof reportCardSchema>;

/** A student in the reports' list, with their totals over their categories and paths. */
export const reportStudentSchema = reachedPersonSchema.extend({
  categories_len: z.number().int(),
  learning_paths_len: z.number().int(),
  learned_cards_verbal_len: z.number().int(),
  learned_cards_typing_len: z.number().int(),
  /** The last day they answered a card, or null. */
  last_active: z.string().nullable(),
});
export type ReportStudent = z.infer<typeof reportStudentSchema>;

const userEmail = z.string().trim().min(1).max(254);
export const reportQuery = z.object({ userEmail, page: pageValue });
/** A per-card report names a category of the student, or one of their paths. */
export const reportCardsQuery = z.object({
  userEmail,
  page: pageValue,
  category_id: idValue.optional(),
  learning_path_id: idValue.optional(),
  tags: tagsValue,
});

const pathsTag = 'learning paths';
const reportsTag = 'reports';
const restricted = 'Accounts a school created and whose person has not yet set a password get 403.';
const overseen =
  "Principals only (403 `Your account is restricted` for anyone else), of a teacher of their own school (404 for anyone else's id); read-only: every change stays the teacher's.";
const reach =
  'A student is reached by the teachers and principals of their school and by their friends; a ' +
  "school's principals, teachers and staff members only by their friends; anyone else is not found (404).";
const premium = 'Reports are for subscribers and accounts in their trial (403 otherwise).';

const pathDeck = (path: string, summary: string, card: z.ZodType) =>
  defineRoute({
    method: 'GET',
    path,
    access: 'user',
    tag: pathsTag,
    summary,
    description:
      "At most the path's `flip_cards_volume` cards not yet learned in the mode (`type`), from the " +
      "category's cards with the path's tags. Only for the path's student, between its days (403 " +
      'outside them, or for a mode the path does not study).',
    query: pathDeckQuery,
    response: z.array(card),
    errors: [403, 404],
  });

const pathAnswer = (path: string, summary: string, card: z.ZodType, multipart: boolean) =>
  defineRoute({
    method: 'PUT',
    path,
    access: 'user',
    tag: pathsTag,
    summary,
    description:
      "The spec's body (category, sides and one score field): only the score field counts, as exactly one " +
      "answer on the student's own row for this path and card, and on the day's progress. A card is " +
      "learned after the path's volume for the mode. Refused (403) outside the path's days.",
    ...(multipart ? { encoding: ['multipart', 'json'] as const } : {}),
    params: idParams,
    body: cardAnswerBody,
    response: card,
    errors: [403, 404],
  });

export const learningPathRoutes = {
  teacherPaths: defineRoute({
    method: 'GET',
    path: '/api/learning-paths/list-teachers/',
    access: 'user',
    tag: pathsTag,
    summary: 'The paths I assigned (paginated; by date or name)',
    description: restricted,
    query: pathListQuery,
    response: paginated(learningPathSchema),
    errors: [403],
  }),
  createPaths: defineRoute({
    method: 'POST',
    path: '/api/learning-paths/list-teachers/',
    access: 'user',
    tag: pathsTag,
    summary: 'Assign paths: an array of one path per student, created in one transaction',
    description:
      'Students the requester does not reach are left out and listed in `skipped`; the others are created ' +
      'together. A category that is not a text or picture category of the requester, or a student named ' +
      `twice, refuses the whole call (400). ${restricted}`,
    body: z.array(learningPathBody).min(1).max(LEARNING_PATHS_MAX_PER_CALL),
    status: 201,
    response: learningPathsCreatedSchema,
    errors: [403],
  }),
  teacherPath: defineRoute({
    method: 'GET',
    path: '/api/learning-paths/details-teachers/{id}/',
    access: 'user',
    tag: pathsTag,
    summary: 'A path I assigned, with its progress list',
    params: idParams,
    response: learningPathProgressSchema,
    errors: [403, 404],
  }),
  assignments: defineRoute({
    method: 'GET',
    path: '/api/learning-paths/assignments/',
    access: 'user',
    tag: pathsTag,
    summary: 'The paths I gave to classes and groups, newest first (paginated), each once',
    description: restricted,
    query: z.object({ page: pageValue }),
    response: paginated(pathAssignmentSchema),
    errors: [403],
  }),
  createAssignment: defineRoute({
    method: 'POST',
    path: '/api/learning-paths/assignments/',
    access: 'user',
    tag: pathsTag,
    summary: 'Give a path to a class or a group: one path per current member, and to whoever joins later',
    description:
      "A class the requester does not teach (or, for its school's principal, of another school) and a group " +
      'not theirs are not found (404). Students who join the class or group while the assignment has not ' +
      'ended get their path; students who leave lose it, with their progress. Group members the requester ' +
      `no longer reaches are left out. ${restricted}`,
    body: pathAssignmentBody,
    status: 201,
    response: pathAssignmentSchema,
    errors: [403, 404],
  }),
  assignment: defineRoute({
    method: 'GET',
    path: '/api/learning-paths/assignments/{id}/',
    access: 'user',
    tag: pathsTag,
    summary: 'An assignment I gave, with each student’s path and progress',
    params: idParams,
    response: pathAssignmentDetailsSchema,
    errors: [403, 404],
  }),
  updateAssignment: defineRoute({
    method: 'PATCH',
    path: '/api/learning-paths/assignments/{id}/',
    access: 'user',
    tag: pathsTag,
    summary:
      'Change an assignment’s name, days, targets or test dates for all its students, keeping their progress',
    params: idParams,
    body: pathEditBody,
    response: pathAssignmentSchema,
    errors: [403, 404],
  }),
  deleteAssignment: defineRoute({
    method: 'DELETE',
    path: '/api/learning-paths/assignments/{id}/',
    access: 'user',
    tag: pathsTag,
    summary: 'Delete an assignment with its students’ paths and their progress',
    params: idParams,
    status: 204,
    response: noContent,
    errors: [403, 404],
  }),
  updatePath: defineRoute({
    method: 'PATCH',
    path: '/api/learning-paths/details-teachers/{id}/',
    access: 'user',
    tag: pathsTag,
    summary: 'Change a path’s name, days, targets or test dates, keeping its student’s progress',
    description:
      'For a path given to a named student; a path of a class’s or group’s assignment changes with its ' +
      'assignment (409 `learning_path_of_assignment`).',
    params: idParams,
    body: pathEditBody,
    response: learningPathProgressSchema,
    errors: [403, 404, 409],
  }),
  deletePath: defineRoute({
    method: 'DELETE',
    path: '/api/learning-paths/details-teachers/{id}/',
    access: 'user',
    tag: pathsTag,
    summary: 'Delete a path I assigned, with its student’s progress on it',
    params: idParams,
    status: 204,
    response: noContent,
    errors: [403, 404],
  }),
  pathTest: defineRoute({
    method: 'PUT',
    path: '/api/learning-paths/details-teachers/{id}/test/',
    access: 'user',
    tag: pathsTag,
    summary: 'Attach, change or remove (`test: null`) the test of a path I assigned',
    description:
      'The test must be mine, have questions and an excellent minimum within its points (400). The dates ' +
      "lie from the path's first day to 30 days after its last, the end in the future. Refused (409) once " +
      "the student's exam of it has started; an exam not yet started is replaced.",
    params: idParams,
    body: pathTestBody,
    response: learningPathProgressSchema,
    errors: [403, 404, 409],
  }),
  openPathTest: defineRoute({
    method: 'PUT',
    path: '/api/learning-paths/test-students/{id}/',
    access: 'user',
    tag: pathsTag,
    summary: "Open my path's test: its exam, made when first opened, to take through the exam calls",
    description:
      "Only for the path's student, once its targets are met or its test dates have come, until its " +
      'window ends (403 `learning_path_test_closed` otherwise). Calling it again returns the same exam.',
    params: idParams,
    body: z.object({}).nullish(),
    response: pathTestSchema,
    errors: [403, 404],
  }),
  studentPaths: defineRoute({
    method: 'GET',
    path: '/api/learning-paths/list-students/',
    access: 'user',
    tag: pathsTag,
    summary: 'The paths assigned to me (paginated; by date or name)',
    description: restricted,
    query: pathListQuery,
    response: paginated(learningPathSchema),
    errors: [403],
  }),
  pathProgress: defineRoute({
    method: 'GET',
    path: '/api/learning-paths/learning-path-progress/',
    access: 'user',
    tag: pathsTag,
    summary: 'A path with its progress list, for its student or the teacher who assigned it',
    description: "The principals of the teacher's school see it too, read-only.",
    query: learningPathIdQuery,
    response: learningPathProgressSchema,
    errors: [403, 404],
  }),
  pathTextCards: pathDeck(
    '/api/learning-paths/card-text-students/',
    'A deck of a text path',
    pathTextCardSchema,
  ),
  pathPictureCards: pathDeck(
    '/api/learning-paths/card-picture-students/',
    'A deck of a picture path',
    pathPictureCardSchema,
  ),
  answerPathTextCard: pathAnswer(
    '/api/learning-paths/card-text-students/{id}/',
    'Answer a text card of a path',
    pathTextCardSchema,
    false,
  ),
  answerPathPictureCard: pathAnswer(
    '/api/learning-paths/card-picture-students/{id}/',
    'Answer a picture card of a path',
    pathPictureCardSchema,
    true,
  ),
  undoPathAnswer: defineRoute({
    method: 'POST',
    path: '/api/learning-paths/sessions/{session}/undo/',
    access: 'user',
    tag: pathsTag,
    summary: "Take back the study session's last answer on a path, once",
    description:
      'For "Undo" and "I was right": an answer with `session` becomes that session\'s last one. Its row\'s ' +
      'score goes down by one, and the day counts one answer less (and one learned card less when the ' +
      'answer had learned it; the path is no longer completed in the mode when the answer completed it), ' +
      "never below zero. `card_id` is the path card's id. Another user's or an unknown session answers " +
      '404; a session whose last answer was already taken back 409 `nothing_to_undo`.',
    params: z.object({ session: practiceSessionId }),
    response: undoneAnswerSchema,
    errors: [404, 409],
  }),
  overseenPaths: defineRoute({
    method: 'GET',
    path: '/api/learning-paths/school-teachers/',
    access: 'user',
    tag: pathsTag,
    summary: 'The paths a teacher of my school assigned (paginated; by date or name)',
    description: `Each opens read-only through \`learning-path-progress/\`. ${overseen}`,
    query: overseenPathsQuery,
    response: paginated(learningPathSchema),
    errors: [403, 404],
  }),
  pathStudentsSearch: defineRoute({
    method: 'GET',
    path: '/api/learning-paths/users-search/',
    access: 'user',
    tag: pathsTag,
    summary: 'People I may assign a path to, by name or whole e-mail (at most 20)',
    description: `${reach} ${restricted}`,
    query: z.object({ search: z.string().trim().min(1).max(100) }),
    response: z.array(reachedPersonSchema),
    errors: [403],
  }),
};

export const reportRoutes = {
  reportStudents: defineRoute({
    method: 'GET',
    path: '/api/card/reports/students/',
    access: 'user',
    tag: reportsTag,
    summary: 'The students I reach, with their totals (paginated, by name; `search` by name or e-mail)',
    description: `${reach} ${premium} ${restricted}`,
    query: z.object({ page: pageValue, search: z.string().trim().max(100).optional() }),
    response: paginated(reportStudentSchema),
    errors: [403],
  }),
  reports: defineRoute({
    method: 'GET',
    path: '/api/card/reports/',
    access: 'user',
    tag: reportsTag,
    summary: "A student's categories and learning paths with their totals (paginated, newest first)",
    description: `${reach} ${premium} ${restricted}`,
    query: reportQuery,
    response: paginated(reportRowSchema),
    errors: [403, 404],
  }),
  reportCards: defineRoute({
    method: 'GET',
    path: '/api/card/reports/cards/',
    access: 'user',
    tag: reportsTag,
    summary: "Per-card report: each card of a student's category or path with its scores (paginated)",
    description: `Exactly one of \`category_id\` and \`learning_path_id\` (400 otherwise). ${reach} ${premium}`,
    query: reportCardsQuery,
    response: paginated(reportCardSchema).extend({ report: reportRowSchema }),
    errors: [403, 404],
  }),
  reportExport: defineRoute({
    method: 'GET',
    path: '/api/card/reports/export/',
    access: 'user',
    tag: reportsTag,
    summary: 'Every report row of a student at once, for a CSV export (at most 5000 rows)',
    description: `${reach} ${premium}`,
    query: z.object({ userEmail }),
    response: z.array(reportRowSchema),
    errors: [403, 404],
  }),
};
