import type { TokenPair } from '@flashcards/contract';
import { readStored, storageKeys, useStoredValue, writeStored } from './storage';

export type StoredTokens = { access: string | null; refresh: string | null };

export function readTokens(): StoredTokens {
  return { access: readStored(storageKeys.access), refresh: readStored(storageKeys.refresh) };
}

export function storeTokens({ access, refresh }: TokenPair): void {
  writeStored(storageKeys.access, access);
  writeStored(storageKeys.refresh, refresh);
}

export function clearTokens(): void {
  writeStored(storageKeys.access, null);
  writeStored(storageKeys.refresh, null);
}

/**
 * Router state of a visit to the visitors' home on the way out of the account (deleting it): the tokens are
 * cleared just after, so the home must not send the visitor on to their own.
 */
export const leavingState = { leaving: true } as const;
export const isLeaving = (state: unknown) => (state as Partial<typeof leavingState> | null)?.leaving === true;

/** Signed in means both tokens are stored (spec); follows sign-ins and sign-outs in other tabs too. */
export function useIsSignedIn(): boolean {
  const access = useStoredValue(storageKeys.access);
  const refresh = useStoredValue(storageKeys.refresh);
  return Boolean(access && refresh);
}
