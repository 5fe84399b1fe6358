import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { idRow, rowsOf } from '../../db/rows';
import { users } from '../../db/schema';
import { matchesNameOrEmail, reachedBy, reachedPersonRow, teachesStudent } from '../../lib/people';

export type AccountValues = typeof users.$inferInsert;

/** The account, locked until the end of the transaction: what it creates under a free limit is counted in turn. */
export const lockAccount = (tx: Executor, userId: number) =>
  tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');

/** The account's AI usage counts, its row locked until the end of the transaction. */
export const lockAccountUsage = async (tx: Executor, userId: number) => {
  const [row] = await tx
    .select({ aiUsage: users.aiUsage, aiImageUsage: users.aiImageUsage, aiUsageMonth: users.aiUsageMonth })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
};

export const findUserByEmail = async (db: Executor, email: string) => {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
  return user;
};

export const findUserById = async (db: Executor, id: number) => {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
};

export const insertUser = async (db: Executor, values: AccountValues) => {
  const [user] = await db.insert(users).values(values).returning();
  return user!;
};

export const updateUserFields = async (
  db: Executor,
  id: number,
  values: Partial<AccountValues>,
  now: Date,
) => {
  const [user] = await db
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(eq(users.id, id))
    .returning();
  return user!;
};

/**
 * A new password, which claims an account a school created; with `endSessions` the token version goes up
 * in the same statement, so that every token issued before is refused. Returns the account as changed.
 */
export const updatePassword = async (
  db: Executor,
  id: number,
  change: { passwordHash: string; endSessions: boolean },
  now: Date,
) => {
  const [user] = await db
    .update(users)
    .set({
      passwordHash: change.passwordHash,
      isAutoCreated: false,
      updatedAt: now,
      ...(change.endSessions ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
    })
    .where(eq(users.id, id))
    .returning();
  return user!;
};

/**
 * Changes an account's fields unless `unchangedSince` is given and its time zone was changed after it (the
 * once-a-day rule, decided by this statement so that two changes at once cannot both pass); undefined then.
 */
export const updateProfileFields = async (
  db: Executor,
  id: number,
  values: Partial<AccountValues>,
  now: Date,
  unchangedSince?: Date,
) => {
  const [user] = await db
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(
      and(
        eq(users.id, id),
        unchangedSince
          ? sql`(${users.timeZoneChangedAt} is null or ${users.timeZoneChangedAt} <= ${unchangedSince})`
          : undefined,
      ),
    )
    .returning();
  return user;
};

/** Deletes the user; their categories, cards, tokens and other rows go with it (ON DELETE CASCADE). */
export const deleteUser = (db: Executor, id: number) => db.delete(users).where(eq(users.id, id));

/**
 * Counts one successful AI generation in the month's count of its kind; a count of an earlier month
 * starts again from one (and the other kind's from zero).
 */
export const countAiGeneration = (db: Executor, id: number, kind: 'text' | 'images', month: string) => {
  const sameMonth = sql`${users.aiUsageMonth} is not distinct from ${month}`;
  const next = (column: typeof users.aiUsage | typeof users.aiImageUsage, counted: boolean) =>
    counted
      ? sql`case when ${sameMonth} then ${column} + 1 else 1 end`
      : sql`case when ${sameMonth} then ${column} else 0 end`;
  return db
    .update(users)
    .set({
      aiUsage: next(users.aiUsage, kind === 'text'),
      aiImageUsage: next(users.aiImageUsage, kind === 'images'),
      aiUsageMonth: month,
    })
    .where(eq(users.id, id));
};

/** Inserts accounts in one statement. */
export const insertUsers = (db: Executor, values: AccountValues[]) =>
  values.length === 0 ? Promise.resolve([]) : db.insert(users).values(values).returning();

/** Changes the same fields of these accounts in one statement. */
export const updateUsersFields = (db: Executor, ids: number[], values: Partial<AccountValues>, now: Date) =>
  ids.length === 0
    ? Promise.resolve()
    : db
        .update(users)
        .set({ ...values, updatedAt: now })
        .where(inArray(users.id, ids))
        .then(() => undefined);

/** The other principals of the account's school. */
export const countOtherPrincipals = async (db: Executor, user: { id: number; schoolId: number | null }) => {
  if (user.schoolId === null) return 0;
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.schoolId, user.schoolId), eq(users.isOrganizationHost, true), ne(users.id, user.id)));
  return row?.count ?? 0;
};

/** Of these people, those the requester reaches. */
export const reachedAmong = async (db: Executor, me: number, ids: number[]) =>
  (
    await rowsOf(
      db,
      sql`select "users"."id" from users "users" where "users"."id" in ${ids} and ${reachedBy(me)}`,
      idRow,
    )
  ).map((row) => row.id);

/** People the requester reaches (may give a path or an exam to), matching a search, by name. */
export const reachedPeople = (db: Executor, me: number, search: string, limit: number) =>
  rowsOf(
    db,
    sql`select "users"."id", "users"."first_name", "users"."last_name", "users"."email", "users"."avatar",
        "users"."is_student", "users"."is_teacher", ${teachesStudent(me)} as by_school
      from users "users" where ${reachedBy(me)} and ${matchesNameOrEmail(search)}
      order by lower("users"."first_name" || ' ' || "users"."last_name"), "users"."id" limit ${limit}`,
    reachedPersonRow,
  );
