import { userGroupRoutes } from '@flashcards/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { socialKeys } from './social-keys';

/** A page of 20 of my user groups, newest first. */
export const getUserGroupsPage = (page: number, signal?: AbortSignal) =>
  api.call(userGroupRoutes.userGroupsPage, { query: { page }, signal });

export const useUserGroupsPage = (page: number) =>
  useQuery({
    queryKey: [...socialKeys.groups(), 'page', page],
    queryFn: ({ signal }) => getUserGroupsPage(page, signal),
    placeholderData: keepPreviousData,
  });
