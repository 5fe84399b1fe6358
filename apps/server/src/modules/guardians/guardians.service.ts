import { createHash, randomBytes } from 'node:crypto';
import type { Language } from '@flashcards/i18n';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { type Actor, authorize } from '../../lib/access';
import { ApiError, conflict, notFound } from '../../lib/api-error';
import { type Clock, DAY, dayIn } from '../../lib/clock';
import type { JobQueue } from '../../lib/jobs';
import type { Tokens } from '../../lib/tokens';
import { translate } from '../../lib/translate';
import { queueMail } from '../mail/mail.jobs';
import type { MailService } from '../mail/mail.service';
import { guardianMail, type MailSection } from './guardians.emails';
import { guardianPolicy } from './guardians.policy';
import type { stateOf } from './guardians.presenter';
import * as repo from './guardians.repository';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Guardians' summaries are made this many at a time: a fixed number of statements per batch. */
export const SUMMARY_BATCH = 500;

/** The week (Monday to Sunday, UTC) that `now` falls in. */
export const weekOf = (now: Date): repo.Week & { today: string } => {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const start = new Date(midnight - ((now.getUTCDay() + 6) % 7) * DAY);
  const day = (date: Date) => date.toISOString().slice(0, 10);
  return {
    from: day(start),
    to: day(new Date(start.getTime() + 6 * DAY)),
    start,
    now,
    today: dayIn('UTC', now),
  };
};

/** Rows of a batch by their student. */
const byStudent = <T extends { student_id: number }>(rows: T[]) => {
  const grouped = new Map<number, T[]>();
  for (const row of rows) grouped.set(row.student_id, [...(grouped.get(row.student_id) ?? []), row]);
  return grouped;
};

type SetFields = { email: string; language?: Language };
type Student = NonNullable<Awaited<ReturnType<typeof repo.findStudent>>>;

/**
 * A student's guardian e-mail: set by a principal of the student's school (confirmed at once) or by the
 * student (confirmed by the guardian's link), and the weekly summary the confirmed ones get (docs/design.md
 * "Guardians").
 */
