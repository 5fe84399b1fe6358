import { useSyncExternalStore } from 'react';

/** Every browser-storage key the app uses (the spec fixes the names). */
export const storageKeys = {
  access: 'access',
  refresh: 'refresh',
  theme: 'theme',
  cookiesConsent: 'cookiesConsent',
  refCode: 'ref_code',
  language: 'language',
  /** Generated cards not saved yet, with the task still running: this tab's session only. */
  aiDraft: 'aiDraft',
  /** A live game's player token: a reload or a dropped network comes back as the same player. */
  liveToken: 'liveToken',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

const listeners = new Set<() => void>();

// Storage access throws when the browser blocks it (private modes, sandboxed frames): treat it as empty.
export function readStored(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function readSessionStored(key: StorageKey): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Writes (or with `null` removes) a value of this tab's session storage. */
export function writeSessionStored(key: StorageKey, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    // As above: the value lasts for this page view only.
  }
}

/** Writes (or with `null` removes) a value and tells this tab's subscribers; other tabs get a storage event. */
export function writeStored(key: StorageKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Nothing to keep the value in; the app keeps working for this page view.
  }
  for (const listener of listeners) listener();
}

function subscribeToStorage(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The stored value, re-rendering on changes from this tab and from other tabs. */
export function useStoredValue(key: StorageKey): string | null {
  return useSyncExternalStore(subscribeToStorage, () => readStored(key));
}
