import { randomBytes, randomInt } from 'node:crypto';
import {
  type FilePart,
  ONEROSTER_MAX_BYTES,
  SCHOOL_CSV_MAX_BYTES,
  SCHOOL_LOGO_MAX_BYTES,
  type SchoolImportRow,
} from '@flashcards/contract';
import type { Language } from '@flashcards/i18n';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import { type Actor, authorize } from '../../lib/access';
import { ApiError, conflict, invalid, type Message, notFound } from '../../lib/api-error';
import type { AssignmentsFollow } from '../../lib/assignment-target';
import { type Clock, DAY } from '../../lib/clock';
import { reencodeImage } from '../../lib/images';
import type { JobQueue } from '../../lib/jobs';
import { noticeMail } from '../../lib/notice-mail';
import { bytesOf } from '../../plugins/multipart';
import type { AuthService } from '../auth/auth.service';
import { hashPassword } from '../auth/auth.service';
import { queueMail } from '../mail/mail.jobs';
import type { MailService } from '../mail/mail.service';
import type { MediaFiles, MediaService } from '../media/media.service';
import type { UsersService } from '../users/users.service';
import { schoolYearOf } from './classes.policy';
import * as classes from './classes.repository';
import {
  ONEROSTER_FILES,
  type OneRosterFile,
  type RosterTeaching,
  readRoster,
  rosterError,
} from './oneroster';
import { queueWelcomeMails, type WelcomeJob } from './schools.jobs';
import { schoolPolicy } from './schools.policy';
import * as repo from './schools.repository';
import { readStudentFile, type StudentFile, type StudentLine } from './student-file';

/** Every file of a school (its logo) lives under this prefix. */
const schoolMediaPrefix = (schoolId: number) => `schools/${schoolId}`;
const LOGO_SIZE = 512;

