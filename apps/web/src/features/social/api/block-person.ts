import { friendRoutes } from '@flashcards/contract';
import { api } from '../../../lib/api-client';
import { useSocialChange } from './use-social-change';

/** Blocks someone: our friendship and requests end, and neither of us finds the other any more. */
export const blockPerson = (id: number) => api.call(friendRoutes.block, { body: { blocked: id } });

export const useBlockPerson = () => useSocialChange(blockPerson);
