import { readTokens } from '../session';
import { offlineDb, writing } from './offline-db';

/** The signed-in account's id, read from its token (whether or not it has expired). */
export const signedInUserId = (): number | null => {
  const token = readTokens().refresh ?? readTokens().access;
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { user_id?: unknown };
    return typeof claims.user_id === 'number' ? claims.user_id : null;
  } catch {
    return null;
  }
};

/** Keeps the answer of a call read online, so that the page shows it offline. */
export const keepRead = async (address: string, data: unknown) => {
  const userId = signedInUserId();
  if (userId === null) return;
  const db = await offlineDb(userId);
  await writing(() => db.put('reads', { data, saved_at: new Date().toISOString() }, address));
};

/** The answer last read of a call, or undefined. */
export const keptRead = async (address: string) => {
  const userId = signedInUserId();
  if (userId === null) return undefined;
  return (await (await offlineDb(userId)).get('reads', address))?.data;
};
