import { and, desc, eq, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { paginate } from '../../db/rows';
import {
  blocks,
  friendRequests,
  friendships,
  privateOffers,
  userGroupMembers,
  userGroups,
  users,
} from '../../db/schema';
import { byName, friendIdsOf, friendshipIdWith, personColumns, reachableBy } from '../../lib/people';

/** The two ids of a friendship row: the smaller first. */
export const pair = (a: number, b: number) => (a < b ? [a, b] : [b, a]) as [number, number];

export const findUser = async (db: Executor, id: number) => {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
};

/** The person, when the viewer may find and reach them. */
export const findReachable = async (db: Executor, me: number, id: number) => {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), reachableBy(me)));
  return row;
};

export const findFriendship = async (db: Executor, a: number, b: number) => {
  const [low, high] = pair(a, b);
  const [row] = await db
    .select()
    .from(friendships)
    .where(and(eq(friendships.userId, low), eq(friendships.friendId, high)));
  return row;
};

export const findFriendshipById = async (db: Executor, id: number) => {
  const [row] = await db.select().from(friendships).where(eq(friendships.id, id));
  return row;
};

export const insertFriendship = async (db: Executor, a: number, b: number, now: Date) => {
  const [low, high] = pair(a, b);
  const [row] = await db
    .insert(friendships)
    .values({ userId: low, friendId: high, createdAt: now })
    .onConflictDoNothing()
    .returning();
  return row ?? (await findFriendship(db, a, b))!;
};

export const deleteFriendship = (db: Executor, id: number) =>
  db.delete(friendships).where(eq(friendships.id, id));

/** The pending request between the two, whichever way it goes. */
export const findRequestBetween = async (db: Executor, a: number, b: number) => {
  const [row] = await db
    .select()
    .from(friendRequests)
    .where(
      or(
        and(eq(friendRequests.fromUserId, a), eq(friendRequests.toUserId, b)),
        and(eq(friendRequests.fromUserId, b), eq(friendRequests.toUserId, a)),
      ),
    );
  return row;
};

export const findRequest = async (db: Executor, id: number) => {
  const [row] = await db.select().from(friendRequests).where(eq(friendRequests.id, id));
  return row;
};

/** Inserts the request; undefined when one between the two exists already (the pair's unique index). */
export const insertRequest = async (db: Executor, from: number, to: number, now: Date) => {
  const [row] = await db
    .insert(friendRequests)
    .values({ fromUserId: from, toUserId: to, createdAt: now })
    .onConflictDoNothing()
    .returning();
  return row;
};

/** Deletes the request; returns it when it was there. */
export const deleteRequest = async (db: Executor, id: number) => {
  const [row] = await db.delete(friendRequests).where(eq(friendRequests.id, id)).returning();
  return row;
};

export const findBlock = async (db: Executor, id: number) => {
  const [row] = await db.select().from(blocks).where(eq(blocks.id, id));
  return row;
};

export const insertBlock = async (db: Executor, blocker: number, blocked: number, now: Date) => {
  const [row] = await db
    .insert(blocks)
    .values({ blockerId: blocker, blockedId: blocked, createdAt: now })
    .onConflictDoNothing()
    .returning();
  if (row) return row;
  const [existing] = await db
    .select()
    .from(blocks)
    .where(and(eq(blocks.blockerId, blocker), eq(blocks.blockedId, blocked)));
  return existing!;
};

export const deleteBlock = (db: Executor, id: number) => db.delete(blocks).where(eq(blocks.id, id));

/**
 * Everything between two people a block ends: their friendship, requests either way, memberships of each
 * other's groups and pending offers either way.
 */
export const separate = async (tx: Executor, a: number, b: number) => {
  const [low, high] = pair(a, b);
  await tx.delete(friendships).where(and(eq(friendships.userId, low), eq(friendships.friendId, high)));
  await tx
    .delete(friendRequests)
    .where(
      or(
        and(eq(friendRequests.fromUserId, a), eq(friendRequests.toUserId, b)),
        and(eq(friendRequests.fromUserId, b), eq(friendRequests.toUserId, a)),
      ),
    );
  const memberOf = (member: number, author: number) =>
    and(
      eq(userGroupMembers.userId, member),
      sql`${userGroupMembers.groupId} in (select ${userGroups.id} from ${userGroups} where ${userGroups.authorId} = ${author})`,
    );
  await tx.delete(userGroupMembers).where(or(memberOf(a, b), memberOf(b, a)));
  await tx
    .delete(privateOffers)
    .where(
      and(
        eq(privateOffers.status, 'pending'),
        or(
          and(eq(privateOffers.senderId, a), eq(privateOffers.receiverId, b)),
          and(eq(privateOffers.senderId, b), eq(privateOffers.receiverId, a)),
        ),
      ),
    );
};

