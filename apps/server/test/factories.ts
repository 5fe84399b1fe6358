import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../src/db/client';
import {
  aiTasks,
  blocks,
  cardImports,
  cards,
  categories,
  friendships,
  liveGames,
  marketListings,
  marketVersionCards,
  marketVersions,
  schools,
  schoolTests,
  testQuestions,
  users,
} from '../src/db/schema';
import { hashPassword } from '../src/modules/auth/auth.service';

let sequence = 0;
const next = () => ++sequence;

/** An active user; pass `password` to be able to sign in as them. */
export const buildUser = async (
  db: Executor,
  { password, ...overrides }: Partial<typeof users.$inferInsert> & { password?: string } = {},
) => {
  const n = next();
  const [user] = await db
    .insert(users)
    .values({
      email: `user${n}@example.com`,
      firstName: `First${n}`,
      lastName: `Last${n}`,
      isActive: true,
      passwordHash: password ? await hashPassword(password) : null,
      // Tests count days in UTC unless they name the account's zone.
      timeZone: 'UTC',
      ...overrides,
    })
    .returning();
  return user!;
};

/** A category; without `userId`, of a new user. */
export const buildCategory = async (
  db: Executor,
  { userId, ...overrides }: Partial<typeof categories.$inferInsert> = {},
) => {
  const [category] = await db
    .insert(categories)
    .values({
      name: `Category ${next()}`,
      typeOfCards: 'text',
      userId: userId ?? (await buildUser(db)).id,
      ...overrides,
    })
    .returning();
  return category!;
};

/** A text card; without `categoryId`, in a new category of a new user. */
export const buildCard = async (
  db: Executor,
  { categoryId, ...overrides }: Partial<typeof cards.$inferInsert> = {},
) => {
  const n = next();
  const [card] = await db
    .insert(cards)
    .values({
      firstSide: `Question ${n}`,
      secondSide: `Answer ${n}`,
      categoryId: categoryId ?? (await buildCategory(db)).id,
      ...overrides,
    })
    .returning();
  return card!;
};

/** A generation task, still waiting for its job; without `userId`, of a new user. */
export const buildAiTask = async (
  db: Executor,
  { userId, ...overrides }: Partial<typeof aiTasks.$inferInsert> = {},
) => {
  const now = new Date();
  const [task] = await db
    .insert(aiTasks)
    .values({
      id: randomUUID(),
      userId: userId ?? (await buildUser(db)).id,
      kind: 'text',
      input: {},
      createdAt: now,
      expiresAt: new Date(now.getTime() + 3_600_000),
      ...overrides,
    })
    .returning();
  return task!;
};

/** An import of cards that has ended (so the user may start another). */
export const buildCardImport = async (
  db: Executor,
  {
    userId,
    categoryId,
    ...overrides
  }: Partial<typeof cardImports.$inferInsert> & { userId: number; categoryId: number },
) => {
  const now = new Date();
  const [row] = await db
    .insert(cardImports)
    .values({
      id: randomUUID(),
      userId,
      categoryId,
      status: 'SUCCESS',
      createdAt: now,
      expiresAt: new Date(now.getTime() + 3_600_000),
      ...overrides,
    })
    .returning();
  return row!;
};

/** The password every factory user has (see buildUser with `password`). */
export const PASSWORD = 'Correct-Horse-Battery-9';

/**
 * Puts a category on the catalog as it stands: an approved version of its cards (sharing the cards' media
 * keys, which the real approval copies), its catalog row, and the category approved and published.
 */
