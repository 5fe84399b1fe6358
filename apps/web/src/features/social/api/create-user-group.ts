import { userGroupRoutes } from '@flashcards/contract';
import { api } from '../../../lib/api-client';
import { useSocialChange } from './use-social-change';

/** Makes a new, empty user group. */
export const createUserGroup = (name: string) =>
  api.call(userGroupRoutes.createUserGroup, { body: { name } });

export const useCreateUserGroup = () => useSocialChange(createUserGroup);
