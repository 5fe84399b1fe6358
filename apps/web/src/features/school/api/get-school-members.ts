import { schoolRoutes } from '@flashcards/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { MemberRole } from '../member-role';
import { schoolKeys } from './school-keys';

export type MembersFilter = { page: number; search: string; role: MemberRole | 'all' };

/** A page of 20 of my school's members, by name; `search` matches a part of the name or e-mail. */
export const getSchoolMembers = ({ page, search, role }: MembersFilter, signal?: AbortSignal) =>
  api.call(schoolRoutes.schoolStudents, {
    query: { page, search: search || undefined, role: role === 'all' ? undefined : role },
    signal,
  });

export const useSchoolMembers = (filter: MembersFilter) =>
  useQuery({
    queryKey: schoolKeys.members(filter),
    queryFn: ({ signal }) => getSchoolMembers(filter, signal),
    placeholderData: keepPreviousData,
  });