/** The other person of each of my pending requests, with their relation to me. */
export const requestsOf = (db: Executor, me: number, only?: number) =>
  db
    .select({
      id: friendRequests.id,
      fromUserId: friendRequests.fromUserId,
      toUserId: friendRequests.toUserId,
      createdAt: friendRequests.createdAt,
      person: personColumns(me),
    })
    .from(friendRequests)
    .innerJoin(
      users,
      eq(
        users.id,
        sql`case when ${friendRequests.fromUserId} = ${me} then ${friendRequests.toUserId} else ${friendRequests.fromUserId} end`,
      ),
    )
    .where(
      and(
        or(eq(friendRequests.fromUserId, me), eq(friendRequests.toUserId, me)),
        eq(users.isActive, true),
        only === undefined ? undefined : eq(friendRequests.id, only),
      ),
    )
    .orderBy(desc(friendRequests.createdAt), desc(friendRequests.id));

/** My friendships with the friend of each, by the friend's name. */
export const friendshipsOf = (db: Executor, me: number, only?: number) =>
  db
    .select({ id: friendships.id, createdAt: friendships.createdAt, person: personColumns(me) })
    .from(friendships)
    .innerJoin(
      users,
      eq(
        users.id,
        sql`case when ${friendships.userId} = ${me} then ${friendships.friendId} else ${friendships.userId} end`,
      ),
    )
    .where(
      and(
        or(eq(friendships.userId, me), eq(friendships.friendId, me)),
        eq(users.isActive, true),
        only === undefined ? undefined : eq(friendships.id, only),
      ),
    )
    .orderBy(...byName);

export const blocksOf = (db: Executor, me: number, only?: number) =>
  db
    .select({ id: blocks.id, createdAt: blocks.createdAt, person: personColumns(me) })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(and(eq(blocks.blockerId, me), only === undefined ? undefined : eq(blocks.id, only)))
    .orderBy(desc(blocks.createdAt), desc(blocks.id));

export type PeopleFilter = {
  search?: SQL;
  region?: string;
  municipality?: string;
  town?: string;
  school?: string;
};

const place = (column: SQLWrapper, value: string | undefined) =>
  value === undefined ? undefined : sql`lower(${column}) = lower(${value})`;

/** A page of the people I may reach matching the filter, with the total: two statements. */
export const searchPeople = async (
  db: Executor,
  me: number,
  filter: PeopleFilter,
  limit: number,
  offset: number,
) => {
  const where = and(
    reachableBy(me),
    filter.search,
    place(users.region, filter.region),
    place(users.municipality, filter.municipality),
    place(users.town, filter.town),
    place(users.school, filter.school),
  );
  return paginate(
    db
      .select(personColumns(me))
      .from(users)
      .where(where)
      .orderBy(...byName)
      .limit(limit)
      .offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
  );
};

/** A person with my relation to them, their ranking and how many friends they have. */
export const personDetails = async (db: Executor, me: number, id: number) => {
  const [row] = await db
    .select({
      ...personColumns(me),
      ranking: users.ranking,
      friendsCount: sql<number>`(select count(*)::int from ${friendIdsOf(sql.raw('"users"."id"'))} as f)`,
    })
    .from(users)
    .where(eq(users.id, id));
  return row;
};

/** A person's friends whom I may reach (myself left out), my friends among them first. */
export const friendsOfPerson = (db: Executor, me: number, id: number) =>
  db
    .select(personColumns(me))
    .from(friendships)
    .innerJoin(
      users,
      eq(
        users.id,
        sql`case when ${friendships.userId} = ${id} then ${friendships.friendId} else ${friendships.userId} end`,
      ),
    )
    .where(and(or(eq(friendships.userId, id), eq(friendships.friendId, id)), reachableBy(me)))
    .orderBy(sql`${friendshipIdWith(me)} is not null desc`, ...byName);
