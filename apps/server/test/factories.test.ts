import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, users } from '../src/db/schema';
import { createTestDatabase, type TestDatabase } from './database';
import { buildCard, buildCategory, buildUser } from './factories';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('factories', () => {
  it('build the parents they are not given', async () => {
    const card = await buildCard(database.db);
    const [category] = await database.db.select().from(categories).where(eq(categories.id, card.categoryId));
    const [owner] = await database.db.select().from(users).where(eq(users.id, category!.userId));
    expect(owner).toMatchObject({ isActive: true });

    const alone = await buildCategory(database.db);
    expect(alone.userId).not.toBe(category!.userId);
  });

  it('use the parents they are given', async () => {
    const user = await buildUser(database.db);
    const category = await buildCategory(database.db, { userId: user.id, typeOfCards: 'picture' });
    const card = await buildCard(database.db, { categoryId: category.id });
    expect(category).toMatchObject({ userId: user.id, typeOfCards: 'picture' });
    expect(card.categoryId).toBe(category.id);
  });
});
