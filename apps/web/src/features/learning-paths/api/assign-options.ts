import { cardRoutes, learningPathRoutes, testRoutes, userGroupRoutes } from '@flashcards/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pathKeys } from './path-keys';

/** People I may assign a path to, by name or whole e-mail (at most 20). */
export const searchStudents = (search: string, signal?: AbortSignal) =>
  api.call(learningPathRoutes.pathStudentsSearch, { query: { search }, signal });

export const useStudentSearch = (search: string) =>
  useQuery({
    queryKey: pathKeys.students(search),
    queryFn: ({ signal }) => searchStudents(search, signal),
    enabled: search.length > 0,
    placeholderData: keepPreviousData,
  });

/** All my user groups with their members (a path can go to each member of one). */
export const getGroups = (signal?: AbortSignal) =>
  api.call(userGroupRoutes.userGroups, { query: {}, signal });

export const useGroups = () =>
  useQuery({ queryKey: pathKeys.groups(), queryFn: ({ signal }) => getGroups(signal) });

/** All my text and picture categories (kids categories cannot be assigned). */
export const getMyCategories = (signal?: AbortSignal) =>
  api.call(cardRoutes.allCategories, { query: {}, signal });

export const useMyCategories = () =>
  useQuery({ queryKey: pathKeys.categories(), queryFn: ({ signal }) => getMyCategories(signal) });

/** All my tests for the picker of a path's test. */
export const getMyTests = (signal?: AbortSignal) => api.call(testRoutes.testChoices, { query: {}, signal });

export const useMyTests = () =>
  useQuery({ queryKey: pathKeys.tests(), queryFn: ({ signal }) => getMyTests(signal) });
