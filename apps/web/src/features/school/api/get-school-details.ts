import { schoolRoutes } from '@flashcards/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { schoolKeys } from './school-keys';

/** My school, with its counts and seats. */
export const getSchoolDetails = (signal?: AbortSignal) => api.call(schoolRoutes.schoolDetails, { signal });

export const useSchoolDetails = () =>
  useQuery({ queryKey: schoolKeys.details(), queryFn: ({ signal }) => getSchoolDetails(signal) });
