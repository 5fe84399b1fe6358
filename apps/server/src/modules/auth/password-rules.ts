import { dictionary } from '@zxcvbn-ts/language-common';
import type { Message } from '../../lib/api-error';

// The common-passwords list of zxcvbn-ts (@zxcvbn-ts/language-common, about 49,000 entries,
// compiled from leaked-password corpora), compared case-insensitively as Django does.
const commonPasswords = new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));

export const commonPasswordCount = commonPasswords.size;
const MIN_PASSWORD_LENGTH = 8;
const MAX_SIMILARITY = 0.7;

export type PasswordOwner = { email?: string; first_name?: string; last_name?: string };

/** Python's SequenceMatcher.quick_ratio: shared characters (as multisets) over the total length. */
const quickRatio = (a: string, b: string): number => {
  const counts = new Map<string, number>();
  for (const char of b) counts.set(char, (counts.get(char) ?? 0) + 1);
  let matches = 0;
  for (const char of a) {
    const left = counts.get(char) ?? 0;
    if (left > 0) {
      matches++;
      counts.set(char, left - 1);
    }
  }
  const total = a.length + b.length;
  return total === 0 ? 1 : (2 * matches) / total;
};

const tooSimilar = (password: string, value: string): boolean => {
  const lower = value.toLowerCase();
  const parts = [...lower.split(/[^\p{L}\p{N}_]+/u), lower].filter(Boolean);
  const candidate = password.toLowerCase();
  return parts.some((part) => {
    // A password ten times longer than a short value is not "similar" to it (Django's length bound).
    const boundedBySize =
      candidate.length >= 10 * part.length && part.length < (MAX_SIMILARITY / 2) * candidate.length;
    return !boundedBySize && quickRatio(candidate, part) >= MAX_SIMILARITY;
  });
};

/**
 * Django's four password validators, in Django's order and with its messages:
 * similarity to the e-mail and names, minimum length, common passwords, entirely numeric.
 */
export const passwordProblems = (password: string, owner: PasswordOwner = {}): Message[] => {
  const problems: Message[] = [];
  const attributes = [
    ['email', owner.email],
    ['first_name', owner.first_name],
    ['last_name', owner.last_name],
  ] as const;
  for (const [field, value] of attributes) {
    if (value && tooSimilar(password, value)) {
      problems.push({ key: 'password_too_similar', values: { field: { key: `field_${field}` } } });
      break;
    }
  }
  if (password.length < MIN_PASSWORD_LENGTH) {
    problems.push({ key: 'password_too_short', values: { min: MIN_PASSWORD_LENGTH } });
  }
  if (commonPasswords.has(password.toLowerCase().trim())) problems.push({ key: 'password_too_common' });
  if (/^\d+$/.test(password)) problems.push({ key: 'password_entirely_numeric' });
  return problems;
};
