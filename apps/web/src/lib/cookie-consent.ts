import { readSessionStored, storageKeys, useStoredValue, writeStored } from './storage';

/** The spec reads consent from session storage and records it in local storage: either counts. */
export function useHasCookieConsent(): boolean {
  const stored = useStoredValue(storageKeys.cookiesConsent);
  return Boolean(stored || readSessionStored(storageKeys.cookiesConsent));
}

export function acceptCookies(): void {
  writeStored(storageKeys.cookiesConsent, 'true');
}
