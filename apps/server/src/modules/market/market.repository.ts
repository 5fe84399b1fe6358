import { and, asc, eq, getTableColumns, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  cards,
  categories,
  marketListings,
  marketRatings,
  marketReports,
  marketVersionCards,
  marketVersions,
  users,
} from '../../db/schema';

export type CategoryRow = typeof categories.$inferSelect;
/**
 * A version's columns but its search document: the document is for the database to match, and reading it
 * would carry every word of the cards to the server with each row.
 */
const { search: _searchDocument, ...versionColumns } = getTableColumns(marketVersions);
export type VersionRow = Omit<typeof marketVersions.$inferSelect, 'search'>;
export type VersionCardRow = typeof marketVersionCards.$inferSelect;
export type CardRow = typeof cards.$inferSelect;
export type CardInsert = typeof cards.$inferInsert;

export const findCategory = async (db: Executor, id: number) => {
  const [row] = await db.select().from(categories).where(eq(categories.id, id));
  return row;
};

/** The category, locked until the end of the transaction (a review and a change do not cross). */
export const lockCategory = async (tx: Executor, id: number) => {
  const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
  return row;
};

export const updateCategory = (db: Executor, id: number, values: Partial<typeof categories.$inferInsert>) =>
  db
    .update(categories)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(categories.id, id));

export const liveCards = (db: Executor, categoryId: number) =>
  db.select().from(cards).where(eq(cards.categoryId, categoryId)).orderBy(asc(cards.id));

export const countLiveCards = async (db: Executor, categoryId: number) => {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(cards)
    .where(eq(cards.categoryId, categoryId));
  return row?.total ?? 0;
};

export const findVersion = async (db: Executor, id: number): Promise<VersionRow | undefined> => {
  const [row] = await db.select(versionColumns).from(marketVersions).where(eq(marketVersions.id, id));
  return row;
};

export const versionCards = (db: Executor, versionId: number, limit?: number) => {
  const query = db
    .select()
    .from(marketVersionCards)
    .where(eq(marketVersionCards.versionId, versionId))
    .orderBy(asc(marketVersionCards.position))
    .$dynamic();
  return limit ? query.limit(limit) : query;
};

export const versionCardsByTags = (db: Executor, versionId: number, tags?: string[]) =>
  db
    .select()
    .from(marketVersionCards)
    .where(
      and(
        eq(marketVersionCards.versionId, versionId),
        tags?.length ? inArray(marketVersionCards.tag, tags) : undefined,
      ),
    )
    .orderBy(asc(marketVersionCards.position));

export const versionTags = async (db: Executor, versionId: number) => {
  const rows = await db
    .selectDistinct({ tag: marketVersionCards.tag })
    .from(marketVersionCards)
    .where(and(eq(marketVersionCards.versionId, versionId), sql`${marketVersionCards.tag} <> ''`))
    .orderBy(asc(marketVersionCards.tag));
  return rows.map((row) => row.tag);
};

export const nextVersionNumber = async (db: Executor, categoryId: number) => {
  const [row] = await db
    .select({ last: sql<number>`coalesce(max(${marketVersions.number}), 0)::int` })
    .from(marketVersions)
    .where(eq(marketVersions.categoryId, categoryId));
  return (row?.last ?? 0) + 1;
};

/** A new version; its search document: English words, and the stems of Bulgarian ones (computed by us). */
export const insertVersion = async (
  tx: Executor,
  values: Omit<typeof marketVersions.$inferInsert, 'search'> & { searchText: string; searchStems: string },
) => {
  const { searchText, searchStems, ...rest } = values;
  const [row] = await tx
    .insert(marketVersions)
    .values({
      ...rest,
      search: sql`to_tsvector('english', ${searchText}) || to_tsvector('simple', ${searchStems})`,
    })
    .returning(versionColumns);
  return row!;
};

export const insertVersionCards = async (
  tx: Executor,
  values: (typeof marketVersionCards.$inferInsert)[],
) => {
  if (values.length > 0) await tx.insert(marketVersionCards).values(values);
};

