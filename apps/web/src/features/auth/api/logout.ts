import { authRoutes } from '@flashcards/contract';
import { api } from '../../../lib/api-client';
import { clearTokens, readTokens } from '../../../lib/session';
import { forgetTypedPassword } from '../typed-password';

/**
 * Forgets the session in this browser at once, then asks the server to revoke the refresh token. The
 * revocation is best effort and, as with simplejwt's blacklist view, needs no access token.
 */
export async function logout(): Promise<void> {
  const { refresh } = readTokens();
  clearTokens();
  forgetTypedPassword();
  if (!refresh) return;
  await api.call(authRoutes.logout, { body: { refresh } }).catch(() => undefined);
}
