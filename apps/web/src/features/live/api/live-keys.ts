/** The query keys of live games: a new game refreshes the list. */
export const liveKeys = {
  all: ['live'] as const,
  games: () => [...liveKeys.all, 'games'] as const,
  results: (id: number) => [...liveKeys.all, 'results', id] as const,
  categories: () => [...liveKeys.all, 'categories'] as const,
  test: (id: number) => [...liveKeys.all, 'test', id] as const,
};