const ratingOf = (categoryId: number) => ({
  count: sql<number>`(select count(*)::int from ${marketRatings} where ${marketRatings.categoryId} = ${categoryId})`,
  sum: sql<number>`(select coalesce(sum(${marketRatings.rating}), 0)::int from ${marketRatings} where ${marketRatings.categoryId} = ${categoryId})`,
  mean: sql<
    number | null
  >`(select avg(${marketRatings.rating})::float8 from ${marketRatings} where ${marketRatings.categoryId} = ${categoryId})`,
});

/** Puts the category's catalog row on its newest approved version (its ratings and adoptions counted). */
export const upsertListing = async (
  tx: Executor,
  category: CategoryRow,
  version: { id: number; language: string; topic: string; approvedAt: Date },
) => {
  const rating = ratingOf(category.id);
  const values = {
    userId: category.userId,
    versionId: version.id,
    language: version.language,
    topic: version.topic,
    approvedAt: version.approvedAt,
    adopted: category.adopted,
    ratingsCount: rating.count,
    ratingSum: rating.sum,
    rating: rating.mean,
  };
  await tx
    .insert(marketListings)
    .values({ categoryId: category.id, ...values })
    .onConflictDoUpdate({ target: marketListings.categoryId, set: values });
};

export const deleteListing = (tx: Executor, categoryId: number) =>
  tx.delete(marketListings).where(eq(marketListings.categoryId, categoryId));

/** A listed category: its catalog row, the version shown and its author's name. */
const listingSelect = (db: Executor) =>
  db
    .select({
      listing: marketListings,
      version: versionColumns,
      author: { firstName: users.firstName, lastName: users.lastName },
    })
    .from(marketListings)
    .innerJoin(marketVersions, eq(marketVersions.id, marketListings.versionId))
    .innerJoin(users, eq(users.id, marketListings.userId));

export const findListing = async (db: Executor, categoryId: number) => {
  const [row] = await listingSelect(db).where(eq(marketListings.categoryId, categoryId));
  return row;
};

export type ListingRow = NonNullable<Awaited<ReturnType<typeof findListing>>>;

export type CatalogQuery = {
  terms: { word: string; stem: string | null }[];
  search?: string;
  language?: string;
  topic?: string;
  order: 'most_download' | 'last_update' | 'top_rate' | 'relevance';
  limit: number;
  offset: number;
};

/**
 * Full-text matches below this many categories are a sign of a misspelt search: names close to the search
 * are then matched too. Above it, a search skips the names' trigram index, which costs more than the
 * full-text match itself.
 */
export const FEW_FULL_TEXT_MATCHES = 20;

/**
 * A page of the catalog and the number of matches. Pages walk the index of their order, and their count
 * reads the catalog rows alone: two statements, neither growing with the catalog when filters are few.
 * A search matches the full-text document (every word, in its English form or its Bulgarian stem) and
 * counts its matches in the same statement; when it finds few, a second statement also matches names by
 * trigram word similarity. Best match first is the names closest to the search: the rank reads the short
 * name, never the large search document.
 */
