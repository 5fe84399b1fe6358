import { friendRoutes } from '@flashcards/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { socialKeys } from './social-keys';

/** A friend's friends with my relation to each, the ones we share first. */
export const getFriendFriends = (id: number, signal?: AbortSignal) =>
  api.call(friendRoutes.friendFriends, { params: { id }, signal });

export const useFriendFriends = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: [...socialKeys.friend(id), 'friends'],
    queryFn: ({ signal }) => getFriendFriends(id, signal),
    enabled,
  });
