import { useMutation, useQueryClient } from '@tanstack/react-query';
import { socialKeys } from './social-keys';

/** A change to people or groups: every list that shows them loads again once it is done. */
export const useSocialChange = <T, R>(mutationFn: (value: T) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: socialKeys.all }),
  });
};
