import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { paginate } from '../../db/rows';
import { cards, categories, privateOffers, users } from '../../db/schema';
import { friendsFirst, memberColumns, reachableBy, suggestedBy } from '../../lib/people';

export const findCategory = async (db: Executor, id: number) => {
  const [row] = await db.select().from(categories).where(eq(categories.id, id));
  return row;
};

/** The people named as receivers, with whether the sender may reach them and whether they take categories. */
export const receivers = (db: Executor, me: number, ids: number[]) =>
  db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      language: users.language,
      receives: users.receiveInvitationsForCategories,
      reachable: sql<boolean>`${reachableBy(me)}`,
    })
    .from(users)
    .where(inArray(users.id, ids));

/** Which of these people have a pending offer of the category. */
export const pendingAmong = async (db: Executor, categoryId: number, ids: number[]) =>
  (
    await db
      .select({ id: privateOffers.receiverId })
      .from(privateOffers)
      .where(
        and(
          eq(privateOffers.categoryId, categoryId),
          eq(privateOffers.status, 'pending'),
          inArray(privateOffers.receiverId, ids),
        ),
      )
  ).map((row) => row.id);

/** Offers the category to each receiver; returns those offered now (a pending offer is not made twice). */
export const insertOffers = async (
  db: Executor,
  values: { categoryId: number; senderId: number; receiverId: number; createdAt: Date }[],
) =>
  values.length === 0
    ? []
    : (
        await db
          .insert(privateOffers)
          .values(values)
          .onConflictDoNothing()
          .returning({ id: privateOffers.receiverId })
      ).map((row) => row.id);

const pendingFor = (me: number) => and(eq(privateOffers.receiverId, me), eq(privateOffers.status, 'pending'));

/** A page of my pending offers, newest first, with their category, sender and card count: two statements. */
export const inboxPage = async (db: Executor, me: number, limit: number, offset: number) => {
  return paginate(
    db
      .select({
        categoryId: categories.id,
        name: categories.name,
        description: categories.description,
        typeOfCards: categories.typeOfCards,
        senderId: users.id,
        senderFirstName: users.firstName,
        senderLastName: users.lastName,
        createdAt: privateOffers.createdAt,
        cardsCount: sql<number>`(select count(*)::int from ${cards} where ${cards.categoryId} = ${categories.id})`,
      })
      .from(privateOffers)
      .innerJoin(categories, eq(categories.id, privateOffers.categoryId))
      .innerJoin(users, eq(users.id, privateOffers.senderId))
      .where(pendingFor(me))
      .orderBy(desc(privateOffers.createdAt), desc(privateOffers.id))
      .limit(limit)
      .offset(offset),
    countPending(db, me).then((total) => [{ total }]),
  );
};

export const countPending = async (db: Executor, me: number) => {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(privateOffers)
    .where(pendingFor(me));
  return row?.total ?? 0;
};

export const findPendingOffer = async (db: Executor, categoryId: number, receiverId: number) => {
  const [row] = await db
    .select()
    .from(privateOffers)
    .where(and(eq(privateOffers.categoryId, categoryId), pendingFor(receiverId)));
  return row;
};

/** Accepts or declines a pending offer; undefined when it is no longer pending. */
export const settleOffer = async (db: Executor, id: number, status: 'accepted' | 'declined') => {
  const [row] = await db
    .update(privateOffers)
    .set({ status })
    .where(and(eq(privateOffers.id, id), eq(privateOffers.status, 'pending')))
    .returning();
  return row;
};

/**
 * People I may send the category to: matching the search (or, without one, my friends), friends first,
 * each flagged when they have a pending offer of it or do not take categories.
 */
export const receiverCandidates = (
  db: Executor,
  me: number,
  categoryId: number,
  search: string | undefined,
  limit: number,
) =>
  db
    .select({
      ...memberColumns(me),
      receives: users.receiveInvitationsForCategories,
      hasOffer: sql<boolean>`exists (select 1 from private_offers po
        where po.category_id = ${categoryId} and po.receiver_id = "users"."id" and po.status = 'pending')`,
    })
    .from(users)
    .where(suggestedBy(me, search))
    .orderBy(...friendsFirst(me))
    .limit(limit);
