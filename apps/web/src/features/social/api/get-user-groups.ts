import { userGroupRoutes } from '@flashcards/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { socialKeys } from './social-keys';

/** All my user groups with their members, by name (to send a category to). */
export const getUserGroups = (signal?: AbortSignal) => api.call(userGroupRoutes.userGroups, { signal });

export const useUserGroups = (enabled = true) =>
  useQuery({
    queryKey: [...socialKeys.groups(), 'all'],
    queryFn: ({ signal }) => getUserGroups(signal),
    enabled,
  });
