import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LoadError } from '../components/ui/load-error';
import { PageLoader } from '../components/ui/page-loader';
import { RestrictedPage } from '../components/ui/restricted-page';
import { useCurrentUser } from '../lib/current-user';

/**
 * Wraps the staff's routes, inside the signed-in guard: the platform's staff (`is_staff`) get the page,
 * everyone else the restricted message. The server checks every staff call again.
 */
export function StaffGuard() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (user.isPending) return <PageLoader label={t('status.loading')} />;
  if (user.isError) return <LoadError onRetry={() => user.refetch()} />;
  return user.data.is_staff ? <Outlet /> : <RestrictedPage />;
}
