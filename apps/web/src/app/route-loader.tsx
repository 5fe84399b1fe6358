import { useTranslation } from 'react-i18next';
import { PageLoader } from '../components/ui/page-loader';

/** Stands in for a page whose code is still on its way. */
export function RouteLoader() {
  const { t } = useTranslation();
  return <PageLoader label={t('status.loading')} />;
}