export const catalogPage = async (db: Executor, query: CatalogQuery) => {
  const filters = [
    query.language ? eq(marketListings.language, query.language) : undefined,
    query.topic ? eq(marketListings.topic, query.topic) : undefined,
  ];
  // `desc nulls last` throughout, as the indexes of the orders are built (a plain `desc` puts nulls
  // first and could not walk them).
  const latest = sql`${marketListings.categoryId} desc nulls last`;
  const orderBy = (rank: SQL) =>
    query.order === 'most_download'
      ? [sql`${marketListings.adopted} desc nulls last`, latest]
      : query.order === 'top_rate'
        ? [sql`${marketListings.rating} desc nulls last`, latest]
        : query.order === 'relevance'
          ? [sql`${rank} desc`, latest]
          : [sql`${marketListings.approvedAt} desc nulls last`, latest];

  if (!query.search) {
    const where = and(...filters);
    const [rows, [count]] = await Promise.all([
      listingSelect(db)
        .where(where)
        .orderBy(...orderBy(latest))
        .limit(query.limit)
        .offset(query.offset),
      db.select({ total: sql<number>`count(*)::int` }).from(marketListings).where(where),
    ]);
    return { total: count?.total ?? 0, rows };
  }

  const perWord = query.terms.map((term) =>
    term.stem
      ? sql`(plainto_tsquery('english', ${term.word}) || plainto_tsquery('simple', ${term.stem}))`
      : sql`plainto_tsquery('english', ${term.word})`,
  );
  const tsquery = perWord.length > 0 ? sql.join(perWord, sql` && `) : sql`''::tsquery`;
  const fullText = sql`${marketVersions.search} @@ (${tsquery})`;
  const rank = sql`word_similarity(${query.search}, ${marketVersions.name})`;
  const matching = async (match: SQL) => {
    const rows = await db
      .select({
        listing: marketListings,
        version: versionColumns,
        author: { firstName: users.firstName, lastName: users.lastName },
        total: sql<number>`count(*) over ()::int`,
      })
      .from(marketListings)
      .innerJoin(marketVersions, eq(marketVersions.id, marketListings.versionId))
      .innerJoin(users, eq(users.id, marketListings.userId))
      .where(and(match, ...filters))
      .orderBy(...orderBy(rank))
      .limit(query.limit)
      .offset(query.offset);
    // An empty page is past the end or of no match: either way the pagination needs no more than zero.
    return { total: rows[0]?.total ?? 0, rows: rows.map(({ total: _, ...row }) => row) };
  };
  const found = await matching(fullText);
  // A page past the last full-text match carries no count: the rare such page counts them alone.
  if (found.rows.length === 0 && query.offset > 0) {
    const [count] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(marketListings)
      .innerJoin(marketVersions, eq(marketVersions.id, marketListings.versionId))
      .where(and(fullText, ...filters));
    found.total = count?.total ?? 0;
  }
  if (found.total >= FEW_FULL_TEXT_MATCHES) return found;
  // A name matches when one of its stretches of words is close to the search (word similarity).
  return matching(sql`(${fullText} or ${query.search} <% ${marketVersions.name})`);
};

/** What a reader did with a catalog category: their rating, report and adopted copy. */
export const readerFacts = async (db: Executor, categoryId: number, userId: number) => {
  const rows = await rowsOf(
    db,
    sql`
    select
      (select ${marketRatings.rating} from ${marketRatings}
        where ${marketRatings.categoryId} = ${categoryId} and ${marketRatings.userId} = ${userId}) as rating,
      exists (select 1 from ${marketReports}
        where ${marketReports.categoryId} = ${categoryId} and ${marketReports.userId} = ${userId}) as reported,
      (select ${categories.id} from ${categories}
        where ${categories.adoptedFromId} = ${categoryId} and ${categories.userId} = ${userId} limit 1) as copy
  `,
    z.object({ rating: z.number().nullable(), reported: z.boolean(), copy: z.number().nullable() }),
  );
  return rows[0] ?? { rating: null, reported: false, copy: null };
};

export const upsertRating = async (
  tx: Executor,
  categoryId: number,
  userId: number,
  rating: number,
  now: Date,
) => {
  await tx
    .insert(marketRatings)
    .values({ categoryId, userId, rating, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [marketRatings.categoryId, marketRatings.userId],
      set: { rating, updatedAt: now },
    });
  const mean = ratingOf(categoryId);
  const [row] = await tx
    .update(marketListings)
    .set({ ratingsCount: mean.count, ratingSum: mean.sum, rating: mean.mean })
    .where(eq(marketListings.categoryId, categoryId))
    .returning({ rating: marketListings.rating, ratingsCount: marketListings.ratingsCount });
  return row!;
};

/** A new report, or undefined when the user reported the category already. */
export const insertReport = async (
  db: Executor,
  values: { categoryId: number; userId: number; reason: string; createdAt: Date },
) => {
  const [row] = await db.insert(marketReports).values(values).onConflictDoNothing().returning();
  return row;
};

