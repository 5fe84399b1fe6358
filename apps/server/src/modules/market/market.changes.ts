import type { CardRow, VersionCardRow } from './market.repository';

/**
 * A card as two versions of a category compare it: the author's card id is its identity; a picture or a
 * sound is the same while it comes from the same file of the author.
 */
export type ComparableCard<T> = {
  sourceId: number;
  first: string;
  second: string;
  tag: string;
  language: string;
  audio: string | null;
  row: T;
};

export const fromVersionCard = (card: VersionCardRow): ComparableCard<VersionCardRow> => ({
  sourceId: card.sourceCardId,
  first: card.sourceFirstSide ?? card.firstSide,
  second: card.secondSide,
  tag: card.tag,
  language: card.language,
  audio: card.sourceAudio ?? card.audio,
  row: card,
});

export const fromLiveCard = (card: CardRow): ComparableCard<CardRow> => ({
  sourceId: card.id,
  first: card.firstSide,
  second: card.secondSide,
  tag: card.tag,
  language: card.language,
  audio: card.audio,
  row: card,
});

export type CardChanges<B, A> = {
  added: ComparableCard<A>[];
  changed: { before: ComparableCard<B>; after: ComparableCard<A> }[];
  removed: ComparableCard<B>[];
};

const same = <B, A>(before: ComparableCard<B>, after: ComparableCard<A>) =>
  before.first === after.first &&
  before.second === after.second &&
  before.tag === after.tag &&
  before.language === after.language &&
  before.audio === after.audio;

/** Cards added, changed and removed between two versions, in the order of the newer one. */
export const diffCards = <B, A>(
  before: ComparableCard<B>[],
  after: ComparableCard<A>[],
): CardChanges<B, A> => {
  const old = new Map(before.map((card) => [card.sourceId, card]));
  const kept = new Set(after.map((card) => card.sourceId));
  const added: ComparableCard<A>[] = [];
  const changed: CardChanges<B, A>['changed'] = [];
  for (const card of after) {
    const previous = old.get(card.sourceId);
    if (!previous) added.push(card);
    else if (!same(previous, card)) changed.push({ before: previous, after: card });
  }
  return { added, changed, removed: before.filter((card) => !kept.has(card.sourceId)) };
};

type Details = { name: string; description: string; language: string; topic: string };

export const detailsChanged = (before: Details, after: Details) =>
  before.name !== after.name ||
  before.description !== after.description ||
  before.language !== after.language ||
  before.topic !== after.topic;
