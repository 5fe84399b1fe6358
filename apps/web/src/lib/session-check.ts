import { clearTokens, readTokens, type StoredTokens } from './session';

export interface SessionCheckSteps {
  /** Resolves when the server accepts the access token, rejects otherwise. */
  verify: (access: string) => Promise<unknown>;
  /** Resolves a new access token, or null when the refresh token was refused. */
  renew: () => Promise<string | null>;
}

const serverSteps: SessionCheckSteps = {
  verify: (token) => import('./shell-calls').then((calls) => calls.verifyToken(token)),
  renew: () => import('./shell-calls').then((calls) => calls.renewAccess()),
};

/**
 * The signed-in guard's check; resolves whether the session is usable, and clears both tokens when not.
 * Both tokens: verify the access token, and if that fails (any error) try a renewal.
 * Refresh token only: try a renewal. Access token only: nothing can renew it, so it is discarded.
 * Neither: not signed in.
 */
export async function checkSession(
  { access, refresh }: StoredTokens = readTokens(),
  steps: SessionCheckSteps = serverSteps,
): Promise<boolean> {
  const renews = () => steps.renew().then(Boolean, () => false);
  let usable = false;
  if (access && refresh)
    usable =
      (await steps.verify(access).then(
        () => true,
        () => false,
      )) || (await renews());
  else if (refresh) usable = await renews();
  if (!usable) clearTokens();
  return usable;
}
