import type { Category } from '@flashcards/contract';
import { generatePath } from 'react-router';
import { paths } from './paths';

/** A category id from the address: a positive 32-bit integer, else null. */
export function categoryIdFrom(param: string | undefined): number | null {
  const id = Number(param);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/** Where a category is practised by its owner. */
export const practicePathOf = (category: Pick<Category, 'id' | 'type_of_cards'>) =>
  generatePath(
    {
      text: paths.flashCardsText,
      picture: paths.flashCardsPicture,
      kids: paths.flashCardsKids,
    }[category.type_of_cards],
    { categoryId: String(category.id) },
  );

/** The page of a category's cards ("All cards"). */
export const cardsPathOf = (category: Pick<Category, 'id' | 'type_of_cards'>) =>
  generatePath(category.type_of_cards === 'kids' ? paths.myKidsCards : paths.myCards, {
    categoryIdParam: String(category.id),
  });

/** Where a catalog category is practised without signing in (text and picture categories only). */
export const publicPracticePathOf = (category: { id: number; type_of_cards: 'text' | 'picture' }) =>
  generatePath(
    category.type_of_cards === 'text' ? paths.flashCardsTextPublic : paths.flashCardsPicturesPublic,
    {
      categoryId: String(category.id),
    },
  );
