import { guardianRoutes } from '@flashcards/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type GuardianLinkAction = 'confirm' | 'unsubscribe';

/** A guardian's mailed link, without an account: confirms the summaries or stops them. */
export const followGuardianLink = ({ action, token }: { action: GuardianLinkAction; token: string }) =>
  action === 'confirm'
    ? api.call(guardianRoutes.confirmGuardian, { params: { token } })
    : api.call(guardianRoutes.unsubscribeGuardian, { params: { token }, body: {} });

export const useGuardianLink = () => useMutation({ mutationFn: followGuardianLink });
