import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';

export const updateUserFields = async (
  db: Executor,
  id: number,
  values: Partial<typeof users.$inferInsert>,
) => {
  const [user] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return user!;
};

/** Deletes the user; their categories, cards, tokens and other rows go with it (ON DELETE CASCADE). */
export const deleteUser = (db: Executor, id: number) => db.delete(users).where(eq(users.id, id));
