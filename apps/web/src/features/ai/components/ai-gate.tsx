import type { User } from '@flashcards/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/ui/page-loader';
import { QueryState } from '../../../components/ui/query-state';
import { RestrictedPage } from '../../../components/ui/restricted-page';
import { useCurrentUser } from '../../../lib/current-user';

/**
 * The AI pages need the account: its monthly allowance, and whose draft is kept. Auto-created accounts
 * may not generate (spec: their menu leaves AI out; the server refuses them too).
 */
export function AiGate({ children }: { children: (user: User) => ReactNode }) {
  const { t } = useTranslation(['common', 'ai']);
  const user = useCurrentUser();
  return (
    <QueryState query={user} loading={<PageLoader label={t('status.loading')} />}>
      {(data) => (data.is_auto_created ? <RestrictedPage text={t('ai:restricted')} /> : children(data))}
    </QueryState>
  );
}
