import { friendRoutes } from '@flashcards/contract';
import { api } from '../../../lib/api-client';
import { useSocialChange } from './use-social-change';

/** Accepts a friend request sent to me. */
export const acceptFriendshipRequest = (id: number) =>
  api.call(friendRoutes.acceptFriendshipRequest, { params: { id } });

export const useAcceptFriendshipRequest = () => useSocialChange(acceptFriendshipRequest);
