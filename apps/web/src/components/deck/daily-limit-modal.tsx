import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { PracticeModal } from './practice-modal';

/** The server's daily-limit message, with the way to lift the limit: a subscription. */
export function DailyLimitModal({
  opened,
  message,
  onClose,
}: {
  opened: boolean;
  message: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('practice');
  return (
    <PracticeModal opened={opened} onClose={onClose} title={t('limit.title')}>
      <Stack gap="md">
        <Text fw={600}>{message}</Text>
        <Text size="sm">{t('limit.text')}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('actions.close')}
          </Button>
          <Button component={Link} to={paths.subscriptions} data-autofocus>
            {t('limit.subscriptions')}
          </Button>
        </Group>
      </Stack>
    </PracticeModal>
  );
}

/** What stays on the screen once the limit stopped the session. */
export function LimitReached({ message, cardsPath }: { message: string; cardsPath: string }) {
  const { t } = useTranslation('practice');
  return (
    <Alert
      color="orange"
      variant="light"
      radius="lg"
      icon={<IconHourglassHigh aria-hidden="true" />}
      title={t('limit.stopped')}
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <Stack gap="sm">
        <Text size="sm">{message}</Text>
        <Text size="sm">{t('limit.text')}</Text>
        <Group gap="sm">
          <Button component={Link} to={paths.subscriptions} size="xs">
            {t('limit.subscriptions')}
          </Button>
          <Button component={Link} to={cardsPath} size="xs" variant="default">
            {t('session.allCards')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
