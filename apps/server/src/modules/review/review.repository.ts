import { and, asc, count, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cardReviews, cards, categories } from '../../db/schema';

/** The category with its owner, or nothing. */
export const findCategory = async (db: Executor, categoryId: number) => {
  const [row] = await db
    .select({ id: categories.id, userId: categories.userId, typeOfCards: categories.typeOfCards })
    .from(categories)
    .where(eq(categories.id, categoryId));
  return row;
};

/** The card with its category's owner and kind, locked for this transaction. */
export const lockCard = async (tx: Executor, cardId: number) => {
  const [card] = await tx
    .select({ cardId: cards.id, userId: categories.userId, typeOfCards: categories.typeOfCards })
    .from(cards)
    .innerJoin(categories, eq(categories.id, cards.categoryId))
    .where(eq(cards.id, cardId))
    .for('update', { of: cards });
  return card;
};

/** The learner's state of a card. */
const stateOfCard = (userId: number) => and(eq(cardReviews.cardId, cards.id), eq(cardReviews.userId, userId));

/** Due cards of the category (oldest due first), then new ones in the order they were added. */
export const sessionCards = async (
  db: Executor,
  categoryId: number,
  userId: number,
  { now, dueLimit, newLimit }: { now: Date; dueLimit: number; newLimit: number },
) => {
  const due = await db
    .select({ card: cards, review: cardReviews })
    .from(cards)
    .innerJoin(cardReviews, stateOfCard(userId))
    .where(and(eq(cards.categoryId, categoryId), lte(cardReviews.due, now)))
    .orderBy(asc(cardReviews.due), asc(cards.id))
    .limit(dueLimit);
  const fresh =
    newLimit > 0
      ? await db
          .select({ card: cards })
          .from(cards)
          .leftJoin(cardReviews, stateOfCard(userId))
          .where(and(eq(cards.categoryId, categoryId), isNull(cardReviews.cardId)))
          .orderBy(asc(cards.id))
          .limit(newLimit)
      : [];
  return { due, fresh };
};

/** The category's review figures at `now`: due cards, cards first reviewed on `day`, the next due date. */
export const categoryFigures = async (
  db: Executor,
  categoryId: number,
  userId: number,
  now: Date,
  day: string,
) => {
  const [row] = await db
    .select({
      due: sql<number>`count(*) filter (where ${cardReviews.due} <= ${now.toISOString()}::timestamptz)::int`,
      introducedToday: sql<number>`count(*) filter (where ${cardReviews.introducedOn} = ${day}::date)::int`,
      nextDue: sql<
        string | null
      >`min(${cardReviews.due}) filter (where ${cardReviews.due} > ${now.toISOString()}::timestamptz)`,
    })
    .from(cardReviews)
    .innerJoin(cards, eq(cards.id, cardReviews.cardId))
    .where(and(eq(cards.categoryId, categoryId), eq(cardReviews.userId, userId)));
  return {
    due: row?.due ?? 0,
    introducedToday: row?.introducedToday ?? 0,
    nextDue: row?.nextDue ? new Date(row.nextDue) : null,
  };
};

/** Due cards over all the user's text and picture categories. */
export const dueCardsOf = async (db: Executor, userId: number, now: Date) => {
  const [row] = await db
    .select({ due: count() })
    .from(cardReviews)
    .innerJoin(cards, eq(cards.id, cardReviews.cardId))
    .innerJoin(categories, eq(categories.id, cards.categoryId))
    .where(
      and(
        eq(cardReviews.userId, userId),
        eq(categories.userId, userId),
        inArray(categories.typeOfCards, ['text', 'picture']),
        lte(cardReviews.due, now),
      ),
    );
  return row?.due ?? 0;
};
