import { type SchoolClass, schoolClassRoutes } from '@flashcards/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { useCurrentUser } from './current-user';

/**
 * The classes a path or an exam can be given to: all the school's for its principal, the ones I teach
 * otherwise.
 */
export function useClassChoices(enabled = true) {
  const principal = useCurrentUser().data?.is_organization_host ?? false;
  return useQuery({
    queryKey: ['class-choices', principal] as const,
    queryFn: ({ signal }): Promise<SchoolClass[]> =>
      principal
        ? api.call(schoolClassRoutes.schoolClasses, { signal })
        : api.call(schoolClassRoutes.myClasses, { signal }),
    enabled,
  });
}
