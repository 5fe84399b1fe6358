import { Button, Text } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PageTitleKey } from '../../lib/page-title';
import { paths } from '../../lib/paths';
import { MessagePage } from './message-page';

/** Stands in for every page whose feature is not built yet. */
export function NotAvailablePage({ title }: { title: PageTitleKey }) {
  const { t } = useTranslation(['pages', 'common']);
  return (
    <MessagePage
      icon={<IconTools size={36} />}
      title={t(`titles.${title}`)}
      action={
        <Button component={Link} to={paths.home}>
          {t('common:actions.backHome')}
        </Button>
      }
    >
      <Text size="lg">{t('notAvailable.text')}</Text>
    </MessagePage>
  );
}
