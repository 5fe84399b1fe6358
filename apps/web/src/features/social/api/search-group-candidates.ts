import { userGroupRoutes } from '@flashcards/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { socialKeys } from './social-keys';

/** People to add to a group, found by name or whole e-mail, those already in it flagged. */
export const searchGroupCandidates = (groupId: number, search: string, signal?: AbortSignal) =>
  api.call(userGroupRoutes.searchGroupCandidates, { query: { users_group_id: groupId, search }, signal });

export const useGroupCandidates = (groupId: number, search: string) =>
  useQuery({
    queryKey: socialKeys.groupCandidates(groupId, search),
    queryFn: ({ signal }) => searchGroupCandidates(groupId, search, signal),
    enabled: search !== '',
    placeholderData: keepPreviousData,
  });
