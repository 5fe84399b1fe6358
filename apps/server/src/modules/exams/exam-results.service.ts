import {
  ANALYSIS_MAX_QUESTIONS,
  EXAM_RESULTS_CSV_COLUMNS,
  type Grade,
  type GradebookCell,
  RESULTS_MAX_EXAMS,
  spreadsheetCell,
} from '@flashcards/contract';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isoTime } from '../../db/rows';
import type { Actor } from '../../lib/access';
import { notFound } from '../../lib/api-error';
import type { Clock } from '../../lib/clock';
import type { UsersService } from '../users/users.service';
import * as repo from './exam-results.repository';
import { completeDue, type ExamListFilter, sideScope } from './exams.repository';
import { statusOf } from './exams.status';

type Filter = Omit<ExamListFilter, 'userId' | 'now' | 'side'>;

/** A gradebook's cell: the grade, or why there is none (docs/api.md "Gradebook"). */
const cellOf = (row: repo.GradebookRow, now: Date): GradebookCell => {
  if (row.grade !== null) return { state: 'graded', grade: row.grade as Grade };
  return statusOf(row, now) === 'missed'
    ? { state: 'absent', grade: null }
    : { state: 'pending', grade: null };
};

/** Colleagues a picker lists at most. */
const COLLEAGUES_LIMIT = 500;

/**
 * What leaves the results screen: the item analysis, the results of a printed sheet and their CSV export,
 * all under the list's filters; and the colleagues a test may be copied to.
 */
export const createExamResults = ({
  db,
  clock,
  users,
  mayUse,
}: {
  db: Database;
  clock: Clock;
  users: UsersService;
  mayUse: (actor: Actor) => unknown;
}) => {
  /** The teacher's due exams are completed first, so the numbers are the ones the sweep would leave. */
  const teacherFilter = async (actor: Actor, filter: Filter) => {
    mayUse(actor);
    const now = clock.now();
    await completeDue(db, now, sideScope('teacher', actor.id));
    return { ...filter, side: 'teacher' as const, userId: actor.id, now };
  };

  const results = async (actor: Actor, filter: Filter) => {
    const scoped = await teacherFilter(actor, filter);
    const rows = await repo.examResults(db, scoped, RESULTS_MAX_EXAMS);
    return { now: scoped.now, rows };
  };

  return {
    async analysis(actor: Actor, filter: Filter) {
      return repo.examAnalysis(db, await teacherFilter(actor, filter), ANALYSIS_MAX_QUESTIONS);
    },

    results,

    /**
     * The results as a CSV file: a header row, one line per exam, UTF-8 with a BOM (a spreadsheet then
     * reads Cyrillic right); names and tests are other people's text, so a cell that would start a
     * formula is written as text. Named after the test when the filter names one.
     */
    async exportResults(actor: Actor, filter: Filter) {
      const { now, rows } = await results(actor, filter);
      const lines = rows.map((row) =>
        [
          row.first_name,
          row.last_name,
          row.test_name,
          statusOf(row, now),
          row.score === null ? '' : String(row.score),
          String(row.total_score),
          row.grade === null ? '' : String(row.grade),
          isoTime(row.start_at),
          isoTime(row.end_at),
          row.started_at ? isoTime(row.started_at) : '',
          row.completed_at ? isoTime(row.completed_at) : '',
        ].map(spreadsheetCell),
      );
      const data = Buffer.from(
        stringify(lines, {
          header: true,
          columns: [...EXAM_RESULTS_CSV_COLUMNS],
          bom: true,
          record_delimiter: 'windows',
          quoted_match: /[\r\n]/,
        }),
      );
      const test = filter.testId !== undefined ? rows[0]?.test_name : undefined;
      return { name: test ? `${test} results` : 'exam results', data };
    },

    /**
     * The exams of a gradebook (for a class whose reach its module checked): each column, an exam given to
     * a class or group as one assignment or else a test, given to these students in [from, to), with each
     * student's cell (`not_given` when they have no exam of it).
     * Due exams are completed first, so a grade the sweep would give is there.
     */
    async gradebook(scope: { studentIds: number[]; schoolId: number; from: Date; to: Date }) {
      const now = clock.now();
      if (scope.studentIds.length > 0) await completeDue(db, now, sql`e.student_id in ${scope.studentIds}`);
      const rows = await repo.gradebookExams(db, scope);
      const columns = new Map<
        string,
        {
          testId: number;
          assignmentId: number | null;
          name: string;
          date: Date;
          cells: Map<number, GradebookCell>;
        }
      >();
      for (const row of rows) {
        const key = `${row.test_id}:${row.assignment_id ?? ''}`;
        let entry = columns.get(key);
        if (!entry) {
          entry = {
            testId: row.test_id,
            assignmentId: row.assignment_id,
            name: row.test_name,
            date: new Date(row.first_start),
            cells: new Map(),
          };
          columns.set(key, entry);
        }
        entry.cells.set(row.student_id, cellOf(row, now));
      }
      return [...columns.values()].map((entry) => ({
        ...entry,
        cellOf: (studentId: number): GradebookCell =>
          entry.cells.get(studentId) ?? { state: 'not_given', grade: null },
      }));
    },

    async colleagues(actor: Actor) {
      mayUse(actor);
      return repo.colleagues(db, actor.id, COLLEAGUES_LIMIT);
    },

    /** A colleague's account (a teacher or principal of my school, while I teach at or lead it), else 404. */
    async colleague(actor: Actor, id: number) {
      if (!(await repo.isColleague(db, actor.id, id))) throw notFound();
      const account = await users.byId(id);
      if (!account) throw notFound();
      return account;
    },
  };
};
