import { Button, Stack, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { FormError } from '../../../components/ui/form-error';
import { MessagePage } from '../../../components/ui/message-page';
import { Notice } from '../../../components/ui/notice';
import { useErrorMessage } from '../../../lib/api-errors';
import { paths } from '../../../lib/paths';
import { useResendActivation } from '../api/resend-activation';
import '../../../lib/account-texts';

/** What the sign-up page passes on: the address the activation mail went to. */
export type SuccessRegisterState = { email: string };

const emailOf = (state: unknown): string | null => {
  const email = (state as Partial<SuccessRegisterState> | null)?.email;
  return typeof email === 'string' && email ? email : null;
};

export function SuccessRegisterPage() {
  const { t } = useTranslation(['account', 'pages']);
  const email = emailOf(useLocation().state);
  const resend = useResendActivation();
  const errorMessage = useErrorMessage();
  return (
    <MessagePage
      icon={<IconMailCheck size={36} />}
      title={t('pages:titles.successRegister')}
      action={
        <Button component={Link} to={paths.login} variant={email ? 'default' : 'filled'}>
          {t('successRegister.login')}
        </Button>
      }
    >
      <Text size="lg">{email ? t('successRegister.sentTo', { email }) : t('successRegister.sent')}</Text>
      {email && (
        <Stack gap="sm" align="center" w="100%">
          <Text c="dimmed">{t('successRegister.spam')}</Text>
          <Button onClick={() => resend.mutate(email)} loading={resend.isPending}>
            {t('successRegister.resend')}
          </Button>
          {resend.isSuccess && <Notice>{t('successRegister.resent')}</Notice>}
          {resend.isError && <FormError>{errorMessage(resend.error)}</FormError>}
        </Stack>
      )}
    </MessagePage>
  );
}
