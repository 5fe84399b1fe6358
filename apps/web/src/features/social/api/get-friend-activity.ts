import { friendRoutes } from '@flashcards/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { socialKeys } from './social-keys';

/** A friend's practice, one entry per day, newest first. */
export const getFriendActivity = (id: number, signal?: AbortSignal) =>
  api.call(friendRoutes.friendActivity, { params: { id }, signal });

export const useFriendActivity = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: [...socialKeys.friend(id), 'activity'],
    queryFn: ({ signal }) => getFriendActivity(id, signal),
    enabled,
  });
