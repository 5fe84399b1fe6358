import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { acceptCookies, useHasCookieConsent } from '../../lib/cookie-consent';
import { paths } from '../../lib/paths';

/** Shown until the visitor accepts; the choice is kept in local storage. */
export function CookieBanner() {
  const { t } = useTranslation('shell');
  if (useHasCookieConsent()) return null;
  return (
    <Paper
      component="section"
      aria-label={t('cookies.label')}
      shadow="lg"
      withBorder
      radius="lg"
      p="md"
      pos="fixed"
      bottom={16}
      left={16}
      right={16}
      maw={760}
      mx="auto"
      style={{ zIndex: 300 }}
    >
      <Group justify="space-between" gap="md">
        <Text size="sm" style={{ flex: '1 1 300px' }}>
          {t('cookies.text')}{' '}
          <Anchor component={Link} to={paths.cookiesPolicy} size="sm" underline="always">
            {t('cookies.policy')}
          </Anchor>
        </Text>
        <Button onClick={acceptCookies}>{t('cookies.accept')}</Button>
      </Group>
    </Paper>
  );
}
