import { Button, Code, Text } from '@mantine/core';
import { IconMapQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MessagePage } from '../../../components/ui/message-page';
import { paths } from '../../../lib/paths';

export function NotFoundPage() {
  const { t } = useTranslation(['pages', 'common']);
  return (
    <MessagePage
      icon={<IconMapQuestion size={36} />}
      title={t('titles.notFound')}
      action={
        <Button component={Link} to={paths.home}>
          {t('common:actions.backHome')}
        </Button>
      }
    >
      <Code fz="lg">{t('notFound.code')}</Code>
      <Text size="lg">{t('notFound.text')}</Text>
    </MessagePage>
  );
}
