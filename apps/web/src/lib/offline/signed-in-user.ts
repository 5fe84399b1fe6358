import { readTokens } from '../session';

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
