import type { Location } from 'react-router';

/** Router state of a visit to /login that the signed-in guard sent there: where to go back to. */
export type ReturnToState = { from: string };

export const returnToState = ({ pathname, search, hash }: Pick<Location, 'pathname' | 'search' | 'hash'>) =>
  ({ from: `${pathname}${search}${hash}` }) satisfies ReturnToState;

/**
 * Where to go after signing in: the page the guard came from, when the state names a path of this app
 * (never another site's address), else the fallback.
 */
export function returnToFrom(state: unknown, fallback: string): string {
  const from = (state as Partial<ReturnToState> | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\'))
    return fallback;
  return from;
}
