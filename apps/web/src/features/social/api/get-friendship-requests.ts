import { friendRoutes } from '@flashcards/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { socialKeys } from './social-keys';

/** My pending friend requests, received and sent, newest first. */
export const getFriendshipRequests = (signal?: AbortSignal) =>
  api.call(friendRoutes.friendshipRequests, { signal });

export const useFriendshipRequests = () =>
  useQuery({ queryKey: socialKeys.requests(), queryFn: ({ signal }) => getFriendshipRequests(signal) });
