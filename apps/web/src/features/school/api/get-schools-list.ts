import { schoolRoutes } from '@flashcards/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { schoolKeys } from './school-keys';

/** A page of 20 schools, by name; no sign-in needed. */
export const getSchoolsList = (page: number, signal?: AbortSignal) =>
  api.call(schoolRoutes.schoolsList, { query: { page }, signal });

export const useSchoolsList = (page: number) =>
  useQuery({
    queryKey: schoolKeys.list(page),
    queryFn: ({ signal }) => getSchoolsList(page, signal),
    placeholderData: keepPreviousData,
  });
