import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { paginate } from '../../db/rows';
import { schoolClasses, schoolInvitations, schools, users } from '../../db/schema';
import { byName } from '../../lib/people';

export type SchoolRow = typeof schools.$inferSelect;
export type SchoolValues = typeof schools.$inferInsert;

const likePattern = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
const byNameOfSchool = [asc(sql`lower(${schools.name})`), asc(schools.id)];

// Written with the table's name: drizzle leaves it out of a select's own columns, which inside these
// subqueries would name the subquery's table instead.
const schoolId = sql.raw('"schools"."id"');
/** The school with its members counted by role (students take seats). */
const withCounts = {
  school: schools,
  students: sql<number>`(select count(*)::int from users sm where sm.school_id = ${schoolId} and sm.is_student)`,
  teachers: sql<number>`(select count(*)::int from users sm where sm.school_id = ${schoolId} and sm.is_teacher)`,
  principals: sql<number>`(select count(*)::int from users sm where sm.school_id = ${schoolId} and sm.is_organization_host)`,
};
export type CountedSchool = { school: SchoolRow; students: number; teachers: number; principals: number };

export const findSchool = async (db: Executor, id: number): Promise<CountedSchool | undefined> => {
  const [row] = await db.select(withCounts).from(schools).where(eq(schools.id, id));
  return row;
};

/** The school, locked until the end of the transaction: two imports do not take the same free seats. */
export const lockSchool = async (tx: Executor, id: number) => {
  const [row] = await tx.select().from(schools).where(eq(schools.id, id)).for('update');
  return row;
};

export const countStudents = async (tx: Executor, schoolId: number) => {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.schoolId, schoolId), eq(users.isStudent, true)));
  return row?.count ?? 0;
};

/** Members who take part in its teaching: students and teachers. */
export const countStudentsAndTeachers = async (tx: Executor, schoolId: number) => {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.schoolId, schoolId), sql`(${users.isStudent} or ${users.isTeacher})`));
  return row?.count ?? 0;
};

export const insertSchool = async (db: Executor, values: SchoolValues) => {
  const [row] = await db.insert(schools).values(values).returning();
  return row!;
};

export const updateSchool = (db: Executor, id: number, values: Partial<SchoolValues>) =>
  db.update(schools).set(values).where(eq(schools.id, id));

export const deleteSchool = (db: Executor, id: number) => db.delete(schools).where(eq(schools.id, id));

/**
 * A page of schools by name, with the total: two statements. Staff search a part of the name or town;
 * the public list has the listed ones only.
 */
export const schoolsPage = async (
  db: Executor,
  {
    search,
    listedOnly = false,
    limit,
    offset,
  }: { search?: string; listedOnly?: boolean; limit: number; offset: number },
) => {
  const where = and(
    search ? sql`lower(${schools.name} || ' ' || ${schools.town}) like ${likePattern(search)}` : undefined,
    listedOnly ? eq(schools.isListed, true) : undefined,
  );
  return paginate(
    db
      .select(withCounts)
      .from(schools)
      .where(where)
      .orderBy(...byNameOfSchool)
      .limit(limit)
      .offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(schools).where(where),
  );
};

export const principalColumns = {
  id: users.id,
  schoolId: users.schoolId,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  invited: sql<boolean>`(${users.passwordHash} is null)`,
};
export type PrincipalRow = {
  id: number;
  schoolId: number | null;
  email: string;
  firstName: string;
  lastName: string;
  invited: boolean;
};

/** The principals of these schools, by name: one statement. */
export const principalsOf = (db: Executor, schoolIds: number[]) =>
  schoolIds.length === 0
    ? Promise.resolve([])
    : db
        .select(principalColumns)
        .from(users)
        .where(and(inArray(users.schoolId, schoolIds), eq(users.isOrganizationHost, true)))
        .orderBy(...byName);

