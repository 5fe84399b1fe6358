import { Anchor, Burger, Group } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { useIsSignedIn } from '../../lib/session';
import { AccountActions } from './account-actions';
import { BrandLink } from './brand-link';
import { LanguageSwitch } from './language-switch';
import { NotificationsBell } from './notifications-bell';
import { ThemeMenuLoader } from './theme-menu-loader';

// Offline study's code (IndexedDB, the sync) comes after the page shows, in its own chunk.
const SyncStatus = lazy(() =>
  import('../../components/offline/sync-status').then((module) => ({ default: module.SyncStatus })),
);

interface TopBarProps {
  /** The side menu the burger shows and hides on narrow screens. */
  menu: { id: string; opened: boolean; toggle: () => void };
  /** A focus mode: the mark (whose page asks before leaving) and the language switch, nothing else. */
  focus?: boolean;
}

export function TopBar({ menu, focus = false }: TopBarProps) {
  const { t } = useTranslation('shell');
  const signedIn = useIsSignedIn();
  if (focus)
    return (
      <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
        <BrandLink />
        <LanguageSwitch />
      </Group>
    );
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="md" wrap="nowrap">
        {signedIn && (
          <Burger
            opened={menu.opened}
            onClick={menu.toggle}
            hiddenFrom="sm"
            size="sm"
            aria-label={t('topBar.menu')}
            aria-expanded={menu.opened}
            aria-controls={menu.id}
          />
        )}
        <BrandLink />
        <Anchor component={Link} to={paths.marketPublic} fw={600} visibleFrom="xs">
          {t('topBar.market')}
        </Anchor>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <LanguageSwitch />
        {signedIn && (
          <Suspense fallback={null}>
            <SyncStatus />
          </Suspense>
        )}
        <ThemeMenuLoader />
        <NotificationsBell />
        <AccountActions />
      </Group>
    </Group>
  );
}
