import { Button, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconLinkOff, IconUserCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { MessagePage } from '../../../components/ui/message-page';
import { PageLoader } from '../../../components/ui/page-loader';
import { hasStatus, useErrorMessage } from '../../../lib/api-errors';
import { paths } from '../../../lib/paths';
import { useActivate } from '../api/activate';
import { ResendActivationForm } from '../components/resend-activation-form';
import '../../../lib/account-texts';

/** Opened from the activation mail: activates the account once, on arrival. */
export function ActivationPage() {
  const { t } = useTranslation(['account', 'common']);
  const { uid = '', token = '' } = useParams();
  const activation = useActivate();
  const { mutate: activate } = activation;
  const errorMessage = useErrorMessage();
  // A link works once: React's second run of effects in development must not spend it again.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    activate({ uid, token });
  }, [activate, uid, token]);

  const loginButton = (
    <Button component={Link} to={paths.login}>
      {t('activation.login')}
    </Button>
  );

  if (activation.isSuccess)
    return (
      <MessagePage
        icon={<IconCircleCheck size={36} />}
        title={t('activation.successTitle')}
        action={loginButton}
      >
        <Text size="lg">{t('activation.successText')}</Text>
      </MessagePage>
    );
  if (!activation.isError) return <PageLoader label={t('activation.activating')} />;

  const { error } = activation;
  // 403: the account was activated before (djoser's stale token).
  if (hasStatus(error, 403))
    return (
      <MessagePage icon={<IconUserCheck size={36} />} title={t('activation.staleTitle')} action={loginButton}>
        <Text size="lg">{t('activation.staleText')}</Text>
      </MessagePage>
    );
  if (hasStatus(error, 400))
    return (
      <MessagePage
        icon={<IconLinkOff size={36} />}
        title={t('activation.invalidTitle')}
        action={<ResendActivationForm />}
      >
        <Text size="lg">{t('activation.invalidText')}</Text>
      </MessagePage>
    );
  return (
    <MessagePage
      icon={<IconAlertTriangle size={36} />}
      title={t('activation.failedTitle')}
      action={<Button onClick={() => activate({ uid, token })}>{t('common:actions.retry')}</Button>}
    >
      <Text size="lg" role="alert">
        {errorMessage(error)}
      </Text>
    </MessagePage>
  );
}
