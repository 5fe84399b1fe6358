import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLoader } from '../../../components/ui/page-loader';
import { paths } from '../../../lib/paths';
import { logout } from '../api/logout';

export function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    void logout();
    navigate(paths.home, { replace: true });
  }, [navigate]);
  return <PageLoader label={t('status.signingOut')} />;
}