/** Letters and digits nobody confuses when reading them off a sheet: no i, l, o, 0 or 1. */
const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** An initial password: 10 random characters of the alphabet, shown as two groups of five (`abcde-fghjk`). */
export const initialPassword = () => {
  const chars = Array.from({ length: 10 }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
};

/** An account that leaves its school: no school, no role in it. */
const leaving = {
  schoolId: null,
  isStudent: false,
  isTeacher: false,
  isOrganizationHost: false,
  isOrganizationMember: false,
  autoSchoolAdd: false,
  schoolClassId: null,
} as const;

const isUniqueViolation = (error: unknown) =>
  (error as { cause?: { code?: string } }).cause?.code === '23505';

export type SchoolFields = {
  name?: string;
  town?: string;
  website?: string;
  description?: string;
  is_paid?: boolean;
  available_students?: number;
  is_listed?: boolean;
  logo?: FilePart;
  remove_logo?: boolean;
};

export const createSchoolsService = ({
  db,
  config,
  clock,
  media,
  jobs,
  users,
  auth,
  mail,
  assignments,
}: {
  db: Database;
  config: Config;
  clock: Clock;
  media: MediaService;
  jobs: JobQueue;
  users: UsersService;
  auth: AuthService;
  mail: MailService;
  /** The paths and exams given to classes and groups, which follow their members. */
  assignments: AssignmentsFollow;
}) => {
  /** Changes a member's account in a way that may end their class, with what their class gave them. */
  const updateMember = (id: number, values: Parameters<UsersService['update']>[1]) =>
    db.transaction(async (tx) => {
      await users.update(id, values, tx);
      await assignments.membersChanged(tx, [id]);
    });

  /** The principal's school: the actor must be one (403 with the spec's message otherwise). */
  const managed = (actor: Actor) => authorize(actor, schoolPolicy.manage, actor).schoolId!;

  const schoolOf = async (id: number, tx: Executor = db) => {
    const school = await repo.findSchool(tx, id);
    if (!school) throw notFound();
    return school;
  };

  /** Free seats of the locked school, counted in the transaction. */
  const freeSeats = async (tx: Executor, school: repo.SchoolRow) =>
    Math.max(0, school.availableStudents - (await repo.countStudents(tx, school.id)));

  const lock = async (tx: Executor, id: number) => {
    const school = await repo.lockSchool(tx, id);
    if (!school) throw notFound();
    return school;
  };

  /** The values of an account the school creates (a student, or a teacher). */
  const createdAccount = (
    school: repo.SchoolRow,
    person: { email: string; first_name: string; last_name: string },
    passwordHash: string,
    language: Language,
    teacher = false,
  ) => ({
    email: person.email,
    firstName: person.first_name,
    lastName: person.last_name,
    passwordHash,
    isActive: true,
    isAutoCreated: true,
    isStudent: !teacher,
    isTeacher: teacher,
    isOrganizationMember: true,
    autoSchoolAdd: true,
    schoolId: school.id,
    school: school.name,
    town: school.town,
    language,
    trialEndDate: new Date(clock.now().getTime() + config.limits.trialDays * DAY),
  });

  /** An existing account that joins the school as a student or a teacher. */
  const joining = (schoolId: number, teacher = false) => ({
    schoolId,
    isStudent: !teacher,
    isTeacher: teacher,
    isOrganizationHost: false,
    isOrganizationMember: true,
  });

  const storeLogo = async (files: MediaFiles, schoolId: number, image: Buffer) => {
    const key = `${schoolMediaPrefix(schoolId)}/logo-${randomBytes(12).toString('hex')}.webp`;
    await files.put(key, image, 'image/webp');
    return key;
  };
  const checkedLogo = (file: FilePart) =>
    reencodeImage('logo', bytesOf(file), {
      maxBytes: SCHOOL_LOGO_MAX_BYTES,
      width: LOGO_SIZE,
      height: LOGO_SIZE,
      fit: 'inside',
    });

  const lineError = (line: number, problem: Message) =>
    invalid({ file: { key: 'school_csv_line', values: { line, problem } } });

  /** A person of an import: a line of the CSV of students, or a student or teacher of a OneRoster file. */
  type ImportPerson = StudentLine & { teacher?: boolean };
  type PlannedRow = SchoolImportRow & { accountId?: number; teacher: boolean; isStudent: boolean };

  /**
   * Why an account of its own cannot be invited to the school, if it cannot: staff, a principal or a
   * member of another school (a person belongs to one school), or someone who declined this school.
   */
  const notInvitable = (
    account: repo.MemberRow,
    schoolId: number,
    invitation: repo.InvitationRow | undefined,
  ): string | null => {
    if (account.isStaff) return 'school_invite_staff';
    if (account.schoolId !== null && account.schoolId !== schoolId)
      return account.isOrganizationHost ? 'school_invite_principal' : 'school_member_elsewhere';
    if (invitation?.status === 'declined') return 'school_invite_declined';
    return null;
  };

  /**
   * What importing the students does, line by line: the first bad line (of the file, or an e-mail that
   * cannot be invited) refuses the whole file.
   */
  const plan = async (
    tx: Executor,
    schoolId: number,
    file: { students: ImportPerson[]; bad?: StudentFile['bad'] },
    refuse = lineError,
  ) => {
    const existing = await repo.accountsByEmails(
      tx,
      file.students.map((student) => student.email),
    );
    const byEmail = new Map(existing.map((account) => [account.email.toLowerCase(), account]));
    const invitations = new Map(
      (
        await repo.invitationsOf(
          tx,
          schoolId,
          existing.map((account) => account.id),
        )
      ).map((invitation) => [invitation.userId, invitation]),
    );
    const rows: PlannedRow[] = [];
    for (const student of file.students) {
      const account = byEmail.get(student.email);
      const invitation = account && invitations.get(account.id);
      const refusal = account && account.schoolId !== schoolId && notInvitable(account, schoolId, invitation);
      if (refusal)
        throw refuse(student.line, {
          key: refusal === 'school_member_elsewhere' ? 'school_csv_other_school' : `${refusal}_line`,
          values: { email: student.email },
        });
      const { teacher = false, ...line } = student;
      rows.push({
        ...line,
        teacher,
        isStudent: account?.isStudent ?? false,
        action: !account
          ? 'create'
          : account.schoolId === schoolId
            ? 'member'
            : invitation?.status === 'pending'
              ? 'invited'
              : 'invite',
        accountId: account?.id,
      });
    }
    if (file.bad) throw lineError(file.bad.line, file.bad.problem);
    return rows;
  };

  /** The pending invitation of the actor with this id, locked (another person's, or an answered one: 404). */
  const ownInvitation = async (tx: Executor, actor: Actor, id: number) =>
    authorize(actor, schoolPolicy.invited, await repo.findInvitation(tx, id, true));

  /** The bytes of an uploaded file, at most `max` of them (413 naming the field otherwise). */
  const checkedSize = (file: FilePart, max: number, field: string) => {
    const data = bytesOf(file);
    if (data.length > max)
      throw new ApiError(413, 'payload_too_large', undefined, {
        [field]: [{ key: 'school_csv_too_large', values: { max: max / 1024 / 1024 } }],
      });
    return data;
  };

  const seatsOf = async (schoolId: number) => {
    const school = await schoolOf(schoolId);
    return Math.max(0, school.school.availableStudents - school.students);
  };
  /** Students created or invited must fit the seats (an invited one takes a seat when they accept). */
  const checkSeats = (rows: PlannedRow[], seats: number) => {
    const adding = rows.filter((row) => !row.teacher && (row.action === 'create' || row.action === 'invite'));
    if (adding.length > seats)
      throw invalid({ file: { key: 'school_csv_no_seats', values: { count: adding.length, seats } } });
    return seats;
  };
  const count = (rows: PlannedRow[], action: SchoolImportRow['action']) =>
    rows.filter((row) => row.action === action).length;
  const shownRow = (row: PlannedRow): SchoolImportRow => ({
    line: row.line,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    class_name: row.class_name,
    action: row.action,
  });

  /**
   * Stores an import planned from `rows`, in one transaction: plans it again there (refused when it
   * changed since), creates the new accounts and invites the accounts of their own (one statement each),
   * creates the classes named that the school does not have in the current school year, puts the students
   * in their classes and names the teachers in theirs. After it commits one job mails the people.
   */
  const store = async (
    actor: Actor,
    ip: string,
    language: Language,
    schoolId: number,
    rows: PlannedRow[],
    replan: (tx: Executor) => Promise<PlannedRow[]>,
    teaching: RosterTeaching[],
    classNames: string[] = [],
  ) => {
    const creates = rows.filter((row) => row.action === 'create');
    const invites = rows.filter((row) => row.action === 'invite');
    // argon2id takes its time on purpose: the hashes are made before the transaction, side by side.
    const passwords = creates.map(() => initialPassword());
    const hashes = await Promise.all(passwords.map(hashPassword));
    const { created, invited, seatsLeft } = await db
      .transaction(async (tx) => {
        await mail.limit('school_accounts', { accountId: actor.id, ip }, { tx });
        const locked = await lock(tx, schoolId);
        const again = await replan(tx);
        const same = (a: typeof rows, b: typeof rows) =>
          a.length === b.length && a.every((row, index) => row.action === b[index]!.action);
        if (!same(rows, again)) throw conflict('school_import_changed');
        const seats = await freeSeats(tx, locked);
        checkSeats(rows, seats);
        const names = new Map<string, string>();
        for (const name of [...classNames, ...rows.map((row) => row.class_name)])
          if (name !== '' && !names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
        const classIds = await classes.ensureClasses(tx, schoolId, schoolYearOf(clock.now()), [
          ...names.values(),
        ]);
        const classOf = (row: PlannedRow) =>
          row.teacher ? null : (classIds.get(row.class_name.toLowerCase()) ?? null);
        const inserted = await users.createMany(
          tx,
          creates.map((row, index) => ({
            ...createdAccount(locked, row, hashes[index]!, language, row.teacher),
            schoolClassId: classOf(row),
          })),
        );
        const invitations = await repo.invite(
          tx,
          invites.map((row) => ({
            schoolId,
            userId: row.accountId!,
            invitedById: actor.id,
            isTeacher: row.teacher,
            createdAt: clock.now(),
          })),
        );
        // Students already in the school move to the class their line names.
        const moving = new Map<number, number[]>();
        for (const row of rows) {
          const classId = classOf(row);
          if (row.action !== 'member' || !row.isStudent || classId === null) continue;
          moving.set(classId, [...(moving.get(classId) ?? []), row.accountId!]);
        }
        for (const [classId, ids] of moving) await users.updateMany(tx, ids, { schoolClassId: classId });
        await assignments.membersChanged(tx, [
          ...inserted.map((account) => account.id),
          ...[...moving.values()].flat(),
        ]);
        await nameTeachers(tx, teaching, classIds, rows, inserted);
        return { created: inserted, invited: invitations, seatsLeft: seats - creates.length };
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw conflict('school_import_changed');
        throw error;
      });
    const idOf = new Map(created.map((account) => [account.email, account.id]));
    await queueWelcomeMails(jobs, {
      schoolId,
      creatorId: actor.id,
      created: created.map((account) => account.id),
      invited: invited.map((invitation) => invitation.id),
    });
    return {
      created: creates.length,
      invited: invites.length,
      free_seats: seatsLeft,
      initial_passwords: creates.map((row, index) => ({
        id: idOf.get(row.email)!,
        email: row.email,
        first_name: row.first_name,
        last_name: row.last_name,
        password: passwords[index]!,
      })),
    };
  };

  /**
   * Names the teachers of a OneRoster import in their classes (the new ones and the school's teachers;
   * invited ones are named by the principal once they join). A class that has another class teacher
   * already refuses the enrollment that names one.
   */
  const nameTeachers = async (
    tx: Executor,
    teaching: RosterTeaching[],
    classIds: Map<string, number>,
    rows: PlannedRow[],
    inserted: { id: number; email: string }[],
  ) => {
    const teacherIds = new Map(inserted.map((account) => [account.email.toLowerCase(), account.id]));
    const members = rows.filter((row) => row.action === 'member' && row.teacher);
    const accounts = await repo.accountsByEmails(
      tx,
      members.map((row) => row.email),
    );
    for (const account of accounts)
      if (account.isTeacher) teacherIds.set(account.email.toLowerCase(), account.id);
    const current = await classes.classTeachersOf(tx, [...classIds.values()]);
    const named: { classId: number; teacherId: number; role: classes.ClassTeacherRole }[] = [];
    for (const entry of teaching) {
      const classId = classIds.get(entry.classTitle.toLowerCase());
      const teacherId = teacherIds.get(entry.email);
      if (classId === undefined || teacherId === undefined) continue;
      const classTeacher = current.get(classId);
      if (entry.primary && classTeacher !== undefined && classTeacher !== teacherId)
        throw rosterError('enrollments', entry.line, { key: 'oneroster_class_teacher_taken' });
      named.push({ classId, teacherId, role: entry.primary ? 'class_teacher' : 'subject_teacher' });
    }
    await classes.setTeachers(tx, named);
  };

  return {
    // ----- Everyone ---------------------------------------------------------------------------------

    /** Every school by name (no sign-in). */
    publicPage: (limit: number, offset: number) => repo.schoolsPage(db, { listedOnly: true, limit, offset }),

    /** The member's school with its counts. */
    async details(actor: Actor) {
      authorize(actor, schoolPolicy.member, actor);
      return schoolOf(actor.schoolId!);
    },

    // ----- Principals -------------------------------------------------------------------------------

    /** The principal's choice of whether their school appears on the public list. */
    async updateSettings(actor: Actor, fields: { is_listed: boolean }) {
      const schoolId = managed(actor);
      await repo.updateSchool(db, schoolId, { isListed: fields.is_listed, updatedAt: clock.now() });
      return schoolOf(schoolId);
    },

    async members(
      actor: Actor,
      query: { schoolId?: number; search?: string; role?: repo.MemberRole; limit: number; offset: number },
    ) {
      const schoolId = managed(actor);
      if (query.schoolId !== undefined && query.schoolId !== schoolId) throw notFound();
      return repo.membersPage(db, schoolId, query);
    },

    /**
     * One student, or a teacher: a new e-mail gets an account the school created (with its initial
     * password, returned once); an e-mail with an account of its own gets an invitation (once: inviting
     * again changes nothing) and joins only when its person accepts. A student takes a seat.
     * Each one counts against the principal's and the address's MAIL_LIMITS.school_accounts.
     */
    async register(
      actor: Actor,
      person: { first_name: string; last_name: string; email: string; is_teacher?: boolean },
      language: Language,
      ip: string,
    ) {
      const schoolId = managed(actor);
      const teacher = person.is_teacher ?? false;
      const existing = await repo.findAccountByEmail(db, person.email);
      if (existing) return this.invite(actor, schoolId, existing, teacher, ip);
      const password = initialPassword();
      const passwordHash = await hashPassword(password);
      const id = await db
        .transaction(async (tx) => {
          await mail.limit('school_accounts', { accountId: actor.id, ip }, { tx });
          const school = await lock(tx, schoolId);
          if (!teacher && (await freeSeats(tx, school)) < 1)
            throw invalid({ non_field_errors: 'school_no_free_seat_new' });
          return (await users.create(createdAccount(school, person, passwordHash, language, teacher), tx)).id;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw invalid({ email: 'email_taken' });
          throw error;
        });
      await queueWelcomeMails(jobs, { schoolId, creatorId: actor.id, created: [id], invited: [] });
      return { member: (await repo.findAccount(db, id))!, initialPassword: password as string | null };
    },

    /** The principal's invitation of an account of its own, mailed once (see `register`). */
    async invite(actor: Actor, schoolId: number, account: repo.MemberRow, teacher: boolean, ip: string) {
      if (account.schoolId === schoolId) throw invalid({ email: 'school_member_already' });
      const fresh = await db.transaction(async (tx) => {
        await mail.limit('school_accounts', { accountId: actor.id, ip }, { tx });
        const school = await lock(tx, schoolId);
        const [invitation] = await repo.invitationsOf(tx, schoolId, [account.id]);
        const [current] = await repo.accountsByEmails(tx, [account.email.toLowerCase()]);
        if (!current) throw invalid({ email: 'school_member_elsewhere' });
        if (current.schoolId === schoolId) throw invalid({ email: 'school_member_already' });
        const refusal = notInvitable(current, schoolId, invitation);
        if (refusal) throw invalid({ email: refusal });
        if (invitation?.status === 'pending') return [];
        if (!teacher && (await freeSeats(tx, school)) < 1)
          throw invalid({ non_field_errors: 'school_no_free_seat_new' });
        return repo.invite(tx, [
          { schoolId, userId: account.id, invitedById: actor.id, isTeacher: teacher, createdAt: clock.now() },
        ]);
      });
      await queueWelcomeMails(jobs, {
        schoolId,
        creatorId: actor.id,
        created: [],
        invited: fresh.map((invitation) => invitation.id),
      });
      const [invitation] = await repo.invitationsOf(db, schoolId, [account.id]);
      return {
        member: { ...account, invited: true, invitedAsTeacher: invitation?.isTeacher ?? teacher },
        initialPassword: null as string | null,
      };
    },

    /** A member made a teacher, or a student again (which needs a free seat); a principal never becomes a student. */
    async setTeacher(actor: Actor, id: number, isTeacher: boolean) {
      const schoolId = managed(actor);
      const member = authorize(actor, schoolPolicy.ownMember, await repo.findAccount(db, id));
      if (member.isOrganizationHost) await users.update(id, { isTeacher });
      // A teacher has no class of their own (they teach classes).
      else if (isTeacher) await updateMember(id, { isTeacher: true, isStudent: false, schoolClassId: null });
      else if (!member.isStudent)
        await db.transaction(async (tx) => {
          const school = await lock(tx, schoolId);
          if ((await freeSeats(tx, school)) < 1) throw invalid({ is_teacher: 'school_no_free_seat' });
          await users.update(id, { isTeacher: false, isStudent: true }, tx);
        });
      return (await repo.findAccount(db, id))!;
    },

    /**
     * An account the school created is deleted with its cards and media; an account that joined only
     * leaves the school.
     */
    async removeMember(actor: Actor, id: number) {
      const schoolId = managed(actor);
      const account = await repo.findAccount(db, id);
      if (account && account.schoolId !== schoolId) {
        // Someone invited and not yet a member: the invitation is withdrawn.
        if (await repo.withdrawInvitation(db, schoolId, id)) return;
        throw notFound();
      }
      const member = authorize(actor, schoolPolicy.remove, account);
      if (member.autoSchoolAdd) {
        await users.erase(id, async (tx) => {
          const current = await repo.findAccount(tx, id);
          if (current?.schoolId !== member.schoolId) throw notFound();
        });
      } else {
        await updateMember(id, leaving);
      }
    },

    // ----- Invited people ---------------------------------------------------------------------------

    /** My invitations not answered yet. */
    invitations: (actor: Actor) => repo.pendingInvitationsOf(db, actor.id),

    /**
     * Accepts my invitation: my account joins the school, in one transaction with the answer. A member of
     * a school (this one through another way too) is refused; a student needs a free seat.
     */
    async acceptInvitation(actor: Actor, id: number) {
      const schoolId = await db.transaction(async (tx) => {
        const invitation = await ownInvitation(tx, actor, id);
        const school = await lock(tx, invitation.schoolId);
        const current = await repo.findAccount(tx, actor.id);
        if (!current) throw notFound();
        if (current.schoolId !== null)
          throw invalid({
            non_field_errors:
              current.schoolId === invitation.schoolId ? 'school_member_already_you' : 'school_leave_first',
          });
        if (current.isStaff) throw invalid({ non_field_errors: 'school_invite_staff' });
        if (!invitation.isTeacher && (await freeSeats(tx, school)) < 1)
          throw invalid({ non_field_errors: 'school_no_free_seat_invitation' });
        await users.update(
          actor.id,
          { ...joining(school.id, invitation.isTeacher), autoSchoolAdd: false },
          tx,
        );
        await repo.answerInvitation(tx, invitation.id, 'accepted', clock.now());
        return school.id;
      });
      return schoolOf(schoolId);
    },

    /** Declines my invitation: it ends, and the school cannot invite me again. */
    async declineInvitation(actor: Actor, id: number) {
      await db.transaction(async (tx) => {
        const invitation = await ownInvitation(tx, actor, id);
        await repo.answerInvitation(tx, invitation.id, 'declined', clock.now());
      });
    },

    /** The member leaves the school; the account and its cards stay. */
    async leave(actor: Actor) {
      authorize(actor, schoolPolicy.leave, actor);
      await updateMember(actor.id, leaving);
    },

    /**
     * Students from a CSV file, all or nothing. With `preview`, what importing would do and nothing is
     * stored. Otherwise one transaction creates the new accounts (one statement), invites the accounts of
     * their own (one statement) and puts the lines' students in their classes (created in the current
     * school year when missing); after it commits one job mails them. An import, of any size, counts once
     * against MAIL_LIMITS.school_accounts: the seats bound it.
     */
    async importStudents(
      actor: Actor,
      file: FilePart | undefined,
      preview: boolean,
      language: Language,
      ip: string,
    ) {
      const schoolId = managed(actor);
      if (!file || file.data.length === 0) throw invalid({ file: 'school_csv_no_file' });
      const data = checkedSize(file, SCHOOL_CSV_MAX_BYTES, 'file');
      const parsed = readStudentFile(data);
      if (parsed.error && !parsed.bad) throw invalid({ file: parsed.error });

      const rows = await plan(db, schoolId, parsed);
      const free = checkSeats(rows, await seatsOf(schoolId));
      const shown = rows.map(shownRow);
      if (preview)
        return {
          preview: true,
          rows: shown,
          created: count(rows, 'create'),
          invited: count(rows, 'invite'),
          free_seats: free,
          initial_passwords: [],
        };
      const stored = await store(actor, ip, language, schoolId, rows, (tx) => plan(tx, schoolId, parsed), []);
      return { preview: false, rows: shown, ...stored };
    },

    /**
     * Classes, students and teachers from OneRoster 1.1 CSV files, all or nothing: as the CSV of
     * students, with teachers (accounts made teachers, or invited as teachers) named in their classes.
     */
    async importOneRoster(
      actor: Actor,
      files: Partial<Record<OneRosterFile, FilePart>>,
      language: Language,
      ip: string,
    ) {
      const schoolId = managed(actor);
      const data = Object.fromEntries(
        ONEROSTER_FILES.map((name) => {
          const file = files[name];
          if (!file || file.data.length === 0) throw invalid({ [name]: 'oneroster_no_file' });
          return [name, checkedSize(file, ONEROSTER_MAX_BYTES, name)];
        }),
      ) as Record<OneRosterFile, Buffer>;
      const roster = readRoster(data);
      if (roster.people.length === 0) throw invalid({ users: 'oneroster_no_people' });
      const refuse = (line: number, problem: Message) => rosterError('users', line, problem);
      const people = { students: roster.people };
      const rows = await plan(db, schoolId, people, refuse);
      checkSeats(rows, await seatsOf(schoolId));
      const stored = await store(
        actor,
        ip,
        language,
        schoolId,
        rows,
        (tx) => plan(tx, schoolId, people, refuse),
        roster.teaching,
        roster.classes.map((schoolClass) => schoolClass.title),
      );
      return {
        classes: new Set(roster.classes.map((schoolClass) => schoolClass.title.toLowerCase())).size,
        students: rows.filter((row) => row.action === 'create' && !row.teacher).length,
        teachers: rows.filter((row) => row.action === 'create' && row.teacher).length,
        invited: stored.invited,
      };
    },

    /**
     * The job after accounts were added: each created account still waiting to be claimed gets a link to
     * set its password, once (an account given a link before gets none; the singletonKey keeps a mail
     * queued by a retry from being queued twice), each invitation still pending one mail in its person's
     * language (keyed by the invitation and its time, so a retry does not mail it twice).
     */
    async sendWelcomeMails(job: WelcomeJob) {
      const school = await repo.findSchool(db, job.schoolId);
      if (!school) return;
      const creatorAccount = await users.byId(job.creatorId);
      const creator = creatorAccount
        ? [creatorAccount.firstName, creatorAccount.lastName].filter(Boolean).join(' ') ||
          creatorAccount.email
        : school.school.name;
      const values = { school: school.school.name, creator };
      for (const id of job.created) {
        const account = await users.byId(id);
        if (!account || account.schoolId !== job.schoolId || !account.isAutoCreated) continue;
        await auth.mailSetPasswordLink(account, 'school_welcome', values, {
          singletonKey: `school-welcome:${id}`,
          once: true,
        });
      }
      for (const id of job.invited ?? []) {
        const invitation = await repo.findInvitation(db, id);
        if (!invitation || invitation.schoolId !== job.schoolId || invitation.status !== 'pending') continue;
        const account = await users.byId(invitation.userId);
        if (!account) continue;
        const name = [account.firstName, account.lastName].filter(Boolean).join(' ') || account.email;
        await queueMail(
          jobs,
          noticeMail(
            account.language,
            invitation.isTeacher ? 'school_invitation_teacher' : 'school_invitation',
            {
              ...values,
              to: account.email,
              name,
              site: config.site.name,
              url: `${config.publicUrl}/profile`,
            },
          ),
          { singletonKey: `school-invitation:${id}:${invitation.createdAt.getTime()}` },
        );
      }
    },

    // ----- Staff ------------------------------------------------------------------------------------

    /** A page of schools with their principals: three statements whatever the page size. */
    async adminPage(search: string | undefined, limit: number, offset: number) {
      const { total, rows } = await repo.schoolsPage(db, { search, limit, offset });
      const principals = await repo.principalsOf(
        db,
        rows.map((row) => row.school.id),
      );
      return {
        total,
        rows: rows.map((row) => ({
          ...row,
          principalsList: principals.filter((principal) => principal.schoolId === row.school.id),
        })),
      };
    },

    async adminSchool(id: number) {
      const school = await schoolOf(id);
      return { ...school, principalsList: await repo.principalsOf(db, [id]) };
    },

    async create(fields: SchoolFields & { name: string; available_students: number }) {
      const image = fields.logo ? await checkedLogo(fields.logo) : undefined;
      const now = clock.now();
      const school = await repo.insertSchool(db, {
        name: fields.name,
        town: fields.town ?? '',
        website: fields.website ?? '',
        description: fields.description ?? '',
        isPaid: fields.is_paid ?? false,
        availableStudents: fields.available_students,
        isListed: fields.is_listed ?? true,
        createdAt: now,
        updatedAt: now,
      });
      if (image)
        await media.change(async (files) => {
          const logo = await storeLogo(files, school.id, image);
          await files.transaction((tx) => repo.updateSchool(tx, school.id, { logo }));
        });
      return this.adminSchool(school.id);
    },

    /** Changes the fields sent; a new logo (or none) replaces the old one, whose file goes after. */
    async update(id: number, fields: SchoolFields) {
      const current = await schoolOf(id);
      if (fields.available_students !== undefined && fields.available_students < current.students)
        throw invalid({
          available_students: { key: 'school_seats_below_students', values: { count: current.students } },
        });
      const image = fields.logo ? await checkedLogo(fields.logo) : undefined;
      await media.change(async (files) => {
        const logo = image ? await storeLogo(files, id, image) : fields.remove_logo ? null : undefined;
        if (logo !== undefined && current.school.logo !== logo) files.remove([current.school.logo]);
        const values = Object.fromEntries(
          Object.entries({
            name: fields.name,
            town: fields.town,
            website: fields.website,
            description: fields.description,
            isPaid: fields.is_paid,
            availableStudents: fields.available_students,
            isListed: fields.is_listed,
            logo,
          }).filter(([, value]) => value !== undefined),
        );
        await files.transaction((tx) => repo.updateSchool(tx, id, { ...values, updatedAt: clock.now() }));
      });
      return this.adminSchool(id);
    },

    /** Deletes a school without students or teachers: its principals leave it; its files go after. */
    async remove(id: number) {
      await media.change((files) =>
        files.transaction(async (tx) => {
          await lock(tx, id);
          if ((await repo.countStudentsAndTeachers(tx, id)) > 0) throw conflict('school_has_members');
          await users.updateMany(tx, await repo.memberIds(tx, id), leaving);
          await repo.deleteSchool(tx, id);
          files.removePrefix(schoolMediaPrefix(id));
        }),
      );
    },

    /**
     * Names a principal by e-mail: an existing account becomes one (a member of this school gives up its
     * seat; a member of another school is refused) and is told; a new e-mail gets an active account
     * without a password and is mailed a link to set one.
     */
    async addPrincipal(
      id: number,
      person: { email: string; first_name?: string; last_name?: string },
      language: Language,
    ) {
      const school = await schoolOf(id);
      const existing = await repo.findAccountByEmail(db, person.email);
      const principal = { schoolId: id, isOrganizationHost: true, isOrganizationMember: true };
      if (existing) {
        if (existing.schoolId !== null && existing.schoolId !== id)
          throw invalid({ email: 'school_member_elsewhere' });
        if (!(existing.schoolId === id && existing.isOrganizationHost)) {
          await users.update(existing.id, { ...principal, isStudent: false, isTeacher: false });
          const name = [existing.firstName, existing.lastName].filter(Boolean).join(' ') || existing.email;
          await queueMail(
            jobs,
            noticeMail(existing.language, 'school_principal_named', {
              to: existing.email,
              name,
              school: school.school.name,
              site: config.site.name,
              url: `${config.publicUrl}/my-school`,
            }),
          );
        }
        return (await repo.principalsOf(db, [id])).find((row) => row.id === existing.id)!;
      }
      const account = await users
        .create({
          email: person.email,
          firstName: person.first_name ?? '',
          lastName: person.last_name ?? '',
          passwordHash: null,
          isActive: true,
          language,
          school: school.school.name,
          town: school.school.town,
          trialEndDate: new Date(clock.now().getTime() + config.limits.trialDays * DAY),
          ...principal,
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw invalid({ email: 'email_taken' });
          throw error;
        });
      await auth.mailSetPasswordLink(account, 'school_principal_invite', { school: school.school.name });
      return (await repo.principalsOf(db, [id])).find((row) => row.id === account.id)!;
    },

    /** Takes the principal role away: the account stays and leaves the school. */
    async removePrincipal(id: number, userId: number) {
      const account = await repo.findAccount(db, userId);
      if (!account || account.schoolId !== id || !account.isOrganizationHost) throw notFound();
      await users.update(userId, leaving);
    },
  };
};

export type SchoolsService = ReturnType<typeof createSchoolsService>;
