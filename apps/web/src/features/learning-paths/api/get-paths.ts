import { learningPathRoutes } from '@flashcards/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pathKeys } from './path-keys';

export const pathSorts = ['newest', 'oldest', 'az', 'za'] as const;
export type PathSort = (typeof pathSorts)[number];

const sortParams: Record<PathSort, { sort_by: 'date' | 'alphabetical'; sort_order: 'asc' | 'desc' }> = {
  newest: { sort_by: 'date', sort_order: 'desc' },
  oldest: { sort_by: 'date', sort_order: 'asc' },
  az: { sort_by: 'alphabetical', sort_order: 'asc' },
  za: { sort_by: 'alphabetical', sort_order: 'desc' },
};

export const isPathSort = (value: unknown): value is PathSort =>
  (pathSorts as readonly unknown[]).includes(value);

/** Whose paths: the ones I assigned (teacher) or the ones assigned to me (student). */
export type PathList = 'teacher' | 'student';
export type PathListParams = { page: number; sort: PathSort; search: string };

/** A page of 20 paths, sorted, searched by the path's or the other person's name. */
export const getPaths = (list: PathList, { page, sort, search }: PathListParams, signal?: AbortSignal) =>
  api.call(list === 'teacher' ? learningPathRoutes.teacherPaths : learningPathRoutes.studentPaths, {
    query: { page, ...sortParams[sort], search: search || undefined },
    signal,
  });

export const usePaths = (list: PathList, params: PathListParams) =>
  useQuery({
    queryKey: [...(list === 'teacher' ? pathKeys.teacherPages() : pathKeys.studentPages()), params],
    queryFn: ({ signal }) => getPaths(list, params, signal),
    placeholderData: keepPreviousData,
  });
