import { Button, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { MessagePage } from './message-page';

/**
 * Shown instead of a page the user's account may not open (spec: "Your account is restricted"), with why:
 * by default, that the page is the staff's.
 */
export function RestrictedPage({ text }: { text?: string }) {
  const { t } = useTranslation(['pages', 'common']);
  return (
    <MessagePage
      icon={<IconLock size={36} />}
      title={t('restricted.title')}
      action={
        <Button component={Link} to={paths.home}>
          {t('common:actions.backHome')}
        </Button>
      }
    >
      <Text size="lg">{text ?? t('restricted.text')}</Text>
    </MessagePage>
  );
}
