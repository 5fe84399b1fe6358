import { Anchor, Button, Group, Text } from '@mantine/core';
import { IconMoodSad } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MessagePage } from '../../../components/ui/message-page';
import { paths } from '../../../lib/paths';
import { useSite } from '../../../lib/site';
import '../subscription-texts';

/** /subscriptions-failed: the provider sends a cancelled or failed checkout here. */
export function SubscriptionFailedPage() {
  const { t } = useTranslation('subscriptions');
  const contact = useSite().data?.contact_email;
  return (
    <MessagePage
      icon={<IconMoodSad size={40} />}
      title={t('failed.title')}
      action={
        <Group justify="center" gap="sm">
          <Button component={Link} to={paths.subscriptions}>
            {t('failed.back')}
          </Button>
        </Group>
      }
    >
      <Text size="lg">{t('failed.text')}</Text>
      {contact && (
        <Text>
          {t('failed.contact')}{' '}
          <Anchor href={`mailto:${contact}`} underline="always">
            {contact}
          </Anchor>
        </Text>
      )}
    </MessagePage>
  );
}
