import { notFound } from '../../lib/api-error';
import type { User } from '../../plugins/auth';

/** Another user's private category does not exist for this user (404, never 403). */
export const assertOwner = <T extends { userId: number }>(category: T | undefined, user: User): T => {
  if (!category || category.userId !== user.id) throw notFound();
  return category;
};

/** Catalog categories (approved and on the market) may be read by anyone, signed in or not. */
export const isPublic = (category: { marketApprovement: string; marketAccessible: boolean }) =>
  category.marketApprovement === 'approved' && category.marketAccessible;
