import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PageLoader } from '../components/ui/page-loader';
import { QueryState } from '../components/ui/query-state';
import { RestrictedPage } from '../components/ui/restricted-page';
import { useCurrentUser } from '../lib/current-user';

/**
 * Wraps the staff's routes, inside the signed-in guard: the platform's staff (`is_staff`) get the page,
 * everyone else the restricted message. The server checks every staff call again.
 */
export function StaffGuard() {
  const { t } = useTranslation();
  return (
    <QueryState query={useCurrentUser()} loading={<PageLoader label={t('status.loading')} />}>
      {(user) => (user.is_staff ? <Outlet /> : <RestrictedPage />)}
    </QueryState>
  );
}
