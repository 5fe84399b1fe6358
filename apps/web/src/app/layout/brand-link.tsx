import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LogoMark } from '../../components/ui/logo-mark';
import { paths } from '../../lib/paths';
import { useIsSignedIn } from '../../lib/session';
import { useSite } from '../../lib/site';

/** The logo and the deployment's name, linking home (one's own when signed in); the name hides on narrow screens. */
export function BrandLink() {
  const { t } = useTranslation(['common', 'shell']);
  const name = useSite().data?.name ?? t('appName');
  const signedIn = useIsSignedIn();
  return (
    <Anchor
      component={Link}
      to={signedIn ? paths.myHome : paths.home}
      underline="never"
      c="inherit"
      aria-label={t('shell:topBar.homeNamed', { name })}
    >
      <Group gap={8} wrap="nowrap">
        <LogoMark />
        <Text component="span" fw={800} fz="lg" visibleFrom="sm">
          {name}
        </Text>
      </Group>
    </Anchor>
  );
}
