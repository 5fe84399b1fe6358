import { Button, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconLinkOff } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { MessagePage } from '../../../components/ui/message-page';
import { PageLoader } from '../../../components/ui/page-loader';
import { fieldErrorsOf, hasStatus, useErrorMessage } from '../../../lib/api-errors';
import { paths } from '../../../lib/paths';
import { useIsSignedIn } from '../../../lib/session';
import { useConfirmEmail } from '../api/change-email';
import '../../../lib/account-texts';

/** Opened from the mail sent to a new address: makes it the account's e-mail, once, on arrival. */
export function EmailConfirmPage() {
  const { t } = useTranslation(['account', 'common']);
  const { uid = '', token = '' } = useParams();
  const confirmation = useConfirmEmail();
  const { mutate: confirm } = confirmation;
  const errorMessage = useErrorMessage();
  const signedIn = useIsSignedIn();
  // A link works once: React's second run of effects in development must not spend it again.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    confirm({ uid, token });
  }, [confirm, uid, token]);

  const onward = signedIn ? (
    <Button component={Link} to={paths.profile}>
      {t('emailConfirm.profile')}
    </Button>
  ) : (
    <Button component={Link} to={paths.login}>
      {t('emailConfirm.login')}
    </Button>
  );

  if (confirmation.isSuccess)
    return (
      <MessagePage
        icon={<IconCircleCheck size={36} />}
        title={t('emailConfirm.successTitle')}
        action={onward}
      >
        <Text size="lg">{t('emailConfirm.successText')}</Text>
      </MessagePage>
    );
  if (!confirmation.isError) return <PageLoader label={t('emailConfirm.confirming')} />;

  const { error } = confirmation;
  if (hasStatus(error, 400)) {
    // The address was taken by someone else meanwhile (its own message), or the link no longer works.
    const taken = fieldErrorsOf(error).new_email;
    return (
      <MessagePage
        icon={<IconLinkOff size={36} />}
        title={t(taken ? 'emailConfirm.takenTitle' : 'emailConfirm.invalidTitle')}
        action={onward}
      >
        <Text size="lg">{taken ?? t('emailConfirm.invalidText')}</Text>
      </MessagePage>
    );
  }
  return (
    <MessagePage
      icon={<IconAlertTriangle size={36} />}
      title={t('emailConfirm.failedTitle')}
      action={<Button onClick={() => confirm({ uid, token })}>{t('common:actions.retry')}</Button>}
    >
      <Text size="lg" role="alert">
        {errorMessage(error)}
      </Text>
    </MessagePage>
  );
}
