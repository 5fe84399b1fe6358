import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';

export type AccountValues = typeof users.$inferInsert;

export const findUserByEmail = async (db: Executor, email: string) => {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
  return user;
};

export const findUserById = async (db: Executor, id: number) => {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
};

export const insertUser = async (db: Executor, values: AccountValues) => {
  const [user] = await db.insert(users).values(values).returning();
  return user!;
};

export const updateUserFields = async (
  db: Executor,
  id: number,
  values: Partial<AccountValues>,
  now: Date,
) => {
  const [user] = await db
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(eq(users.id, id))
    .returning();
  return user!;
};

/** Deletes the user; their categories, cards, tokens and other rows go with it (ON DELETE CASCADE). */
export const deleteUser = (db: Executor, id: number) => db.delete(users).where(eq(users.id, id));
