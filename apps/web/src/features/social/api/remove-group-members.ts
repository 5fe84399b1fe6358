import { userGroupRoutes } from '@flashcards/contract';
import { api } from '../../../lib/api-client';
import { useSocialChange } from './use-social-change';

/** Takes people out of one of my groups. */
export const removeGroupMembers = ({ id, userIds }: { id: number; userIds: number[] }) =>
  api.call(userGroupRoutes.removeGroupMembers, { params: { id }, body: { user_ids: userIds } });

export const useRemoveGroupMembers = () => useSocialChange(removeGroupMembers);
