import { Button, Text } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MessagePage } from '../../../components/ui/message-page';
import { PageLoader } from '../../../components/ui/page-loader';
import { paths } from '../../../lib/paths';
import { useSite } from '../../../lib/site';
import '../subscription-texts';

/**
 * The pages of prices, plans and affiliates, on a server that sells them; where every account is premium
 * (`premium_for_all`), a page saying there is nothing to buy, with the way home.
 */
export function ForSale({ children }: { children: ReactNode }) {
  const { t } = useTranslation(['subscriptions', 'common']);
  const site = useSite();
  if (site.isPending) return <PageLoader label={t('common:status.loading')} />;
  if (!site.data?.premium_for_all) return <>{children}</>;
  return (
    <MessagePage
      icon={<IconGift size={36} />}
      title={t('nothingForSale.title')}
      action={
        <Button component={Link} to={paths.home}>
          {t('common:actions.backHome')}
        </Button>
      }
    >
      <Text size="lg">{t('nothingForSale.text')}</Text>
    </MessagePage>
  );
}
