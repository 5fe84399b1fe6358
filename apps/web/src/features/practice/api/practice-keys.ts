/**
 * Query keys of the decks being practised. They sit outside the `decks` root on purpose: an answer
 * refreshes the categories and card lists, but a deck is fetched again only when a round is over.
 */
export const practiceKeys = {
  deck: (kind: string, categoryId: number, filter: object) => ['practice', 'deck', kind, categoryId, filter],
  kidsDeck: (categoryId: number) => ['practice', 'kids-deck', categoryId],
  publicCategory: (id: number) => ['practice', 'public-category', id],
  publicDeck: (kind: string, categoryId: number, tags: string[]) => [
    'practice',
    'public-deck',
    kind,
    categoryId,
    tags,
  ],
  publicTags: (kind: string, categoryId: number) => ['practice', 'public-tags', kind, categoryId],
};
