import { offlineDb, writing } from './offline-db';
import { signedInUserId } from './signed-in-user';

export { signedInUserId };

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