export const memberColumns = {
  id: users.id,
  schoolId: users.schoolId,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  avatar: users.avatar,
  language: users.language,
  passwordHash: users.passwordHash,
  isAutoCreated: users.isAutoCreated,
  isStudent: users.isStudent,
  isTeacher: users.isTeacher,
  isOrganizationHost: users.isOrganizationHost,
  isOrganizationMember: users.isOrganizationMember,
  autoSchoolAdd: users.autoSchoolAdd,
  isStaff: users.isStaff,
};
export type MemberRow = {
  id: number;
  schoolId: number | null;
  firstName: string;
  lastName: string;
  email: string;
  avatar: string | null;
  language: 'en' | 'bg';
  passwordHash: string | null;
  isAutoCreated: boolean;
  isStudent: boolean;
  isTeacher: boolean;
  isOrganizationHost: boolean;
  isOrganizationMember: boolean;
  autoSchoolAdd: boolean;
  isStaff: boolean;
  /** Listed for a pending invitation of the school, not as a member; invited as a teacher or a student. */
  invited?: boolean;
  invitedAsTeacher?: boolean | null;
  /** A student's class (of the school), when the query joined it. */
  classId?: number | null;
  className?: string | null;
  classYear?: string | null;
};

/** A member's class: only a class of their own school counts. */
const classColumns = {
  classId: schoolClasses.id,
  className: schoolClasses.name,
  classYear: schoolClasses.schoolYear,
};
const ownClass = and(eq(schoolClasses.id, users.schoolClassId), eq(schoolClasses.schoolId, users.schoolId));

export type MemberRole = 'student' | 'teacher' | 'principal';
/**
 * A page of a school's members, and of the people it invited who have not answered, by name (the members
 * index), with the total: two statements. `search` matches a part of the full name or of the e-mail; an
 * invited person has the role they were invited as.
 */
