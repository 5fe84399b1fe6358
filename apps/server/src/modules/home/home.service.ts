import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/access';
import { type Clock, dayIn } from '../../lib/clock';
import type { Entitlements } from '../../lib/entitlements';
import type { MemoryService } from '../memory/memory.service';
import * as repo from './home.repository';

/** The Monday of the week of `day` (`YYYY-MM-DD`): the week the home counts "this week" from. */
export const mondayOf = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
};

/**
 * The home: what each of the person's roles has to do today, read in a fixed number of statements
 * whatever the data (docs/design.md "The home"). Everyone's is their own: no object of another is named,
 * so there is no access to decide beyond being signed in.
 */
export const createHomeService = ({
  db,
  config,
  clock,
  entitlements,
  memory,
}: {
  db: Database;
  config: Config;
  clock: Clock;
  entitlements: Entitlements;
  memory: MemoryService;
}) => {
  /** A school's teacher, or a person who has made a test, an exam or a learning path. */
  const teaches = (user: Actor) => user.isTeacher && user.schoolId !== null;

  return {
    usesTeacherTools: async (user: Actor) => teaches(user) || (await repo.usesTeacherTools(db, user.id)),

    async home(user: Actor) {
      const now = clock.now();
      const today = dayIn(user.timeZone, now);
      const weekStart = mondayOf(today);
      const principal = user.isOrganizationHost && user.schoolId !== null;
      // Auto-created accounts have no paths or exams of their own (docs/api.md "Roles and reach").
      const assigned = !principal && !user.isAutoCreated;
      const learner = !principal && (!user.isStudent || user.isAutoCreated);
      // The due count reads the learner's memory after every answer so far.
      if (learner) await memory.fold(user.id);
      const [usesTools, offers, paths, exams, day, school] = await Promise.all([
        repo.usesTeacherTools(db, user.id),
        repo.waitingOffers(db, user.id),
        assigned ? repo.pathsOfToday(db, user.id, today) : null,
        assigned ? repo.examsOfStudent(db, user.id, now) : null,
        learner ? repo.learnerDay(db, user.id, now, today) : null,
        principal && user.schoolId !== null
          ? repo.schoolAtAGlance(db, user.schoolId, weekStart, user.timeZone)
          : null,
      ]);
      const teacher = !user.isAutoCreated && (teaches(user) || usesTools);
      const [sittings, classes] = teacher
        ? await Promise.all([
            repo.sittingsOfTeacher(db, user.id, now),
            repo.classesOfTeacher(db, user.id, weekStart),
          ])
        : [null, null];
      return {
        now,
        today,
        usesTools: usesTools || teaches(user),
        isStudent: user.isStudent,
        offers,
        paths,
        exams,
        learner: day && {
          ...day,
          dailyLimit: entitlements.isPremium(user, now) ? null : config.limits.dailyCardLimit,
        },
        teacher: sittings && classes && { sittings, classes },
        school,
      };
    },
  };
};

export type HomeService = ReturnType<typeof createHomeService>;
export type HomeData = Awaited<ReturnType<HomeService['home']>>;
