import { storageKeys, writeStored } from './storage';

/** Keeps a `?ref=CODE` referral code so that a later registration can credit the affiliate. */
export function captureReferralCode(search: string): void {
  const code = new URLSearchParams(search).get('ref')?.trim();
  if (code) writeStored(storageKeys.refCode, code);
}
