import { z } from 'zod';
import {
  answerKeySchema,
  EXAMS_MAX_PER_CALL,
  examStatusSchema,
  examSummaryQuery,
  gradeSchema,
  questionPictureFields,
  TEST_MAX_QUESTIONS,
} from './exams';
import { pathPersonSchema } from './learning-paths';
import { questionKindSchema } from './question-kinds';
import { defineRoute, fileBody } from './route';

/** Questions an item analysis lists at most (hardest first): one full test's worth. */
export const ANALYSIS_MAX_QUESTIONS = TEST_MAX_QUESTIONS;
/** Exams a results sheet or an export holds at most: an assignment call's worth. */
export const RESULTS_MAX_EXAMS = EXAMS_MAX_PER_CALL;

/**
 * How the class answered one question, over the completed exams a teacher's filter selects: how many of
 * them had it (`taken`), each answer's choice count (by its key in the test, in the test's order), how
 * many left it unanswered, how many answered it right (all its points) and that share of `taken` (null when
 * none counted). Questions without lettered answers (docs/api.md "Question kinds") have no `answers`; a
 * `multiple` question counts each letter chosen, so its counts may add up to more than the answers.
 */
export const questionAnalysisSchema = z.object({
  id: z.number().int(),
  test: z.object({ id: z.number().int(), name: z.string() }),
  position: z.number().int(),
  kind: questionKindSchema,
  question_text: z.string(),
  ...questionPictureFields,
  correct_answer: answerKeySchema.nullable(),
  /** The correct letters of a `multiple` question (empty for other kinds). */
  correct_answers: z.array(answerKeySchema),
  score_value: z.number().int(),
  taken: z.number().int(),
  answers: z.array(z.object({ key: answerKeySchema, text: z.string(), count: z.number().int() })),
  unanswered: z.number().int(),
  correct: z.number().int(),
  correct_share: z.number().nullable(),
});
export type QuestionAnalysis = z.infer<typeof questionAnalysisSchema>;

/** The item analysis of the exams a filter selects: the completed ones it counts, the questions hardest first. */
export const examAnalysisSchema = z.object({
  exams_count: z.number().int(),
  questions: z.array(questionAnalysisSchema),
});
export type ExamAnalysis = z.infer<typeof examAnalysisSchema>;

/** One student's result on a results sheet (and a line of the export). */
export const examResultSchema = z.object({
  id: z.number().int(),
  student: pathPersonSchema,
  test: z.object({ id: z.number().int(), name: z.string() }),
  status: examStatusSchema,
  score: z.number().int().nullable(),
  total_score: z.number().int(),
  grade: gradeSchema.nullable(),
  start_exam_at: z.string(),
  end_exam_at: z.string(),
  started_at: z.string().nullable(),
  completed_at: z.string().nullable(),
});
export type ExamResult = z.infer<typeof examResultSchema>;

/** The results of the exams a filter selects, by student name, for a printed sheet. */
export const examResultsSchema = z.object({
  generated_at: z.string(),
  results: z.array(examResultSchema),
});
export type ExamResults = z.infer<typeof examResultsSchema>;

/** A colleague a test may be copied to: a teacher or principal of my school. */
export const colleagueSchema = pathPersonSchema.extend({ is_principal: z.boolean() });
export type Colleague = z.infer<typeof colleagueSchema>;

/** The header of the results export, in this order (the columns are data, not interface text). */
export const EXAM_RESULTS_CSV_COLUMNS = [
  'first_name',
  'last_name',
  'test',
  'status',
  'score',
  'total_score',
  'grade',
  'start_exam_at',
  'end_exam_at',
  'started_at',
  'completed_at',
] as const;

const examsTag = 'exams';
const restricted = 'Accounts a school created and whose person has not yet set a password get 403.';

export const examResultRoutes = {
  examAnalysis: defineRoute({
    method: 'GET',
    path: '/api/exam/exams/analysis/',
    access: 'user',
    tag: examsTag,
    summary: "Item analysis of the exams I gave, under the list's filters: each question, hardest first",
    description:
      'Counts completed exams only: per question the share answered right, the choices of each answer and ' +
      `the unanswered; at most ${ANALYSIS_MAX_QUESTIONS} questions. ${restricted}`,
    query: examSummaryQuery,
    response: examAnalysisSchema,
    errors: [403],
  }),
  examResults: defineRoute({
    method: 'GET',
    path: '/api/exam/exams/results/',
    access: 'user',
    tag: examsTag,
    summary: "The results of the exams I gave under the list's filters, by student, for a printed sheet",
    description: `At most ${RESULTS_MAX_EXAMS} exams. ${restricted}`,
    query: examSummaryQuery,
    response: examResultsSchema,
    errors: [403],
  }),
  exportExamResults: defineRoute({
    method: 'GET',
    path: '/api/exam/exams/export/',
    access: 'user',
    tag: examsTag,
    summary: "The results of the exams I gave under the list's filters as a CSV file",
    description:
      `A header row (${EXAM_RESULTS_CSV_COLUMNS.join(', ')}), then one line per exam by student; UTF-8 ` +
      'with a BOM; a cell that would start a formula is written as text. Times are ISO 8601 (UTC). ' +
      `At most ${RESULTS_MAX_EXAMS} exams. ${restricted}`,
    query: examSummaryQuery,
    response: fileBody,
    // What `exams.exportResults` sends (with `charset=utf-8`).
    download: ['text/csv'],
    errors: [403],
  }),
  colleagues: defineRoute({
    method: 'GET',
    path: '/api/exam/colleagues/',
    access: 'user',
    tag: 'tests',
    summary: 'The teachers and principals of my school, to whom I may copy a test',
    description: `Empty unless I teach at or lead a school. ${restricted}`,
    response: z.array(colleagueSchema),
    errors: [403],
  }),
};
