import type { Category } from '@flashcards/contract';

/** Where one of my categories stands with the catalog, as its badge says. */
export type CatalogStatus = 'notPublished' | 'pending' | 'published' | 'rejected';

export function catalogStatusOf(
  category: Pick<Category, 'market_approvement' | 'market_accessible'>,
): CatalogStatus {
  switch (category.market_approvement) {
    case 'pending':
      return 'pending';
    case 'rejected':
      return 'rejected';
    case 'approved':
      return category.market_accessible ? 'published' : 'notPublished';
    default:
      return 'notPublished';
  }
}

/** Filled badge colours whose white text keeps AA contrast in every theme. */
export const statusColors: Record<CatalogStatus, string> = {
  notPublished: 'gray.7',
  pending: 'blue.8',
  published: 'teal.9',
  rejected: 'red.9',
};

/** Hours past which a category waits longer than the 24 hours the authors are promised. */
export const REVIEW_PROMISE_HOURS = 24;

/** A waiting time: whole hours under two days, else whole days. */
export function ageParts(hours: number): { unit: 'hour' | 'day'; value: number } {
  const whole = Math.max(0, Math.floor(hours));
  return whole < 48 ? { unit: 'hour', value: whole } : { unit: 'day', value: Math.floor(whole / 24) };
}
