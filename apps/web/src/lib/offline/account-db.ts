import { offlineDb } from './offline-db';
import { signedInUserId } from './reads';
import { currentOfflineDb } from './sync';

/** The signed-in account's offline database (the sync engine's once it runs), or null when signed out. */
export const accountDb = () => {
  const running = currentOfflineDb();
  if (running) return running;
  const userId = signedInUserId();
  return userId === null ? null : offlineDb(userId);
};
