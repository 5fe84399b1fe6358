import type { Executor } from '../src/db/client';
import { cards, categories, users } from '../src/db/schema';
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

export const buildCategory = async (
  db: Executor,
  overrides: Partial<typeof categories.$inferInsert> & { userId: number },
) => {
  const [category] = await db
    .insert(categories)
    .values({ name: `Category ${next()}`, typeOfCards: 'text', ...overrides })
    .returning();
  return category!;
};

export const buildCard = async (
  db: Executor,
  overrides: Partial<typeof cards.$inferInsert> & { categoryId: number },
) => {
  const n = next();
  const [card] = await db
    .insert(cards)
    .values({ firstSide: `Question ${n}`, secondSide: `Answer ${n}`, ...overrides })
    .returning();
  return card!;
};

/** The password every factory user has (see buildUser with `password`). */
export const PASSWORD = 'Correct-Horse-Battery-9';