export const createGuardiansService = ({
  db,
  config,
  clock,
  jobs,
  tokens,
  mail,
}: {
  db: Database;
  config: Config;
  clock: Clock;
  jobs: JobQueue;
  tokens: Tokens;
  mail: MailService;
}) => {
  const site = config.site.name;
  /** The token of a guardian's links: made again from the row's key, never stored. */
  const tokenOf = (linkKey: string) => tokens.mac(`guardian:${linkKey}`);
  const linksOf = (token: string) => ({
    confirm: `${config.publicUrl}/guardian/confirm/${token}`,
    unsubscribe: {
      page: `${config.publicUrl}/guardian/unsubscribe/${token}`,
      oneClick: `${config.publicUrl}/api/guardians/${token}/unsubscribe/`,
    },
  });
  const nameOf = (person: { firstName: string; lastName: string }) =>
    [person.firstName, person.lastName].filter(Boolean).join(' ');
  /** A day (`YYYY-MM-DD`) or, in the student's time zone, a moment with its time. */
  const dateFor = (language: Language, moment: Date | string, timeZone?: string) =>
    new Intl.DateTimeFormat(language === 'bg' ? 'bg-BG' : 'en-GB', {
      dateStyle: 'long',
      ...(timeZone ? { timeStyle: 'short', timeZone } : { timeZone: 'UTC' }),
    }).format(new Date(moment));

  /** Replaces the student's guardian and queues its first mail, in one transaction with the mail's limit. */
  const replace = async (
    actor: Actor,
    student: Student,
    fields: SetFields,
    setBy: 'principal' | 'student',
    ip: string,
  ) => {
    const now = clock.now();
    const linkKey = randomBytes(24).toString('base64url');
    const token = tokenOf(linkKey);
    const language = fields.language ?? student.language;
    const links = linksOf(token);
    const values = { to: fields.email, site, student: nameOf(student), school: student.school ?? '' };
    const first =
      setBy === 'principal'
        ? guardianMail(language, 'guardian_added', values, [], {
            unsubscribe: links.unsubscribe,
          })
        : guardianMail(language, 'guardian_confirm', values, [], {
            action: { label: translate(language, 'email:guardian_confirm.action'), url: links.confirm },
          });
    return db.transaction(async (tx) => {
      await mail.limit(
        setBy === 'principal' ? 'school_accounts' : 'guardian_by_student',
        { accountId: actor.id, ip },
        { tx },
      );
      const row = await repo.replaceGuardian(tx, {
        studentId: student.id,
        email: fields.email,
        language,
        setBy,
        setById: actor.id,
        linkKey,
        tokenHash: sha256(token),
        createdAt: now,
        confirmedAt: setBy === 'principal' ? now : null,
      });
      await queueMail(jobs, first, { tx });
      return row;
    });
  };

  /** A student of the principal's school (another school's, or a member who is not a student: 404). */
  const schoolStudent = async (actor: Actor, id: number) => {
    authorize(actor, guardianPolicy.school, actor);
    return authorize(actor, guardianPolicy.schoolStudent, await repo.findStudent(db, id));
  };

  /** The guardian a link names (an unknown or replaced link: 404 with its own message). */
  const byToken = async (token: string) => {
    const found = await repo.guardianByToken(db, sha256(token));
    if (!found) throw new ApiError(404, 'guardian_link_invalid', { key: 'guardian_link_invalid' });
    return found;
  };

  const linkAnswer = (found: { firstName: string; lastName: string }, state: ReturnType<typeof stateOf>) => ({
    student_first_name: found.firstName,
    student_last_name: found.lastName,
    state,
  });

  /** The summary of one student's week, in the guardian's language. */
  const summarySections = (
    language: Language,
    timeZone: string,
    data: {
      practice?: { cards: number; days: number };
      paths: Awaited<ReturnType<typeof repo.pathsOf>>;
      exams: Awaited<ReturnType<typeof repo.examsOf>>;
    },
  ): MailSection[] => {
    const t = (key: string, values: Record<string, string | number> = {}) =>
      translate(language, `email:guardian_summary.${key}`, values);
    const practice = data.practice?.cards
      ? [t('practice_line', { count: data.practice.cards, days: data.practice.days })]
      : [t('practice_none')];
    const paths = data.paths.map((path) =>
      t('path_line', {
        name: path.name,
        cards: path.cards,
        target: path.daily_target * path.days,
        end: dateFor(language, path.end_at),
      }),
    );
    const behind = data.paths
      .filter((path) => path.days_behind > 0)
      .map((path) => t('path_behind', { name: path.name, count: path.days_behind }));
    const of = (kind: string) => data.exams.filter((exam) => exam.kind === kind);
    const missed = of('missed').map((exam) =>
      t('exam_missed', { name: exam.name, date: dateFor(language, exam.start_at, timeZone) }),
    );
    const upcoming = of('upcoming').map((exam) =>
      t('exam_upcoming', { name: exam.name, date: dateFor(language, exam.start_at, timeZone) }),
    );
    const grades = of('graded').map((exam) => t('grade_line', { name: exam.name, grade: exam.grade ?? '' }));
    const section = (key: string, lines: string[]) => ({
      title: t(`${key}_title`),
      lines: lines.length > 0 ? lines : [t(`${key}_none`)],
    });
    return [
      { title: t('practice_title'), lines: practice },
      section('paths', paths),
      section('missed', [...behind, ...missed]),
      section('upcoming', upcoming),
      section('grades', grades),
    ];
  };

  return {
    /** The guardians of the principal's school's students. */
    async ofSchool(actor: Actor) {
      const schoolId = authorize(actor, guardianPolicy.school, actor).schoolId!;
      return (await repo.guardiansOfSchool(db, schoolId)).map((row) => row.guardian);
    },

    async setForStudent(actor: Actor, studentId: number, fields: SetFields, ip: string) {
      const student = await schoolStudent(actor, studentId);
      return replace(actor, student, fields, 'principal', ip);
    },

    async removeForStudent(actor: Actor, studentId: number) {
      await schoolStudent(actor, studentId);
      if (!(await repo.deleteGuardian(db, studentId))) throw notFound();
    },

    async mine(actor: Actor) {
      authorize(actor, guardianPolicy.own, actor);
      return (await repo.guardianOf(db, actor.id)) ?? null;
    },

    async setMine(actor: Actor, fields: SetFields, ip: string) {
      authorize(actor, guardianPolicy.own, actor);
      const current = await repo.guardianOf(db, actor.id);
      if (current) authorize(actor, guardianPolicy.change, current);
      const student = (await repo.findStudent(db, actor.id))!;
      return replace(actor, student, fields, 'student', ip);
    },

    async removeMine(actor: Actor) {
      authorize(actor, guardianPolicy.own, actor);
      authorize(actor, guardianPolicy.change, await repo.guardianOf(db, actor.id));
      await repo.deleteGuardian(db, actor.id);
    },

    /** The guardian's confirmation link: once, while waiting. */
    async confirm(token: string) {
      const found = await byToken(token);
      if (!(await repo.confirm(db, found.guardian.id, clock.now())))
        throw conflict(
          found.guardian.unsubscribedAt ? 'guardian_unsubscribed' : 'guardian_already_confirmed',
        );
      return linkAnswer(found, 'confirmed');
    },

    /** The unsubscription link of every guardian mail; a repeat answers the same. */
    async unsubscribe(token: string) {
      const found = await byToken(token);
      await repo.unsubscribe(db, found.guardian.id, clock.now());
      return linkAnswer(found, 'unsubscribed');
    },

    /**
     * The weekly job: one summary of the week for each confirmed, subscribed guardian not yet sent this
     * week's, a batch at a time with the same statements whatever its size (the guardians, the practice,
     * the paths, the exams); each batch's mails are queued in the transaction that records the week, so a
     * job stopped midway and run again mails nobody twice. Answers how many were queued.
     */
    async sendWeeklySummaries(batchSize = SUMMARY_BATCH) {
      const week = weekOf(clock.now());
      let queued = 0;
      for (let after = 0; ; ) {
        const batch = await repo.dueGuardians(db, { week: week.from, after, limit: batchSize });
        if (batch.length === 0) return queued;
        after = batch.at(-1)!.id;
        const students = batch.map((guardian) => guardian.studentId);
        const [practice, paths, examRows] = await Promise.all([
          repo.practiceOf(db, students, week),
          repo.pathsOf(db, students, week),
          repo.examsOf(db, students, week),
        ]);
        const practiceOf = new Map(practice.map((row) => [row.student_id, row]));
        const pathsOf = byStudent(paths);
        const examsOf = byStudent(examRows);
        const mails = new Map(
          batch.map((guardian) => {
            const language = guardian.language;
            const sections = summarySections(language, guardian.timeZone, {
              practice: practiceOf.get(guardian.studentId),
              paths: pathsOf.get(guardian.studentId) ?? [],
              exams: examsOf.get(guardian.studentId) ?? [],
            });
            const values = {
              to: guardian.email,
              site,
              student: nameOf(guardian),
              from: dateFor(language, week.from),
              until: dateFor(language, week.to),
            };
            return [
              guardian.id,
              guardianMail(language, 'guardian_summary', values, sections, {
                unsubscribe: linksOf(tokenOf(guardian.linkKey)).unsubscribe,
              }),
            ];
          }),
        );
        queued += await db.transaction(async (tx) => {
          const ids = await repo.markWeekSent(tx, [...mails.keys()], week.from);
          for (const id of ids) await queueMail(jobs, mails.get(id)!, { tx });
          return ids.length;
        });
      }
    },
  };
};

export type GuardiansService = ReturnType<typeof createGuardiansService>;
