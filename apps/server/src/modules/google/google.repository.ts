import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { oauthStates, users } from '../../db/schema';

export type OAuthState = typeof oauthStates.$inferSelect;

export const insertState = (db: Executor, values: OAuthState) => db.insert(oauthStates).values(values);

/** Deletes an unexpired state and returns it: a state works once, so two requests cannot both win. */
export const consumeState = async (db: Executor, state: string) => {
  const [row] = await db
    .delete(oauthStates)
    .where(and(eq(oauthStates.state, state), gt(oauthStates.expiresAt, sql`now()`)))
    .returning();
  return row;
};

/** Drops the requests that were started and never finished. */
export const deleteExpiredStates = (db: Executor) =>
  db.delete(oauthStates).where(lt(oauthStates.expiresAt, sql`now()`));

export const findUserByEmail = async (db: Executor, email: string) => {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
  return user;
};

export const insertUser = async (db: Executor, values: typeof users.$inferInsert) => {
  const [user] = await db.insert(users).values(values).returning();
  return user!;
};

export const updateUser = async (db: Executor, id: number, values: Partial<typeof users.$inferInsert>) => {
  const [user] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return user!;
};
