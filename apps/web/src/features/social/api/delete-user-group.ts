import { userGroupRoutes } from '@flashcards/contract';
import { api } from '../../../lib/api-client';
import { useSocialChange } from './use-social-change';

/** Deletes one of my user groups; its members keep their accounts. */
export const deleteUserGroup = (id: number) => api.call(userGroupRoutes.deleteUserGroup, { params: { id } });

export const useDeleteUserGroup = () => useSocialChange(deleteUserGroup);
