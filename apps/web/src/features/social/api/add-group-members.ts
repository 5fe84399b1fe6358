import { userGroupRoutes } from '@flashcards/contract';
import { api } from '../../../lib/api-client';
import { useSocialChange } from './use-social-change';

/** Adds people to one of my groups; the answer names those who could not be added, and why. */
export const addGroupMembers = ({ id, userIds }: { id: number; userIds: number[] }) =>
  api.call(userGroupRoutes.addGroupMembers, { params: { id }, body: { user_ids: userIds } });

export const useAddGroupMembers = () => useSocialChange(addGroupMembers);
