import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { Notice } from '../../../components/ui/notice';
import { useErrorMessage } from '../../../lib/api-errors';
import { useResendActivation } from '../api/resend-activation';
import '../../../lib/account-texts';

/**
 * Shown after the right password of an account that waits for activation, with a way to mail the link
 * again (the server limits how many mails one address may ask for, and says so).
 */
export function NotActivatedNotice({ email }: { email: string }) {
  const { t } = useTranslation('account');
  const errorMessage = useErrorMessage();
  const resend = useResendActivation();

  return (
    <Stack gap="xs">
      <Alert color="yellow" variant="light" icon={<IconMailForward aria-hidden="true" />}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('login.notActivated', { email })}</Text>
          <Button
            variant="light"
            size="xs"
            loading={resend.isPending}
            disabled={resend.isSuccess}
            onClick={() => resend.mutate(email)}
          >
            {t('login.resendActivation')}
          </Button>
        </Stack>
      </Alert>
      {resend.isSuccess && <Notice>{t('login.activationResent', { email })}</Notice>}
      <FormError>{resend.isError ? errorMessage(resend.error) : null}</FormError>
    </Stack>
  );
}
