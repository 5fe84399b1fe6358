import { friendRoutes } from '@flashcards/contract';
import { api } from '../../../lib/api-client';
import { useSocialChange } from './use-social-change';

/** Lifts my block, named by its id. */
export const unblockPerson = (id: number) => api.call(friendRoutes.unblock, { params: { id } });

export const useUnblockPerson = () => useSocialChange(unblockPerson);
