import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  isNotNull,
  lt,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { cards, categories } from '../../db/schema';
import type { Entitlements } from '../../lib/entitlements';

export type CardRow = typeof cards.$inferSelect;
export type CardFilter = {
  categoryId: number;
  tags?: string[];
  search?: string;
  searchFirstSide?: boolean;
  /** Only the cards not yet learned in a mode: their correct score is below the threshold. */
  unlearned?: { column: 'guessesScore' | 'guessesScoreTyping'; threshold: number };
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

const whereOf = (filter: CardFilter) => {
  const pattern = filter.search ? `%${escapeLike(filter.search)}%` : undefined;
  return and(
    eq(cards.categoryId, filter.categoryId),
    filter.tags?.length ? inArray(cards.tag, filter.tags) : undefined,
    filter.unlearned ? lt(cards[filter.unlearned.column], filter.unlearned.threshold) : undefined,
    pattern
      ? filter.searchFirstSide
        ? or(ilike(cards.firstSide, pattern), ilike(cards.secondSide, pattern), ilike(cards.tag, pattern))
        : or(ilike(cards.secondSide, pattern), ilike(cards.tag, pattern))
      : undefined,
  );
};

export const countCards = async (db: Executor, filter: CardFilter) => {
  const [row] = await db.select({ total: count() }).from(cards).where(whereOf(filter));
  return row?.total ?? 0;
};

/** Which of these picture keys image occlusion cards still use (the cards of one picture share it). */
export const occlusionPicturesInUse = async (tx: Executor, keys: string[]) => {
  const rows = await tx
    .selectDistinct({ key: cards.firstSide })
    .from(cards)
    .where(and(isNotNull(cards.occlusion), inArray(cards.firstSide, keys)));
  return rows.map((row) => row.key);
};

/** A page of cards, newest first. */
export const pageOfCards = (db: Executor, filter: CardFilter, limit: number, offset: number) =>
  db
    .select()
    .from(cards)
    .where(whereOf(filter))
    .orderBy(desc(cards.createdAt), desc(cards.id))
    .limit(limit)
    .offset(offset);

/** Cards in the order they were made (decks and public practice). */
export const listCards = (db: Executor, filter: CardFilter, limit?: number) => {
  const query = db.select().from(cards).where(whereOf(filter)).orderBy(asc(cards.id)).$dynamic();
  return limit ? query.limit(limit) : query;
};

export type DeckColumn = 'guessesScore' | 'guessesScoreTyping';
export type DeckQueries = ReturnType<typeof prepareDeckQueries>;

/**
 * The practice deck of a category, one statement per mode, prepared once: the cards not learned in the
 * mode, in the order they were made, of a category only when the user owns it and it is of the kind, and
 * only for an active premium user (the only one who needs no daily-limit check).
 */
export const deckQuery = (db: Database, column: DeckColumn, entitlements: Entitlements) =>
  db
    .select(getTableColumns(cards))
    .from(cards)
    .innerJoin(categories, eq(categories.id, cards.categoryId))
    .where(
      and(
        eq(cards.categoryId, sql.placeholder('categoryId')),
        eq(categories.userId, sql.placeholder('userId')),
        eq(categories.typeOfCards, sql.placeholder('kind')),
        lt(cards[column], sql.placeholder('threshold')),
        entitlements.isActivePremiumAccount(
          sql.placeholder('userId'),
          sql`${sql.placeholder('tokenVersion')}::integer`,
          sql`${sql.placeholder('now')}::timestamptz`,
        ),
      ),
    )
    .orderBy(asc(cards.id))
    .limit(sql.placeholder('limit'));

/** The name a deck statement is prepared under on each connection. */
export const deckStatementName = (column: DeckColumn) => `deck_${column}`;

export const prepareDeckQueries = (db: Database, entitlements: Entitlements) => {
  const deck = (column: DeckColumn) => deckQuery(db, column, entitlements).prepare(deckStatementName(column));
  return { guessesScore: deck('guessesScore'), guessesScoreTyping: deck('guessesScoreTyping') };
};

export const deckOf = (
  queries: DeckQueries,
  deck: {
    categoryId: number;
    userId: number;
    /** The token's version: a token of an older one gets no cards here (the caller then answers 401). */
    tokenVersion: number;
    kind: 'text' | 'picture';
    column: DeckColumn;
    threshold: number;
    limit?: number;
    now: Date;
  },
) =>
  queries[deck.column].execute({
    now: deck.now.toISOString(),
    categoryId: deck.categoryId,
    userId: deck.userId,
    tokenVersion: deck.tokenVersion,
    kind: deck.kind,
    threshold: deck.threshold,
    // No limit: all of them.
    limit: deck.limit ?? null,
  });

export const tagsOf = async (db: Executor, categoryId: number) => {
  const rows = await db
    .selectDistinct({ tag: cards.tag })
    .from(cards)
    .where(and(eq(cards.categoryId, categoryId), sql`${cards.tag} <> ''`))
    .orderBy(asc(cards.tag));
  return rows.map((row) => row.tag);
};

/** A side with its letter case and runs of white space ignored, as SQL (the same for columns and values). */
const comparable = (side: SQL | string) => sql`lower(btrim(regexp_replace(${side}, '\\s+', ' ', 'g')))`;

/**
 * The first card of a category whose first side equals this one, case and spaces aside: one category's
 * rows, found by the category's index.
 */
export const findSameFirstSide = async (
  db: Executor,
  categoryId: number,
  firstSide: string,
  excludeId?: number,
) => {
  const [row] = await db
    .select({ id: cards.id, firstSide: cards.firstSide, secondSide: cards.secondSide })
    .from(cards)
    .where(
      and(
        eq(cards.categoryId, categoryId),
        sql`${comparable(sql`${cards.firstSide}`)} = ${comparable(firstSide)}`,
        excludeId === undefined ? undefined : ne(cards.id, excludeId),
      ),
    )
    .orderBy(asc(cards.id))
    .limit(1);
  return row;
};

/** The card with its category's owner and kind, for ownership and kind checks. */
export const findCard = async (db: Executor, id: number) => {
  const [row] = await db
    .select({ card: cards, userId: categories.userId, kind: categories.typeOfCards })
    .from(cards)
    .innerJoin(categories, eq(categories.id, cards.categoryId))
    .where(eq(cards.id, id));
  return row;
};

/**
 * Inserts cards in the order given. Rows of one statement share the transaction's `now()`, so each later
 * row is made a microsecond older: the newest-first list then shows them in the given order (a file's
 * order), as decks do by id.
 */
export const insertCards = (db: Executor, values: (typeof cards.$inferInsert)[]) =>
  db
    .insert(cards)
    .values(
      values.length < 2
        ? values
        : values.map((row, index) => ({
            ...row,
            createdAt: row.createdAt ?? sql`now() - ${index}::float8 * interval '1 microsecond'`,
          })),
    )
    .returning();

/** The card's sides and tag as a device last saw them; an edit made on top of them says so. */
export type CardBase = { firstSide?: string; secondSide?: string; tag?: string };

/** Updates a card; with a `base`, only while the card still has it (else nothing: undefined). */
export const updateCard = async (
  db: Executor,
  id: number,
  values: Partial<typeof cards.$inferInsert>,
  base: CardBase = {},
) => {
  const [row] = await db
    .update(cards)
    .set({ ...values, updatedAt: sql`now()` })
    .where(
      and(
        eq(cards.id, id),
        base.firstSide === undefined ? undefined : eq(cards.firstSide, base.firstSide),
        base.secondSide === undefined ? undefined : eq(cards.secondSide, base.secondSide),
        base.tag === undefined ? undefined : sql`coalesce(${cards.tag}, '') = ${base.tag}`,
      ),
    )
    .returning();
  return row;
};

export const deleteCard = (db: Executor, id: number) => db.delete(cards).where(eq(cards.id, id));

export const resetScores = (db: Executor, categoryId: number, now: Date) =>
  db
    .update(cards)
    .set({
      guessesScore: 0,
      incorrectGuessesScore: 0,
      guessesScoreTyping: 0,
      incorrectGuessesScoreTyping: 0,
      updatedAt: now,
    })
    .where(eq(cards.categoryId, categoryId));

export const moveCards = (db: Executor, fromCategoryId: number, toCategoryId: number, now: Date) =>
  db
    .update(cards)
    .set({ categoryId: toCategoryId, updatedAt: now })
    .where(eq(cards.categoryId, fromCategoryId));

/** Rows one statement inserts: within the parameters a statement may carry. */
const CARDS_PER_STATEMENT = 1000;

/**
 * Many cards in the caller's transaction, a statement per thousand; their creation times fall a microsecond
 * apart in the given order, as `insertCards` makes them. Resolves with how many were inserted.
 */
export const insertManyCards = async (tx: Executor, values: (typeof cards.$inferInsert)[]) => {
  for (let from = 0; from < values.length; from += CARDS_PER_STATEMENT)
    await tx.insert(cards).values(
      values.slice(from, from + CARDS_PER_STATEMENT).map((row, index) => ({
        ...row,
        createdAt: sql`now() - ${from + index}::float8 * interval '1 microsecond'`,
      })),
    );
  return values.length;
};
