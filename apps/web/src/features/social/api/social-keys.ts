/**
 * Query keys of friends, user groups and private sending. A change to one relation (a request, a block, a
 * friendship) refreshes everything under `all`: the flags of a person show on every list.
 */
export const socialKeys = {
  all: ['social'] as const,
  requests: () => ['social', 'requests'] as const,
  friendships: () => ['social', 'friendships'] as const,
  blocks: () => ['social', 'blocks'] as const,
  search: () => ['social', 'search'] as const,
  friend: (id: number) => ['social', 'friend', id] as const,
  groups: () => ['social', 'groups'] as const,
  group: (id: number) => ['social', 'groups', 'one', id] as const,
  groupCandidates: (id: number, search: string) => ['social', 'groups', 'candidates', id, search] as const,
  inbox: () => ['social', 'inbox'] as const,
  receivers: (categoryId: number, search: string) => ['social', 'receivers', categoryId, search] as const,
};
