import type { MarketCard, MarketCategory, Occlusion, PictureCard, TextCard } from '@flashcards/contract';
import { HOUR } from '../../lib/clock';
import { thumbnailKey } from '../../lib/images';
import type { MediaStorage } from '../../lib/storage';
import type { ListingRow, QueueRow, ReportRow, VersionCardRow } from './market.repository';

const nameOf = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();

export const toMarketCategory = ({ listing, version, author }: ListingRow): MarketCategory => ({
  id: listing.categoryId,
  name: version.name,
  user: listing.userId,
  description: version.description,
  rating: listing.rating === null ? null : Math.round(listing.rating * 100) / 100,
  ratings_count: listing.ratingsCount,
  created_by: nameOf(author),
  market_accessible: true,
  adopted: listing.adopted,
  cards_length: version.cardsCount,
  type_of_cards: version.typeOfCards,
  language: version.language,
  topic: version.topic,
  approved_at: version.approvedAt.toISOString(),
});

/** A card as the catalog shows it: the text, or the picture's URL and the word. */
export const toMarketCard = (
  card: {
    id: number;
    firstSide: string;
    secondSide: string;
    tag: string;
    audio: string | null;
    occlusion?: Occlusion | null;
  },
  kind: 'text' | 'picture' | 'kids',
  storage: MediaStorage,
): MarketCard => {
  const url = kind === 'text' ? null : storage.url(card.firstSide);
  return {
    id: card.id,
    first_side: url ?? card.firstSide,
    first_side_url: url,
    second_side: card.secondSide,
    tag: card.tag,
    audio_url: card.audio ? storage.url(card.audio) : null,
    occlusion: card.occlusion ?? null,
  };
};

// A version's card in the shapes of the public practice calls: scores zero, times of the approval.

export const toPublicTextCard = (card: VersionCardRow, categoryId: number, approvedAt: Date): TextCard => {
  const time = approvedAt.toISOString();
  return {
    id: card.id,
    first_side: card.firstSide,
    second_side: card.secondSide,
    category: categoryId,
    tag: card.tag,
    created_at: time,
    updated_at: time,
    guesses_score: 0,
    incorrect_guesses_score: 0,
    guesses_score_typing: 0,
    incorrect_guesses_score_typing: 0,
  };
};

export const toPublicPictureCard = (
  card: VersionCardRow,
  categoryId: number,
  approvedAt: Date,
  storage: MediaStorage,
): PictureCard => {
  const picture = storage.url(card.firstSide);
  return {
    ...toPublicTextCard(card, categoryId, approvedAt),
    first_side: picture,
    first_side_url: picture,
    first_side_thumbnail_url: storage.url(thumbnailKey(card.firstSide)),
    occlusion: card.occlusion ?? null,
  };
};

export const toModerationItem = (row: QueueRow, now: Date) => {
  const { category, author } = row;
  const submitted = category.marketSubmittedAt ?? category.updatedAt;
  return {
    id: category.id,
    name: category.name,
    description: category.description,
    language: category.language,
    topic: category.topic,
    type_of_cards: category.typeOfCards,
    author: { id: author.id, name: nameOf(author), email: author.email },
    kind: category.marketVersionId === null ? ('new' as const) : ('update' as const),
    submitted_at: submitted.toISOString(),
    age_hours: Math.max(0, Math.round(((now.getTime() - submitted.getTime()) / HOUR) * 10) / 10),
    cards_length: row.cardsLength,
    revision: category.revision,
    reports_count: row.reportsCount,
  };
};

export const toMarketReport = ({ report, category, reporter }: ReportRow) => ({
  id: report.id,
  category,
  reason: report.reason,
  reporter: nameOf(reporter),
  created_at: report.createdAt.toISOString(),
});
