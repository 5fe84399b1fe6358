import { examRoutes, learningPathRoutes } from '@flashcards/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { schoolKeys } from './school-keys';

/** The paths a teacher of my school assigned, a page at a time (principals, read-only). */
export const useOverseenPaths = (teacher: number, page: number) =>
  useQuery({
    queryKey: schoolKeys.teacherWork(teacher, 'paths', page),
    queryFn: ({ signal }) => api.call(learningPathRoutes.overseenPaths, { query: { teacher, page }, signal }),
    placeholderData: keepPreviousData,
  });

/** The exams a teacher of my school gave, with their results, a page at a time (principals, read-only). */
export const useOverseenExams = (teacher: number, page: number) =>
  useQuery({
    queryKey: schoolKeys.teacherWork(teacher, 'exams', page),
    queryFn: ({ signal }) => api.call(examRoutes.overseenExams, { query: { teacher, page }, signal }),
    placeholderData: keepPreviousData,
  });
