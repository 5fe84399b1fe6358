import { z } from 'zod';
import { gradeSchema } from './exams';
import { defineRoute } from './route';

/** Items a list of the home shows at most; the page it links to has the rest. */
export const HOME_LIST_MAX = 5;
/** How far ahead the home shows exams, and how long it keeps results and ended sittings, in days. */
export const HOME_AHEAD_DAYS = 14;
export const HOME_RECENT_DAYS = 7;

/** The roles a home is made of: a person may be several (a learner who also gives paths sees both). */
export const homeRoleSchema = z.enum(['student', 'learner', 'teacher', 'principal']);
export type HomeRole = z.infer<typeof homeRoleSchema>;

const kindOfCards = z.enum(['text', 'picture', 'kids']);

/** A path of today: its daily targets and what today brought in the path's modes. */
export const homePathSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category_name: z.string(),
  type_of_cards: kindOfCards,
  end_at: z.string(),
  daily_flip_target: z.number().int(),
  daily_learn_target: z.number().int(),
  flips_today: z.number().int(),
  learned_today: z.number().int(),
  completed: z.boolean(),
});
export type HomePath = z.infer<typeof homePathSchema>;

/** An exam of mine not over yet: `open` while it may be started or continued now. */
export const homeExamSchema = z.object({
  id: z.number().int(),
  test_name: z.string(),
  start_exam_at: z.string(),
  ends_at: z.string(),
  is_exam_started: z.boolean(),
  open: z.boolean(),
});
export type HomeExam = z.infer<typeof homeExamSchema>;

/** A result I may see now, shown for a week after it came. */
export const homeResultSchema = z.object({
  id: z.number().int(),
  test_name: z.string(),
  score: z.number().int().nullable(),
  total_score: z.number().int(),
  grade: gradeSchema.nullable(),
  results_at: z.string(),
});
export type HomeResult = z.infer<typeof homeResultSchema>;

/** A category someone offered me, waiting for my answer. */
export const homeOfferSchema = z.object({
  id: z.number().int(),
  category_name: z.string(),
  sender_name: z.string(),
  sent_at: z.string(),
});

export const homeStudentSchema = z.object({
  paths: z.array(homePathSchema),
  exams: z.array(homeExamSchema),
  results: z.array(homeResultSchema),
});

export const homeLearnerSchema = z.object({
  /** Cards due for review over all my text and picture categories. */
  due_cards_len: z.number().int(),
  /** The category I practised last (else the newest), to continue; null when I have none. */
  continue_category: z
    .object({ id: z.number().int(), name: z.string(), type_of_cards: kindOfCards })
    .nullable(),
  categories_count: z.number().int(),
  answers_today: z.number().int(),
  /** The free daily limit; null when it does not apply (premium). */
  daily_limit: z.number().int().nullable(),
  /** Consecutive days with practice up to today (or yesterday, while today has none yet). */
  streak_days: z.number().int(),
  practised_today: z.boolean(),
});

/** One sitting I gave: a test given with the same window. */
export const homeSittingSchema = z.object({
  test_id: z.number().int(),
  test_name: z.string(),
  start_exam_at: z.string(),
  end_exam_at: z.string(),
  state: z.enum(['running', 'upcoming', 'ended']),
  students: z.number().int(),
  started: z.number().int(),
  completed: z.number().int(),
});
export type HomeSitting = z.infer<typeof homeSittingSchema>;

/** A class I teach and how its students worked this week (from Monday, in my time zone). */
export const homeClassSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  students: z.number().int(),
  /** Students who practised or studied a path this week. */
  active_students: z.number().int(),
  /** Answers on paths this week. */
  path_answers: z.number().int(),
});
export type HomeClass = z.infer<typeof homeClassSchema>;

export const homeTeacherSchema = z.object({
  /** Running first, then upcoming by start, then those ended this week (their results to review). */
  sittings: z.array(homeSittingSchema),
  classes: z.array(homeClassSchema),
  /** Ended sittings of the last week: results to look through. */
  to_review: z.number().int(),
});

export const homePrincipalSchema = z.object({
  school: z.object({ id: z.number().int(), name: z.string() }),
  classes: z.number().int(),
  students: z.number().int(),
  teachers: z.number().int(),
  /** Seats: students the school may have. */
  seats: z.number().int(),
  /** Learning paths the school's teachers gave this week, counted as a teacher sees them (by category). */
  paths_this_week: z.number().int(),
  /** Sittings of the school's teachers whose window meets this week. */
  exams_this_week: z.number().int(),
  /** The teachers with their own counts, busiest first. */
  teachers_this_week: z.array(
    z.object({
      id: z.number().int(),
      first_name: z.string(),
      last_name: z.string(),
      paths: z.number().int(),
      exams: z.number().int(),
    }),
  ),
});

export const homeSchema = z.object({
  roles: z.array(homeRoleSchema),
  /** A teacher, or someone who has made a test, an exam or a learning path: the menu shows their tools. */
  uses_teacher_tools: z.boolean(),
  /** The calendar day of my time zone the figures count in. */
  today: z.string(),
  now: z.string(),
  /** Categories offered to me: the newest few, and how many wait in all. */
  sent_to_me: z.object({ offers: z.array(homeOfferSchema), count: z.number().int() }),
  student: homeStudentSchema.nullable(),
  learner: homeLearnerSchema.nullable(),
  teacher: homeTeacherSchema.nullable(),
  principal: homePrincipalSchema.nullable(),
});
export type Home = z.infer<typeof homeSchema>;

export const homeRoutes = {
  home: defineRoute({
    method: 'GET',
    path: '/api/home/',
    access: 'user',
    tag: 'home',
    summary: "The signed-in person's home: what to do today, by role",
    response: homeSchema,
  }),
};
