import type { User } from '@flashcards/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/ui/page-loader';
import { RequestError } from '../../../components/ui/request-error';
import { RestrictedPage } from '../../../components/ui/restricted-page';
import { useCurrentUser } from '../../../lib/current-user';

/**
 * The AI pages need the account: its monthly allowance, and whose draft is kept. Auto-created accounts
 * may not generate (spec: their menu leaves AI out; the server refuses them too).
 */
export function AiGate({ children }: { children: (user: User) => ReactNode }) {
  const { t } = useTranslation(['common', 'ai']);
  const user = useCurrentUser();
  if (user.isPending) return <PageLoader label={t('status.loading')} />;
  if (user.isError) return <RequestError error={user.error} onRetry={() => user.refetch()} />;
  if (user.data.is_auto_created) return <RestrictedPage text={t('ai:restricted')} />;
  return children(user.data);
}
