import { and, eq, gt, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { oauthStates } from '../../db/schema';

export type OAuthState = typeof oauthStates.$inferSelect;

export const insertState = (db: Executor, values: OAuthState) => db.insert(oauthStates).values(values);

/** Deletes an unexpired state and returns it: a state works once, so two requests cannot both win. */
export const consumeState = async (db: Executor, state: string, now: Date) => {
  const [row] = await db
    .delete(oauthStates)
    .where(and(eq(oauthStates.state, state), gt(oauthStates.expiresAt, now)))
    .returning();
  return row;
};

/** Drops the requests that were started and never finished. */
export const deleteExpiredStates = (db: Executor, now: Date) =>
  db.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
