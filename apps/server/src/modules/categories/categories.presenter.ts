import type { Category } from '@flashcards/contract';
import type { MediaStorage } from '../../lib/storage';
import type { CategoryWithStats } from './categories.repository';

export const toCategoryResponse = (
  { category, owner, stats, source }: CategoryWithStats,
  storage: MediaStorage,
): Category => ({
  id: category.id,
  name: category.name,
  user: {
    id: owner.id,
    first_name: owner.firstName,
    last_name: owner.lastName,
    email: owner.email,
    avatar_url: owner.avatar ? storage.url(owner.avatar) : null,
  },
  type_of_cards: category.typeOfCards,
  description: category.description,
  language: category.language,
  topic: category.topic,
  send_to_me: category.sendToMe,
  ai_created: category.aiCreated,
  market_accessible: category.marketAccessible,
  market_approvement: category.marketApprovement,
  market_rejection_reason: category.marketRejectionReason,
  adopted: category.adopted,
  adopted_from: source?.categoryId ?? null,
  market_update_available: Boolean(
    source?.versionId && category.adoptedVersionId !== null && source.versionId !== category.adoptedVersionId,
  ),
  created_at: category.createdAt.toISOString(),
  updated_at: category.updatedAt.toISOString(),
  cards_len: stats?.cardsLen ?? 0,
  learned_cards_verbal_len: stats?.learnedVerbal ?? 0,
  learned_cards_typing_len: stats?.learnedTyping ?? 0,
  // Kids cards have no spaced review.
  due_cards_len: category.typeOfCards === 'kids' ? 0 : (stats?.dueReview ?? 0),
  new_review_cards_len: category.typeOfCards === 'kids' ? 0 : (stats?.newReview ?? 0),
  total_guesses_score: stats?.guesses ?? 0,
  total_incorrect_guesses_score: stats?.incorrect ?? 0,
  total_guesses_score_typing: stats?.guessesTyping ?? 0,
  total_incorrect_guesses_score_typing: stats?.incorrectTyping ?? 0,
});
