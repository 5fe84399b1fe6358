import { REPORT_EXPORT_MAX_ROWS } from '@flashcards/contract';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { type Actor, authorize } from '../../lib/access';
import { invalid, notFound } from '../../lib/api-error';
import type { Clock } from '../../lib/clock';
import type { Entitlements } from '../../lib/entitlements';
import { reportPolicy } from './reports.policy';
import * as repo from './reports.repository';

export const createReportsService = ({
  db,
  config,
  clock,
  entitlements,
}: {
  db: Database;
  config: Config;
  clock: Clock;
  entitlements: Entitlements;
}) => {
  const policy = reportPolicy(clock, entitlements);
  const threshold = config.limits.learnedThreshold;
  const mayUse = (actor: Actor) => authorize(actor, policy.use, actor);
  const student = async (actor: Actor, email: string) => {
    mayUse(actor);
    const found = await repo.findReachedStudent(db, actor.id, email);
    if (!found) throw notFound();
    return found;
  };

  return {
    async students(actor: Actor, search: string | undefined, limit: number, offset: number) {
      mayUse(actor);
      return repo.studentsPage(db, { me: actor.id, search, threshold, limit, offset });
    },

    async rows(actor: Actor, email: string, limit: number, offset: number) {
      const found = await student(actor, email);
      return {
        student: found,
        ...(await repo.reportRowsPage(db, { studentId: found.id, threshold, limit, offset })),
      };
    },

    async all(actor: Actor, email: string) {
      const found = await student(actor, email);
      const { rows } = await repo.reportRowsPage(db, {
        studentId: found.id,
        threshold,
        limit: REPORT_EXPORT_MAX_ROWS,
        offset: 0,
      });
      return { student: found, rows };
    },

    /** The cards of one of the student's categories or paths, with the row they make up. */
    async cards(
      actor: Actor,
      email: string,
      which: { categoryId?: number; pathId?: number; tags: string[] },
      limit: number,
      offset: number,
    ) {
      if ((which.categoryId === undefined) === (which.pathId === undefined))
        throw invalid({ non_field_errors: 'report_one_of' });
      const found = await student(actor, email);
      const scope =
        which.categoryId !== undefined
          ? { categoryId: which.categoryId }
          : { pathId: which.pathId as number };
      const report = await repo.oneReportRow(db, found.id, threshold, scope);
      if (!report) throw notFound();
      const page = await repo.reportCardsPage(db, { scope, threshold, tags: which.tags, limit, offset });
      return { student: found, report, ...page };
    },
  };
};

export type ReportsService = ReturnType<typeof createReportsService>;
