import { privateSendingRoutes } from '@flashcards/contract';
import { api } from '../../../lib/api-client';
import { useSocialChange } from './use-social-change';

/** Offers my category to people; the answer says who got it and who was left out, and why. */
export const sendCategory = ({ id, receivers }: { id: number; receivers: number[] }) =>
  api.call(privateSendingRoutes.sendCategory, { params: { id }, body: { receivers_ids: receivers } });

export const useSendCategory = () => useSocialChange(sendCategory);
