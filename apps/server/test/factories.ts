import { randomUUID } from 'node:crypto';
import type { Executor } from '../src/db/client';
import { aiTasks, cards, categories, users } from '../src/db/schema';
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

/** The password every factory user has (see buildUser with `password`). */
export const PASSWORD = 'Correct-Horse-Battery-9';
