import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards, categories, exams, schoolTests, userGroupMembers, users } from '../src/db/schema';
import { createTestDatabase, type TestDatabase } from './database';
import { buildCard, buildCategory, buildUser } from './factories';
import { recordChanges, type UndoLog } from './undo-log';

let database: TestDatabase;
let changes: UndoLog;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await changes?.remove();
  await database.close();
});

/** Every row of the tables the cases touch, in a fixed order. */
const snapshot = async () => {
  const db = database.db;
  return {
    users: await db.select().from(users).orderBy(asc(users.id)),
    categories: await db.select().from(categories).orderBy(asc(categories.id)),
    cards: await db.select().from(cards).orderBy(asc(cards.id)),
    tests: await db.select().from(schoolTests).orderBy(asc(schoolTests.id)),
    members: await db.select().from(userGroupMembers),
  };
};

describe('the undo log of the tests', () => {
  it('reverts inserts, updates, deletes and their cascades, newest first', async () => {
    const db = database.db;
    const owner = await buildUser(db);
    const category = await buildCategory(db, { userId: owner.id, name: 'Before' });
    await buildCard(db, { categoryId: category.id, firstSide: 'kept' });
    // A generated column (the test's name key) is recomputed, not written, when its row comes back.
    await db.insert(schoolTests).values({
      name: 'Capitals',
      createdById: owner.id,
      excellentScore: 4,
      veryGoodScore: 3,
      goodScore: 2,
      satisfyScore: 1,
    });
    const before = await snapshot();
    changes = await recordChanges(db);

    const newcomer = await buildUser(db);
    await buildCategory(db, { userId: newcomer.id });
    await db.update(categories).set({ name: 'During' }).where(eq(categories.id, category.id));
    await db.update(categories).set({ name: 'After' }).where(eq(categories.id, category.id));
    await db.update(schoolTests).set({ name: 'Rivers' }).where(eq(schoolTests.createdById, owner.id));
    // Deleting the owner cascades to their category, its card and their test.
    await db.delete(users).where(eq(users.id, owner.id));
    expect((await snapshot()).users.map((user) => user.id)).not.toContain(owner.id);

    expect(await changes.undo()).toBeGreaterThanOrEqual(8);
    expect(await snapshot()).toEqual(before);
    // Nothing left to revert, and the exams' table (never touched) is as it was.
    expect(await changes.undo()).toBe(0);
    expect(await db.select().from(exams)).toEqual([]);
  });
});