const reportSelect = (db: Executor) =>
  db
    .select({
      report: marketReports,
      category: { id: categories.id, name: categories.name },
      reporter: { firstName: users.firstName, lastName: users.lastName },
      total: sql<number>`count(*) over ()::int`,
    })
    .from(marketReports)
    .innerJoin(categories, eq(categories.id, marketReports.categoryId))
    .innerJoin(users, eq(users.id, marketReports.userId));

export type ReportRow = Awaited<ReturnType<ReturnType<typeof reportSelect>['execute']>>[number];

export const openReports = async (db: Executor, limit: number, offset: number) => {
  const rows = await reportSelect(db)
    .where(isNull(marketReports.closedAt))
    .orderBy(asc(marketReports.createdAt), asc(marketReports.id))
    .limit(limit)
    .offset(offset);
  return { total: rows[0]?.total ?? 0, rows };
};

export const openReportsOf = (db: Executor, categoryId: number) =>
  reportSelect(db)
    .where(and(eq(marketReports.categoryId, categoryId), isNull(marketReports.closedAt)))
    .orderBy(asc(marketReports.createdAt), asc(marketReports.id));

export const closeReport = async (db: Executor, id: number, now: Date) => {
  const rows = await db
    .update(marketReports)
    .set({ closedAt: now })
    .where(and(eq(marketReports.id, id), isNull(marketReports.closedAt)))
    .returning({ id: marketReports.id });
  return rows.length > 0;
};

export const closeReportsOf = (db: Executor, categoryId: number, now: Date) =>
  db
    .update(marketReports)
    .set({ closedAt: now })
    .where(and(eq(marketReports.categoryId, categoryId), isNull(marketReports.closedAt)));

const queueSelect = (db: Executor) =>
  db
    .select({
      category: categories,
      author: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
      cardsLength: sql<number>`(select count(*)::int from ${cards} where ${cards.categoryId} = ${categories.id})`,
      reportsCount: sql<number>`(select count(*)::int from ${marketReports} where ${marketReports.categoryId} = ${categories.id} and ${marketReports.closedAt} is null)`,
      total: sql<number>`count(*) over ()::int`,
    })
    .from(categories)
    .innerJoin(users, eq(users.id, categories.userId));

export type QueueRow = Awaited<ReturnType<ReturnType<typeof queueSelect>['execute']>>[number];

/** Categories waiting for review, oldest first. */
export const reviewQueue = async (db: Executor, limit: number, offset: number) => {
  const rows = await queueSelect(db)
    .where(and(eq(categories.marketApprovement, 'pending'), eq(categories.marketAccessible, true)))
    .orderBy(asc(categories.marketSubmittedAt), asc(categories.id))
    .limit(limit)
    .offset(offset);
  return { total: rows[0]?.total ?? 0, rows };
};

export const queueItem = async (db: Executor, categoryId: number) => {
  const [row] = await queueSelect(db).where(eq(categories.id, categoryId));
  return row;
};

export const findAuthor = async (db: Executor, userId: number) => {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  return row;
};

/** The user's adopted copy of a catalog category. */
export const findCopy = async (db: Executor, userId: number, sourceId: number) => {
  const [row] = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(eq(categories.userId, userId), eq(categories.adoptedFromId, sourceId)));
  return row;
};

export const insertCategory = async (tx: Executor, values: typeof categories.$inferInsert) => {
  const [row] = await tx.insert(categories).values(values).returning();
  return row!;
};

export const insertCards = async (tx: Executor, values: CardInsert[]) => {
  if (values.length > 0) await tx.insert(cards).values(values);
};

export const countAdoption = async (tx: Executor, categoryId: number) => {
  await tx
    .update(categories)
    .set({ adopted: sql`${categories.adopted} + 1` })
    .where(eq(categories.id, categoryId));
  await tx
    .update(marketListings)
    .set({ adopted: sql`${marketListings.adopted} + 1` })
    .where(eq(marketListings.categoryId, categoryId));
};

export const deleteCards = async (tx: Executor, ids: number[]) => {
  if (ids.length > 0) await tx.delete(cards).where(inArray(cards.id, ids));
};

export const updateCard = (tx: Executor, id: number, values: Partial<CardInsert>) =>
  tx
    .update(cards)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(cards.id, id));
