import { Alert, Button } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useErrorMessage } from '../../../lib/api-errors';
import { paths } from '../../../lib/paths';

/** The server's refusal (403: reports are for subscribers), with the way to subscribe. */
export function PremiumNotice({ error }: { error: unknown }) {
  const { t } = useTranslation('reports');
  const message = useErrorMessage();
  return (
    <Alert color="indigo" icon={<IconLock aria-hidden="true" />}>
      <p style={{ marginTop: 0 }}>{message(error)}</p>
      <Button component={Link} to={paths.subscriptions} size="sm">
        {t('premium.subscribe')}
      </Button>
    </Alert>
  );
}
