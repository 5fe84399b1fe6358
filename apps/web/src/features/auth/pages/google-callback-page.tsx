import { Button, Text } from '@mantine/core';
import { IconBrandGoogle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { MessagePage } from '../../../components/ui/message-page';
import { PageLoader } from '../../../components/ui/page-loader';
import { useErrorMessage } from '../../../lib/api-errors';
import { paths } from '../../../lib/paths';
import { useFinishGoogleSignIn } from '../api/finish-google-sign-in';
import '../../../lib/account-texts';

/** Where Google sends the browser back to, with `code` and `state` (or `error`) in the query. */
export function GoogleCallbackPage() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state');
  const cancelled = params.has('error');
  const finish = useFinishGoogleSignIn();
  const { mutate: exchange } = finish;
  const errorMessage = useErrorMessage();
  // A state works once: the exchange must not run twice (React runs effects twice in development).
  const started = useRef(false);

  useEffect(() => {
    if (started.current || cancelled || !code || !state) return;
    started.current = true;
    exchange({ code, state });
  }, [code, state, cancelled, exchange]);

  if (finish.isSuccess) return <Navigate to={paths.myHome} replace />;

  let problem: string | null = null;
  if (cancelled) problem = t('google.cancelled');
  else if (!code || !state) problem = t('google.incomplete');
  else if (finish.isError) problem = errorMessage(finish.error);
  if (!problem) return <PageLoader label={t('google.signingIn')} />;

  return (
    <MessagePage
      icon={<IconBrandGoogle size={36} />}
      title={t('google.failedTitle')}
      action={
        <Button component={Link} to={paths.login}>
          {t('google.backToLogin')}
        </Button>
      }
    >
      <Text size="lg" role="alert">
        {problem}
      </Text>
    </MessagePage>
  );
}
