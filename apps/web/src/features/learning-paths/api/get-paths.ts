import { learningPathRoutes } from '@flashcards/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type ListParams, sortQuery } from '../../../lib/list-params';
import { pathKeys } from './path-keys';

/** Whose paths: the ones I assigned (teacher) or the ones assigned to me (student). */
export type PathList = 'teacher' | 'student';

/**
 * A page of 20 paths, sorted, searched by the path's or the other person's name. The teacher's list holds
 * the paths of named students: those of a class's or group's assignment are listed with it.
 */
export const getPaths = (list: PathList, { page, sort, search }: ListParams, signal?: AbortSignal) =>
  api.call(list === 'teacher' ? learningPathRoutes.teacherPaths : learningPathRoutes.studentPaths, {
    query: {
      page,
      ...sortQuery[sort],
      search: search || undefined,
      ...(list === 'teacher' ? { named: 'true' as const } : {}),
    },
    signal,
  });

export const usePaths = (list: PathList, params: ListParams) =>
  useQuery({
    queryKey: [...(list === 'teacher' ? pathKeys.teacherPages() : pathKeys.studentPages()), params],
    queryFn: ({ signal }) => getPaths(list, params, signal),
    placeholderData: keepPreviousData,
  });
