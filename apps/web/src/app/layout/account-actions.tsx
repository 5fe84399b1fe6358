import { Avatar, Button, Group, Text, UnstyledButton } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../../lib/current-user';
import { paths } from '../../lib/paths';
import { useIsSignedIn } from '../../lib/session';
import classes from './account-actions.module.css';

/** Signed out: log in and sign up. Signed in: the avatar and name linking to the profile, and log out. */
export function AccountActions() {
  const { t } = useTranslation('shell');
  const signedIn = useIsSignedIn();
  if (!signedIn) {
    return (
      <Group gap={4} wrap="nowrap">
        <Button component={Link} to={paths.login} variant="subtle" size="compact-md">
          {t('topBar.login')}
        </Button>
        <Button component={Link} to={paths.signup} size="compact-md">
          {t('topBar.signup')}
        </Button>
      </Group>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap">
      <ProfileLink />
      <Button
        component={Link}
        to={paths.logout}
        variant="subtle"
        size="compact-md"
        leftSection={<IconLogout size={16} aria-hidden="true" />}
        classNames={{ section: classes.logoutIcon }}
      >
        <span className={classes.name}>{t('topBar.logout')}</span>
      </Button>
    </Group>
  );
}

/** Without the user's data (still loading, or the call failed) it shows a placeholder avatar and no name. */
function ProfileLink() {
  const { t } = useTranslation('shell');
  const user = useCurrentUser().data;
  const name = user ? `${user.first_name} ${user.last_name}`.trim() : '';
  return (
    <UnstyledButton component={Link} to={paths.profile} aria-label={name ? undefined : t('topBar.profile')}>
      <Group gap={8} wrap="nowrap">
        <Avatar
          src={user?.avatar_url}
          name={name || undefined}
          color="indigo"
          variant="filled"
          size={35}
          radius="xl"
          alt=""
          aria-hidden="true"
        />
        {name && (
          <Text component="span" fw={600} className={classes.name}>
            {name}
          </Text>
        )}
      </Group>
    </UnstyledButton>
  );
}
