import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../components/ui/page-loader';
import { useCurrentUser } from '../lib/current-user';
import { firstLoginRedirect } from '../lib/first-login';
import { paths } from '../lib/paths';
import { returnToState } from '../lib/return-to';
import { useIsSignedIn } from '../lib/session';
import { checkSession } from '../lib/session-check';

/**
 * Wraps every signed-in route: checks the stored tokens once on entry (see checkSession for the rules)
 * and sends the visitor to /login when the session is not usable, or stops being so later, for example
 * after a sign-out in another tab. The login page brings them back here afterwards. Then an account a
 * school created is sent to choose its password first.
 */
export function SignedInGuard() {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const location = useLocation();
  const [check, setCheck] = useState<'running' | 'passed' | 'failed'>('running');

  useEffect(() => {
    let current = true;
    checkSession().then((usable) => {
      if (current) setCheck(usable ? 'passed' : 'failed');
    });
    return () => {
      current = false;
    };
  }, []);

  if (check === 'failed' || (check === 'passed' && !signedIn))
    return <Navigate to={paths.login} replace state={returnToState(location)} />;
  if (check === 'running') return <PageLoader label={t('status.checkingSession')} />;
  return <FirstLoginGate />;
}

/**
 * An account a school created chooses its own password before any other page (and once it has, the
 * password page is behind it). Waits for the user's data; if that fails, the page shows as usual.
 */
function FirstLoginGate() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { pathname } = useLocation();
  if (user.isPending) return <PageLoader label={t('status.loading')} />;
  const redirect = firstLoginRedirect(user.data, pathname);
  return redirect ? <Navigate to={redirect} replace /> : <Outlet />;
}
