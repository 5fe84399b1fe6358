import { friendRoutes } from '@flashcards/contract';
import { api } from '../../../lib/api-client';
import { useSocialChange } from './use-social-change';

/** Withdraws a friend request I sent. */
export const cancelFriendshipRequest = (id: number) =>
  api.call(friendRoutes.cancelFriendshipRequest, { params: { id } });

export const useCancelFriendshipRequest = () => useSocialChange(cancelFriendshipRequest);
