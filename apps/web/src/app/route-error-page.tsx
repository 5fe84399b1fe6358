import { Button, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MessagePage } from '../components/ui/message-page';

/** Shown inside the shell when a page fails to render. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <MessagePage
      icon={<IconAlertTriangle size={36} />}
      title={t('errors.unexpectedTitle')}
      action={<Button onClick={() => window.location.reload()}>{t('actions.reload')}</Button>}
    >
      <Text size="lg">{t('errors.unexpectedText')}</Text>
    </MessagePage>
  );
}
