import { friendRoutes } from '@flashcards/contract';
import { api } from '../../../lib/api-client';
import { useSocialChange } from './use-social-change';

/** Ends a friendship, named by its id. */
export const removeFriendship = (id: number) => api.call(friendRoutes.removeFriendship, { params: { id } });

export const useRemoveFriendship = () => useSocialChange(removeFriendship);
