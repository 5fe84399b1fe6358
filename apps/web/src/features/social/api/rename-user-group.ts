import { userGroupRoutes } from '@flashcards/contract';
import { api } from '../../../lib/api-client';
import { useSocialChange } from './use-social-change';

/** Gives one of my user groups a new name. */
export const renameUserGroup = ({ id, name }: { id: number; name: string }) =>
  api.call(userGroupRoutes.renameUserGroup, { params: { id }, body: { name } });

export const useRenameUserGroup = () => useSocialChange(renameUserGroup);
