import { useMutation, useQueryClient } from '@tanstack/react-query';
import { schoolKeys } from './school-keys';

/** A change to a school or its members: every school list and count loads again once it is done. */
export const useSchoolChange = <T, R>(mutationFn: (value: T) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schoolKeys.all }),
  });
};
