import { isLanguage } from '@flashcards/i18n';
import { Alert, Button, Loader, Stack, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { useUnsubscribe } from '../api/notifications';

/**
 * /unsubscribe/:token: a digest's unsubscribe link. Opening it turns the opt-in off at once (no sign-in:
 * the token is signed) and says so in the mail's language (`?lang=`).
 */
export function UnsubscribePage() {
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const lang = params.get('lang');
  const { i18n } = useTranslation('shell');
  // The mail's language for this page alone: the app's own choice stays as it was.
  const t = i18n.getFixedT(isLanguage(lang) ? lang : i18n.language, 'shell');
  const unsubscribe = useUnsubscribe();
  const { mutate } = unsubscribe;
  useEffect(() => {
    mutate(token);
  }, [mutate, token]);
  return (
    <Stack gap="lg" maw={640} lang={isLanguage(lang) ? lang : undefined}>
      <Title order={1}>{t('notifications.unsubscribe.title')}</Title>
      {unsubscribe.isSuccess ? (
        <Alert
          color="teal"
          variant="light"
          icon={<IconCircleCheck aria-hidden="true" />}
          title={t('notifications.unsubscribe.done')}
        >
          {t(`notifications.unsubscribe.${unsubscribe.data.opt_in}`)}
        </Alert>
      ) : unsubscribe.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('notifications.unsubscribe.failed')}
        </Alert>
      ) : (
        <Loader aria-label={t('notifications.unsubscribe.working')} />
      )}
      <div>
        <Button component={Link} to={paths.profile} variant="default">
          {t('notifications.unsubscribe.profile')}
        </Button>
      </div>
    </Stack>
  );
}
