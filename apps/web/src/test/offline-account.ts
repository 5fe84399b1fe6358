import { offlineDb } from '../lib/offline/offline-db';
import { storeTokens } from '../lib/session';

let accounts = 0;

/**
 * Signs in as a new account (its id in the token, as the server writes it) and opens its database on this
 * device, so that every test starts with nothing kept and nothing waiting.
 */
export async function signedInOffline() {
  const userId = 5_000 + ++accounts;
  const token = `header.${btoa(JSON.stringify({ user_id: userId }))}.signature`;
  storeTokens({ access: token, refresh: token });
  return { userId, db: await offlineDb(userId) };
}
