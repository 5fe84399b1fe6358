import { friendRoutes } from '@flashcards/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { socialKeys } from './social-keys';

/** The people I blocked, newest first. */
export const getBlocks = (signal?: AbortSignal) => api.call(friendRoutes.blocks, { signal });

export const useBlocks = () =>
  useQuery({ queryKey: socialKeys.blocks(), queryFn: ({ signal }) => getBlocks(signal) });
