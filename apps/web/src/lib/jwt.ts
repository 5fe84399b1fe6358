/** Slack so that a token does not expire between this check and the server reading it. */
const EXPIRY_MARGIN_MS = 10_000;

/** A JWT's claims, unchecked (the server checks them), or null when they cannot be read. */
export function tokenClaims(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return claims !== null && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The `exp` claim of a JWT in milliseconds, or null when the token carries none or cannot be read. */
export function tokenExpiry(token: string): number | null {
  const exp = tokenClaims(token)?.exp;
  return typeof exp === 'number' ? exp * 1000 : null;
}

/** A token without a readable expiry is left for the server to judge. */
export function isTokenExpired(token: string, now = Date.now()): boolean {
  const expiry = tokenExpiry(token);
  return expiry !== null && expiry - EXPIRY_MARGIN_MS <= now;
}
