import { friendRoutes } from '@flashcards/contract';
import { api } from '../../../lib/api-client';
import { useSocialChange } from './use-social-change';

/** Asks someone to be my friend; when they had asked me already, this accepts theirs. */
export const sendFriendshipRequest = (toUser: number) =>
  api.call(friendRoutes.sendFriendshipRequest, { body: { to_user: toUser } });

export const useSendFriendshipRequest = () => useSocialChange(sendFriendshipRequest);