export const buildCatalogVersion = async (
  db: Executor,
  categoryId: number,
  { approvedAt = new Date(), language = 'en', topic = 'education' } = {},
) => {
  const [category] = await db
    .update(categories)
    .set({ marketApprovement: 'approved', marketAccessible: true, language, topic })
    .where(eq(categories.id, categoryId))
    .returning();
  const rows = await db.select().from(cards).where(eq(cards.categoryId, categoryId)).orderBy(asc(cards.id));
  const media = category!.typeOfCards !== 'text';
  const text = [
    category!.name,
    category!.description,
    ...rows.map((card) => `${card.firstSide} ${card.secondSide}`),
  ].join(' ');
  const [{ number }] = (await db
    .select({ number: sql<number>`coalesce(max(${marketVersions.number}), 0)::int + 1` })
    .from(marketVersions)
    .where(eq(marketVersions.categoryId, categoryId))) as [{ number: number }];
  const [version] = await db
    .insert(marketVersions)
    .values({
      categoryId,
      number,
      name: category!.name,
      description: category!.description,
      language,
      topic,
      typeOfCards: category!.typeOfCards,
      approvedAt,
      revision: category!.revision,
      cardsCount: rows.length,
      search: sql`to_tsvector('english', ${text})`,
    })
    .returning();
  if (rows.length > 0)
    await db.insert(marketVersionCards).values(
      rows.map((card, position) => ({
        versionId: version!.id,
        sourceCardId: card.id,
        firstSide: card.firstSide,
        sourceFirstSide: media ? card.firstSide : null,
        secondSide: card.secondSide,
        tag: card.tag,
        language: card.language,
        audio: card.audio,
        sourceAudio: card.audio,
        occlusion: card.occlusion,
        position,
      })),
    );
  const listing = {
    userId: category!.userId,
    versionId: version!.id,
    language,
    topic,
    approvedAt,
    adopted: category!.adopted,
  };
  await db
    .insert(marketListings)
    .values({ categoryId, ...listing })
    .onConflictDoUpdate({ target: marketListings.categoryId, set: listing });
  await db.update(categories).set({ marketVersionId: version!.id }).where(eq(categories.id, categoryId));
  return version!;
};

/** A friendship between two users (stored once, the smaller id first). */
export const buildFriendship = async (db: Executor, a: number, b: number) => {
  const [friendship] = await db
    .insert(friendships)
    .values({ userId: Math.min(a, b), friendId: Math.max(a, b) })
    .returning();
  return friendship!;
};

/** A block of `blocked` by `blocker`. */
export const buildBlock = async (db: Executor, blocker: number, blocked: number) => {
  const [block] = await db.insert(blocks).values({ blockerId: blocker, blockedId: blocked }).returning();
  return block!;
};

/** A school with seats. */
export const buildSchool = async (db: Executor, overrides: Partial<typeof schools.$inferInsert> = {}) => {
  const [school] = await db
    .insert(schools)
    .values({ name: `School ${next()}`, town: 'Plovdiv', availableStudents: 10, ...overrides })
    .returning();
  return school!;
};

/**
 * The people of a school as the access matrices name them: two teachers and two students of one school,
 * and a teacher of another school.
 */
export const buildSchoolPeople = async (db: Executor) => {
  const school = await buildSchool(db);
  const elsewhere = await buildSchool(db);
  const member = { schoolId: school.id, isOrganizationMember: true };
  return {
    teacher: await buildUser(db, { ...member, isTeacher: true }),
    coTeacher: await buildUser(db, { ...member, isTeacher: true }),
    otherSchoolTeacher: await buildUser(db, {
      schoolId: elsewhere.id,
      isOrganizationMember: true,
      isTeacher: true,
    }),
    student: await buildUser(db, { ...member, isStudent: true }),
    classmate: await buildUser(db, { ...member, isStudent: true }),
  };
};

/** A school test of one single-choice question worth 4 points, made by `createdById`. */
export const buildSchoolTest = async (db: Executor, createdById: number) => {
  const [test] = await db
    .insert(schoolTests)
    .values({
      name: 'Rivers',
      createdById,
      excellentScore: 4,
      veryGoodScore: 3,
      goodScore: 2,
      satisfyScore: 1,
    })
    .returning();
  await db.insert(testQuestions).values({
    testId: test!.id,
    position: 1,
    questionText: 'Longest?',
    answerA: 'Nile',
    answerB: 'Danube',
    correctAnswer: 'a',
    scoreValue: 4,
  });
  return test!;
};

/** A live game in its lobby, without questions; without `hostId`, of a new user. */
export const buildLiveGame = async (
  db: Executor,
  { hostId, ...overrides }: Partial<typeof liveGames.$inferInsert> = {},
) => {
  const [game] = await db
    .insert(liveGames)
    .values({
      hostId: hostId ?? (await buildUser(db)).id,
      title: 'A game',
      code: String(next()).padStart(6, '9'),
      questionsCount: 1,
      questionSeconds: 20,
      maxPlayers: 10,
      createdAt: new Date(),
      ...overrides,
    })
    .returning();
  return game!;
};
