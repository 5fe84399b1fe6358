import { friendRoutes } from '@flashcards/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { isEmptySearch, type PeopleSearch } from '../people-search';
import { socialKeys } from './social-keys';

/** A page of 20 people found by name (or whole e-mail) and place; nothing is asked for an empty search. */
export const searchPeople = ({ page, ...fields }: PeopleSearch, signal?: AbortSignal) =>
  api.call(friendRoutes.searchFriends, { query: { page, ...fields }, signal });

export const useSearchPeople = (search: PeopleSearch) =>
  useQuery({
    queryKey: [...socialKeys.search(), search],
    queryFn: ({ signal }) => searchPeople(search, signal),
    enabled: !isEmptySearch(search),
    placeholderData: keepPreviousData,
  });