export const membersPage = async (
  db: Executor,
  schoolId: number,
  { search, role, limit, offset }: { search?: string; role?: MemberRole; limit: number; offset: number },
) => {
  const member = sql`(${users.schoolId} is not distinct from ${schoolId})`;
  const roleOf = {
    student: sql`(case when ${member} then ${users.isStudent} else not ${schoolInvitations.isTeacher} end)`,
    teacher: sql`(case when ${member} then ${users.isTeacher} else ${schoolInvitations.isTeacher} end)`,
    principal: sql`(${member} and ${users.isOrganizationHost})`,
  };
  const conditions: SQL[] = [sql`(${member} or ${schoolInvitations.id} is not null)`];
  if (role) conditions.push(roleOf[role]);
  if (search) {
    const pattern = likePattern(search);
    conditions.push(
      sql`(lower(${users.firstName} || ' ' || ${users.lastName}) like ${pattern} or lower(${users.email}) like ${pattern})`,
    );
  }
  const where = and(...conditions);
  const invitation = and(
    eq(schoolInvitations.userId, users.id),
    eq(schoolInvitations.schoolId, schoolId),
    eq(schoolInvitations.status, 'pending'),
  );
  return paginate(
    db
      .select({
        ...memberColumns,
        invited: sql<boolean>`(not ${member})`,
        invitedAsTeacher: schoolInvitations.isTeacher,
        ...classColumns,
      })
      .from(users)
      .leftJoin(schoolInvitations, invitation)
      .leftJoin(schoolClasses, ownClass)
      .where(where)
      .orderBy(...byName)
      .limit(limit)
      .offset(offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(users)
      .leftJoin(schoolInvitations, invitation)
      .where(where),
  );
};

export const findAccount = async (db: Executor, id: number) => {
  const [row] = await db
    .select({ ...memberColumns, ...classColumns })
    .from(users)
    .leftJoin(schoolClasses, ownClass)
    .where(eq(users.id, id));
  return row as MemberRow | undefined;
};

export const accountsByEmails = async (db: Executor, emails: string[]) =>
  emails.length === 0
    ? []
    : ((await db
        .select(memberColumns)
        .from(users)
        .where(inArray(sql`lower(${users.email})`, emails))) as MemberRow[]);

export const findAccountByEmail = async (db: Executor, email: string) =>
  (await accountsByEmails(db, [email.toLowerCase()]))[0];

/** The school's accounts (locked), for leaving it: its principals, or every member. */
export const memberIds = async (tx: Executor, schoolId: number) =>
  (await tx.select({ id: users.id }).from(users).where(eq(users.schoolId, schoolId)).for('update')).map(
    (row) => row.id,
  );

// ----- Invitations ----------------------------------------------------------------------------------

export type InvitationRow = typeof schoolInvitations.$inferSelect;

/** One invitation; `lock` keeps it until the end of the transaction (an answer and a withdrawal race). */
export const findInvitation = async (db: Executor, id: number, lock = false) => {
  const query = db.select().from(schoolInvitations).where(eq(schoolInvitations.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
};

/** The school's invitations of these accounts, whatever their state. */
export const invitationsOf = (db: Executor, schoolId: number, userIds: number[]) =>
  userIds.length === 0
    ? Promise.resolve([] as InvitationRow[])
    : db
        .select()
        .from(schoolInvitations)
        .where(and(eq(schoolInvitations.schoolId, schoolId), inArray(schoolInvitations.userId, userIds)));

/**
 * Invites these accounts: one statement. An invitation already pending stays as it is and a declined one
 * is not renewed (neither is returned); one accepted before (the person has left since) is pending again.
 * Returns the invitations that are new or renewed: the ones to mail.
 */
export const invite = (
  tx: Executor,
  rows: { schoolId: number; userId: number; invitedById: number; isTeacher: boolean; createdAt: Date }[],
) =>
  rows.length === 0
    ? Promise.resolve([] as InvitationRow[])
    : tx
        .insert(schoolInvitations)
        .values(rows.map((row) => ({ ...row, status: 'pending' as const })))
        .onConflictDoUpdate({
          target: [schoolInvitations.schoolId, schoolInvitations.userId],
          set: {
            status: 'pending',
            isTeacher: sql`excluded.is_teacher`,
            invitedById: sql`excluded.invited_by_id`,
            createdAt: sql`excluded.created_at`,
            answeredAt: null,
          },
          where: eq(schoolInvitations.status, 'accepted'),
        })
        .returning();

export const answerInvitation = (
  tx: Executor,
  id: number,
  status: 'accepted' | 'declined',
  answeredAt: Date,
) => tx.update(schoolInvitations).set({ status, answeredAt }).where(eq(schoolInvitations.id, id));

/** Withdraws the school's pending invitation of the account; returns whether there was one. */
export const withdrawInvitation = async (tx: Executor, schoolId: number, userId: number) =>
  (
    await tx
      .delete(schoolInvitations)
      .where(
        and(
          eq(schoolInvitations.schoolId, schoolId),
          eq(schoolInvitations.userId, userId),
          eq(schoolInvitations.status, 'pending'),
        ),
      )
      .returning({ id: schoolInvitations.id })
  ).length > 0;

const inviter = alias(users, 'inviter');
/** The person's pending invitations with their schools and who invited, newest first: one statement. */
export const pendingInvitationsOf = (db: Executor, userId: number) =>
  db
    .select({
      invitation: schoolInvitations,
      school: schools,
      inviter: { firstName: inviter.firstName, lastName: inviter.lastName, id: inviter.id },
    })
    .from(schoolInvitations)
    .innerJoin(schools, eq(schools.id, schoolInvitations.schoolId))
    .leftJoin(inviter, eq(inviter.id, schoolInvitations.invitedById))
    .where(and(eq(schoolInvitations.userId, userId), eq(schoolInvitations.status, 'pending')))
    .orderBy(desc(schoolInvitations.createdAt), desc(schoolInvitations.id));
export type PendingInvitation = Awaited<ReturnType<typeof pendingInvitationsOf>>[number];
