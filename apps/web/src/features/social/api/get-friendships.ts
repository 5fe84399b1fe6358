import { friendRoutes } from '@flashcards/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { socialKeys } from './social-keys';

/** My friends, by name. */
export const getFriendships = (signal?: AbortSignal) => api.call(friendRoutes.friendships, { signal });

export const useFriendships = () =>
  useQuery({ queryKey: socialKeys.friendships(), queryFn: ({ signal }) => getFriendships(signal) });
