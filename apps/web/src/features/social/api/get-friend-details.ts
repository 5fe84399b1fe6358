import { friendRoutes } from '@flashcards/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { hasStatus } from '../../../lib/api-errors';
import { socialKeys } from './social-keys';

/** A friend's profile, by their user id: 404 for anyone who is not my friend. */
export const getFriendDetails = (id: number, signal?: AbortSignal) =>
  api.call(friendRoutes.friendDetails, { params: { id }, signal });

export const useFriendDetails = (id: number) =>
  useQuery({
    queryKey: [...socialKeys.friend(id), 'details'],
    queryFn: ({ signal }) => getFriendDetails(id, signal),
    // Not being friends is an answer, not a hiccup.
    retry: (count, error) => !hasStatus(error, 404) && count < 2,
  });
