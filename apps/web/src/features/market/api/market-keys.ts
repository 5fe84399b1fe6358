/** Query keys of the catalog: a change made on it (a rating, an adoption, a review) refreshes them all. */
export const marketKeys = {
  all: ['market'] as const,
  lists: (access: 'public' | 'user') => ['market', 'list', access] as const,
  category: (access: 'public' | 'user', id: number) => ['market', 'category', access, id] as const,
  adoptedUpdate: (id: number) => ['market', 'adopted-update', id] as const,
  queue: () => ['market', 'moderation', 'queue'] as const,
  queueItem: (id: number) => ['market', 'moderation', 'item', id] as const,
  reports: () => ['market', 'moderation', 'reports'] as const,
};
