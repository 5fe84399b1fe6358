import { adminSchoolRoutes } from '@flashcards/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { schoolKeys } from './school-keys';

/** A page of 20 schools with their principals, for staff; `search` matches the name or town. */
export const getAdminSchools = (page: number, search: string, signal?: AbortSignal) =>
  api.call(adminSchoolRoutes.adminSchools, { query: { page, search: search || undefined }, signal });

export const useAdminSchools = (page: number, search: string) =>
  useQuery({
    queryKey: schoolKeys.adminPage(page, search),
    queryFn: ({ signal }) => getAdminSchools(page, search, signal),
    placeholderData: keepPreviousData,
  });
