import { tokenClaims } from '../jwt';
import { readTokens } from '../session';

/** The signed-in account's id, read from its token (whether or not it has expired). */
export const signedInUserId = (): number | null => {
  const { refresh, access } = readTokens();
  const token = refresh ?? access;
  const userId = token ? tokenClaims(token)?.user_id : undefined;
  return typeof userId === 'number' ? userId : null;
};
