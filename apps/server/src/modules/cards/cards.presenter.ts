import type { KidsCard, PictureCard, TextCard } from '@flashcards/contract';
import { thumbnailKey } from '../../lib/images';
import type { MediaStorage } from '../../lib/storage';
import type { CardRow } from './cards.repository';

const common = (card: CardRow) => ({
  id: card.id,
  second_side: card.secondSide,
  category: card.categoryId,
  created_at: card.createdAt.toISOString(),
  updated_at: card.updatedAt.toISOString(),
});

const scores = (card: CardRow) => ({
  guesses_score: card.guessesScore,
  incorrect_guesses_score: card.incorrectGuessesScore,
  guesses_score_typing: card.guessesScoreTyping,
  incorrect_guesses_score_typing: card.incorrectGuessesScoreTyping,
});

export const toTextCard = (card: CardRow): TextCard => ({
  ...common(card),
  first_side: card.firstSide,
  tag: card.tag,
  ...scores(card),
});

const picture = (card: CardRow, storage: MediaStorage) => ({
  first_side: storage.url(card.firstSide),
  first_side_url: storage.url(card.firstSide),
  first_side_thumbnail_url: storage.url(thumbnailKey(card.firstSide)),
});

export const toPictureCard = (card: CardRow, storage: MediaStorage): PictureCard => ({
  ...common(card),
  ...picture(card, storage),
  tag: card.tag,
  ...scores(card),
});

export const toKidsCard = (card: CardRow, storage: MediaStorage): KidsCard => ({
  ...common(card),
  ...picture(card, storage),
  language: card.language,
  audio: card.audio ? storage.url(card.audio) : null,
  audio_url: card.audio ? storage.url(card.audio) : null,
  listen_counts: card.listenCounts,
});
