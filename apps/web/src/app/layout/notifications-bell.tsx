import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useFormatters } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useIsSignedIn } from '../../lib/session';
import { useUnreadNotifications } from '../../lib/unread-notifications';

/** The top bar's bell: the unread count on it (and in its name), leading to the notifications' list. */
export function NotificationsBell() {
  const { t } = useTranslation('shell');
  const { number } = useFormatters();
  const { pathname } = useLocation();
  const count = useUnreadNotifications().data?.count ?? 0;
  if (!useIsSignedIn()) return null;
  const current = pathname === paths.notifications;
  return (
    // The count is in the button's name; the badge only shows it.
    <Indicator
      label={<span aria-hidden="true">{number(count)}</span>}
      disabled={count === 0}
      size={18}
      offset={4}
      color="red"
      styles={{ indicator: { pointerEvents: 'none' } }}
    >
      <ActionIcon
        component={Link}
        to={paths.notifications}
        variant={current ? 'light' : 'subtle'}
        size="lg"
        radius="xl"
        aria-label={t('notifications.bell', { count, formatted: number(count) })}
        aria-current={current ? 'page' : undefined}
      >
        <IconBell size={20} stroke={1.7} aria-hidden="true" />
      </ActionIcon>
    </Indicator>
  );
}
