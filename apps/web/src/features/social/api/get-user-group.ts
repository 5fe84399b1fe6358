import { userGroupRoutes } from '@flashcards/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { socialKeys } from './social-keys';

/** One of my user groups with its members. */
export const getUserGroup = (id: number, signal?: AbortSignal) =>
  api.call(userGroupRoutes.userGroup, { params: { id }, signal });

export const useUserGroup = (id: number) =>
  useQuery({ queryKey: socialKeys.group(id), queryFn: ({ signal }) => getUserGroup(id, signal) });
