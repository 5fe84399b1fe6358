import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { acceptCookies, useHasCookieConsent } from '../../lib/cookie-consent';
import { paths } from '../../lib/paths';

/**
 * Shown until the visitor accepts; the choice is kept in local storage. A bar in the page's flow above the
 * content, not laid over it: it covers no card, form or dialog, on a phone neither.
 */
export function CookieBanner() {
  const { t } = useTranslation('shell');
  if (useHasCookieConsent()) return null;
  return (
    <Paper component="section" aria-label={t('cookies.label')} withBorder radius="lg" px="md" py="sm" mb="md">
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
