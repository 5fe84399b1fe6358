import type { Notification } from '@flashcards/contract';
import { Anchor, Badge, Button, EmptyState, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBell, IconChecks } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardListSkeleton, PageHeading } from '../../../components/ui/page-heading';
import { Pager } from '../../../components/ui/pager';
import { QueryState } from '../../../components/ui/query-state';
import { useAddressPage, usePastTheEnd } from '../../../lib/address-page';
import { pageCount } from '../../../lib/deck-keys';
import { useFormatters } from '../../../lib/format';
import { useUnreadNotifications } from '../../../lib/unread-notifications';
import { useNotifications, useReadAllNotifications, useReadNotification } from '../api/notifications';

/** /notifications: what was assigned or sent to me and what became of my work, newest first. */
export function NotificationsPage() {
  const { t } = useTranslation(['shell', 'pages']);
  const { page, goTo, toFirst } = useAddressPage();
  const list = useNotifications(page);
  const pastTheEnd = usePastTheEnd(list, page, toFirst);
  const unread = useUnreadNotifications().data?.count ?? 0;
  const readAll = useReadAllNotifications();
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <PageHeading title={t('pages:titles.notifications')} intro={t('notifications.intro')} />
        <Button
          variant="default"
          leftSection={<IconChecks size={16} aria-hidden="true" />}
          disabled={unread === 0}
          loading={readAll.isPending}
          onClick={() => readAll.mutate()}
        >
          {t('notifications.markAllRead')}
        </Button>
      </Group>
      <QueryState
        query={list}
        waiting={pastTheEnd}
        keepData
        loading={<CardListSkeleton label={t('notifications.loading')} height={72} count={3} />}
        isEmpty={(data) => data.count === 0}
        empty={
          <EmptyState
            icon={<IconBell size={32} aria-hidden="true" />}
            withIndicatorBackground
            title={t('notifications.emptyTitle')}
            description={t('notifications.empty')}
          />
        }
      >
        {(data) => (
          <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
            {data.results.map((notification) => (
              <NotificationRow key={notification.id} notification={notification} />
            ))}
          </Stack>
        )}
      </QueryState>
      <Pager page={page} pages={list.data ? pageCount(list.data.count) : 1} onChange={goTo} />
    </Stack>
  );
}

/** Only the server's own links, from the app's root, are followed. */
const inApp = (link: string) => (link.startsWith('/') && !link.startsWith('//') ? link : '/');

function NotificationRow({ notification }: { notification: Notification }) {
  const { t } = useTranslation('shell');
  const { dateTime } = useFormatters();
  const read = useReadNotification();
  const unread = notification.read_at === null;
  return (
    <Paper
      component="li"
      withBorder
      radius="lg"
      p="md"
      bg={unread ? 'var(--mantine-primary-color-light)' : undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Anchor
            component={Link}
            to={inApp(notification.link)}
            fw={unread ? 700 : 500}
            c="var(--mantine-color-text)"
            style={{ overflowWrap: 'anywhere' }}
            onClick={() => {
              if (unread) read.mutate(notification.id);
            }}
          >
            {t(`notifications.kinds.${notification.kind}`, notification.values)}
          </Anchor>
          <Text size="sm" c="dimmed" component="time" dateTime={notification.created_at}>
            {dateTime(notification.created_at)}
          </Text>
        </Stack>
        {unread && (
          <Badge variant="filled" color="red" style={{ flexShrink: 0 }}>
            {t('notifications.unread')}
          </Badge>
        )}
      </Group>
    </Paper>
  );
}
