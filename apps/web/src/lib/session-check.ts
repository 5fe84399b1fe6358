import { ApiError } from './api-error';
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

/** The server could not be reached: no reason to sign out (the app works offline on what it kept). */
const unreachable = (error: unknown) => error instanceof ApiError && error.status === 0;

/**
 * The signed-in guard's check; resolves whether the session is usable, and clears both tokens when not.
 * Both tokens: verify the access token, and if that fails (any error) try a renewal.
 * Refresh token only: try a renewal. Access token only: nothing can renew it, so it is discarded.
 * Neither: not signed in. Without the network the session stays as it is: only the server's refusal
 * ends it.
 */
export async function checkSession(
  { access, refresh }: StoredTokens = readTokens(),
  steps: SessionCheckSteps = serverSteps,
): Promise<boolean> {
  // Only the renewal's answer decides: a refresh token the server refuses ends the session even when
  // the access token's check could not reach it.
  let offline = false;
  const renews = () =>
    steps.renew().then(Boolean, (error: unknown) => {
      offline = unreachable(error);
      return false;
    });
  let usable = false;
  if (access && refresh)
    usable =
      (await steps.verify(access).then(
        () => true,
        () => false,
      )) || (await renews());
  else if (refresh) usable = await renews();
  if (!usable && offline) return true;
  if (!usable) clearTokens();
  return usable;
}
