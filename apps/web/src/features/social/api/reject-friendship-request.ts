import { friendRoutes } from '@flashcards/contract';
import { api } from '../../../lib/api-client';
import { useSocialChange } from './use-social-change';

/** Turns down a friend request sent to me. */
export const rejectFriendshipRequest = (id: number) =>
  api.call(friendRoutes.rejectFriendshipRequest, { params: { id } });

export const useRejectFriendshipRequest = () => useSocialChange(rejectFriendshipRequest);
