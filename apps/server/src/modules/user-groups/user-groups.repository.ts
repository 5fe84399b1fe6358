import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { paginate } from '../../db/rows';
import { userGroupMembers, userGroups, users } from '../../db/schema';
import { byName, friendsFirst, memberColumns, reachableBy, suggestedBy } from '../../lib/people';

export type GroupRow = typeof userGroups.$inferSelect;

export const findGroup = async (db: Executor, id: number) => {
  const [row] = await db.select().from(userGroups).where(eq(userGroups.id, id));
  return row;
};

/** The group, locked until the end of the transaction: two additions do not pass the cap together. */
export const lockGroup = async (tx: Executor, id: number) => {
  const [row] = await tx.select().from(userGroups).where(eq(userGroups.id, id)).for('update');
  return row;
};

export const insertGroup = async (db: Executor, values: typeof userGroups.$inferInsert) => {
  const [row] = await db.insert(userGroups).values(values).returning();
  return row!;
};

export const renameGroup = (db: Executor, id: number, name: string) =>
  db.update(userGroups).set({ name }).where(eq(userGroups.id, id));

export const deleteGroup = (db: Executor, id: number) => db.delete(userGroups).where(eq(userGroups.id, id));

/** A page of the author's groups, newest first, with the total: two statements. */
export const groupsPage = async (db: Executor, authorId: number, limit: number, offset: number) => {
  return paginate(
    db
      .select()
      .from(userGroups)
      .where(eq(userGroups.authorId, authorId))
      .orderBy(desc(userGroups.createdAt), desc(userGroups.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(userGroups)
      .where(eq(userGroups.authorId, authorId)),
  );
};

export const groupsByName = (db: Executor, authorId: number) =>
  db
    .select()
    .from(userGroups)
    .where(eq(userGroups.authorId, authorId))
    .orderBy(asc(sql`lower(${userGroups.name})`), asc(userGroups.id));

/** The members of these groups, each with whether the viewer is their friend: one statement. */
export const membersOf = (db: Executor, me: number, groupIds: number[]) =>
  groupIds.length === 0
    ? Promise.resolve([])
    : db
        .select({
          groupId: userGroupMembers.groupId,
          ...memberColumns(me),
        })
        .from(userGroupMembers)
        .innerJoin(users, eq(users.id, userGroupMembers.userId))
        .where(inArray(userGroupMembers.groupId, groupIds))
        .orderBy(...byName);

export type MemberRow = Awaited<ReturnType<typeof membersOf>>[number];

export const countMembers = async (db: Executor, groupId: number) => {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(userGroupMembers)
    .where(eq(userGroupMembers.groupId, groupId));
  return row?.total ?? 0;
};

/** Which of these people are members already. */
export const memberIdsAmong = async (db: Executor, groupId: number, ids: number[]) =>
  (
    await db
      .select({ id: userGroupMembers.userId })
      .from(userGroupMembers)
      .where(and(eq(userGroupMembers.groupId, groupId), inArray(userGroupMembers.userId, ids)))
  ).map((row) => row.id);

/** Which of these people the viewer may reach (active, claimed, not blocked either way). */
export const reachableAmong = async (db: Executor, me: number, ids: number[]) =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), reachableBy(me)))
  ).map((row) => row.id);

export const addMembers = async (tx: Executor, groupId: number, ids: number[], now: Date) => {
  if (ids.length > 0)
    await tx
      .insert(userGroupMembers)
      .values(ids.map((userId) => ({ groupId, userId, addedAt: now })))
      .onConflictDoNothing();
};

export const removeMembers = (db: Executor, groupId: number, ids: number[]) =>
  db
    .delete(userGroupMembers)
    .where(and(eq(userGroupMembers.groupId, groupId), inArray(userGroupMembers.userId, ids)));

/**
 * People the viewer may add to the group: matching the search (or, without one, the viewer's friends),
 * friends first, each flagged when a member already.
 */
export const candidates = (
  db: Executor,
  me: number,
  groupId: number,
  search: string | undefined,
  limit: number,
) =>
  db
    .select({
      ...memberColumns(me),
      inGroup: sql<boolean>`exists (select 1 from user_group_members gm where gm.group_id = ${groupId} and gm.user_id = "users"."id")`,
    })
    .from(users)
    .where(suggestedBy(me, search))
    .orderBy(...friendsFirst(me))
    .limit(limit);
