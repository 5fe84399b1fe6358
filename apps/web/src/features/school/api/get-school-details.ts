import { schoolRoutes } from '@flashcards/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { schoolKeys } from './school-keys';
import { useSchoolChange } from './use-school-change';

/** My school, with its counts and seats. */
export const getSchoolDetails = (signal?: AbortSignal) => api.call(schoolRoutes.schoolDetails, { signal });

export const useSchoolDetails = () =>
  useQuery({ queryKey: schoolKeys.details(), queryFn: ({ signal }) => getSchoolDetails(signal) });

/** The principal's choice of whether the school is on the public list of schools. */
export const useSetSchoolListed = () =>
  useSchoolChange((isListed: boolean) =>
    api.call(schoolRoutes.updateSchoolDetails, { body: { is_listed: isListed } }),
  );
