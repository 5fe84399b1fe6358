import { authRoutes } from '@flashcards/contract';
import { api } from '../../../lib/api-client';
import { signedInUserId } from '../../../lib/offline/signed-in-user';
import { clearTokens, readTokens } from '../../../lib/session';
import { forgetTypedPassword } from '../typed-password';

/**
 * Forgets the session in this browser at once, then asks the server to revoke the refresh token. The
 * revocation is best effort and, as with simplejwt's blacklist view, needs no access token.
 */
export async function logout(): Promise<void> {
  const { refresh } = readTokens();
  const userId = signedInUserId();
  clearTokens();
  // What this device read and kept of the account goes with it; answers and edits not sent yet stay for
  // the account's next sign-in here.
  if (userId !== null)
    void import('../../../lib/offline/offline-db')
      .then((db) => db.forgetReads(userId))
      .catch(() => undefined);
  forgetTypedPassword();
  if (!refresh) return;
  await api.call(authRoutes.logout, { body: { refresh } }).catch(() => undefined);
}
