import { Button, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconLinkOff, IconMailOff } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { MessagePage } from '../../../components/ui/message-page';
import { PageLoader } from '../../../components/ui/page-loader';
import { hasStatus, useErrorMessage } from '../../../lib/api-errors';
import { paths } from '../../../lib/paths';
import { personName } from '../../../lib/person-name';
import { type GuardianLinkAction, useGuardianLink } from '../api/guardian-link';
import '../../../components/guardian/guardian-texts';

/**
 * Opened from a guardian's mail, without an account: confirms the weekly summaries or unsubscribes from
 * them on arrival (one click), and says so; a link that is wrong, replaced or already used says that.
 */
export function GuardianLinkPage({ action }: { action: GuardianLinkAction }) {
  const { t } = useTranslation(['guardians', 'common']);
  const { token = '' } = useParams();
  const link = useGuardianLink();
  const { mutate: follow } = link;
  const errorMessage = useErrorMessage();
  // React's second run of effects in development must not follow the link twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    follow({ action, token });
  }, [follow, action, token]);

  const home = (
    <Button component={Link} to={paths.home} variant="default">
      {t('link.home')}
    </Button>
  );

  if (link.isSuccess) {
    const name = personName({
      first_name: link.data.student_first_name,
      last_name: link.data.student_last_name,
    });
    const confirmed = action === 'confirm';
    return (
      <MessagePage
        icon={confirmed ? <IconCircleCheck size={36} /> : <IconMailOff size={36} />}
        title={t(confirmed ? 'link.confirmedTitle' : 'link.unsubscribedTitle')}
        action={home}
      >
        <Text size="lg">{t(confirmed ? 'link.confirmedText' : 'link.unsubscribedText', { name })}</Text>
      </MessagePage>
    );
  }
  if (!link.isError)
    return <PageLoader label={t(action === 'confirm' ? 'link.confirming' : 'link.unsubscribing')} />;

  const { error } = link;
  const refused = hasStatus(error, 409) || hasStatus(error, 404) || hasStatus(error, 400);
  return (
    <MessagePage
      icon={refused ? <IconLinkOff size={36} /> : <IconAlertTriangle size={36} />}
      title={t(hasStatus(error, 409) ? 'link.usedTitle' : refused ? 'link.invalidTitle' : 'link.failedTitle')}
      action={
        refused ? (
          home
        ) : (
          <Button onClick={() => follow({ action, token })}>{t('common:actions.retry')}</Button>
        )
      }
    >
      <Text size="lg" role="alert">
        {errorMessage(error)}
      </Text>
    </MessagePage>
  );
}
