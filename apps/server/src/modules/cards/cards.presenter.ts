import type { KidsCard, PictureCard, TextCard } from '@flashcards/contract';
import { thumbnailKey } from '../../lib/images';
import type { MediaStorage } from '../../lib/storage';
import type { CardRow } from './cards.repository';

// Each card is written out as one object literal: a deck presents many of them per request, and
// spreading partial objects into a literal costs several times as much.

export const toTextCard = (card: CardRow): TextCard => ({
  id: card.id,
  first_side: card.firstSide,
  second_side: card.secondSide,
  category: card.categoryId,
  tag: card.tag,
  created_at: card.createdAt.toISOString(),
  updated_at: card.updatedAt.toISOString(),
  guesses_score: card.guessesScore,
  incorrect_guesses_score: card.incorrectGuessesScore,
  guesses_score_typing: card.guessesScoreTyping,
  incorrect_guesses_score_typing: card.incorrectGuessesScoreTyping,
});

export const toPictureCard = (card: CardRow, storage: MediaStorage): PictureCard => {
  const picture = storage.url(card.firstSide);
  return {
    id: card.id,
    first_side: picture,
    first_side_url: picture,
    first_side_thumbnail_url: storage.url(thumbnailKey(card.firstSide)),
    second_side: card.secondSide,
    category: card.categoryId,
    tag: card.tag,
    created_at: card.createdAt.toISOString(),
    updated_at: card.updatedAt.toISOString(),
    guesses_score: card.guessesScore,
    incorrect_guesses_score: card.incorrectGuessesScore,
    guesses_score_typing: card.guessesScoreTyping,
    incorrect_guesses_score_typing: card.incorrectGuessesScoreTyping,
    occlusion: card.occlusion ?? null,
  };
};

export const toKidsCard = (card: CardRow, storage: MediaStorage): KidsCard => {
  const picture = storage.url(card.firstSide);
  const audio = card.audio ? storage.url(card.audio) : null;
  return {
    id: card.id,
    first_side: picture,
    first_side_url: picture,
    first_side_thumbnail_url: storage.url(thumbnailKey(card.firstSide)),
    second_side: card.secondSide,
    category: card.categoryId,
    language: card.language,
    audio,
    audio_url: audio,
    listen_counts: card.listenCounts,
    created_at: card.createdAt.toISOString(),
    updated_at: card.updatedAt.toISOString(),
  };
};
