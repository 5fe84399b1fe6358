/**
 * The moments of an exam that more than one module reads in SQL (the exams module writes exams; the home
 * reads them): one expression each, so that every rule reads them alike (docs/api.md "Exams").
 */
import { sql } from 'drizzle-orm';

/**
 * The end of an attempt: the window's end, or the time limit from the start when that comes first, plus
 * the student's extra time. `least` skips nulls, so an exam not started (or without a limit) ends with its
 * window. `exam` is the exams table's alias in the statement.
 */
export const examEndsAt = (exam: string) =>
  sql.raw(`(least(${exam}.end_at, ${exam}.started_at + ${exam}.time_limit_minutes * interval '1 minute')
    + ${exam}.extra_minutes * interval '1 minute')`);

/** When the review opens: once every student of the same sitting (test and window end) is out of time. */
export const examReviewAt = (exam: string) =>
  sql.raw(`(select ${exam}.end_at + max(o.extra_minutes) * interval '1 minute' from exams o
    where o.test_id = ${exam}.test_id and o.end_at = ${exam}.end_at)`);
