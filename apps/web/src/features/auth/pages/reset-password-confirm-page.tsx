import { Anchor, Button, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FormError } from '../../../components/ui/form-error';
import { MessagePage } from '../../../components/ui/message-page';
import { NewPasswordFields } from '../../../components/ui/password-field';
import { fieldErrorsOf } from '../../../lib/api-errors';
import { paths } from '../../../lib/paths';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useResetPasswordConfirm } from '../api/reset-password-confirm';
import { newPasswordForm } from '../auth-forms';
import { AuthCard } from '../components/auth-card';
import '../../../lib/account-texts';

/** Opened from the password reset mail. */
export function ResetPasswordConfirmPage() {
  const { t } = useTranslation(['account', 'pages']);
  const { uid = '', token = '' } = useParams();
  const confirm = useResetPasswordConfirm();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm({
    schema: newPasswordForm,
    initialValues: { new_password: '', re_new_password: '' },
  });

  const submit = form.submit((values) => {
    setFailure(null);
    confirm.mutate(
      { uid, token, ...values },
      { onError: (error) => setFailure(form.showServerErrors(error)) },
    );
  });

  if (confirm.isSuccess)
    return (
      <MessagePage
        icon={<IconCircleCheck size={36} />}
        title={t('resetPasswordConfirm.successTitle')}
        action={
          <Button component={Link} to={paths.login}>
            {t('resetPasswordConfirm.login')}
          </Button>
        }
      >
        <Text size="lg">{t('resetPasswordConfirm.successText')}</Text>
      </MessagePage>
    );

  return (
    <AuthCard title={t('pages:titles.resetPasswordConfirm')} intro={t('resetPasswordConfirm.intro')}>
      <form ref={form.formRef} onSubmit={submit} noValidate>
        <Stack gap="md">
          <NewPasswordFields form={form} />
          <ConfirmFailure error={confirm.error} message={failure} />
          <Button type="submit" fullWidth loading={confirm.isPending}>
            {t('resetPasswordConfirm.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

/**
 * What the fields do not show: a link that is not valid (unknown user, used or expired token) with the
 * way to ask for a new one, else the message for the whole form.
 */
function ConfirmFailure({ error, message }: { error: Error | null; message: string | null }) {
  const { t } = useTranslation('account');
  const fields = fieldErrorsOf(error);
  if (fields.token || fields.uid)
    return (
      <FormError>
        {t('resetPasswordConfirm.invalidLink')}{' '}
        <Anchor component={Link} to={paths.resetPassword} c="inherit" fw={700} underline="always">
          {t('resetPasswordConfirm.requestNew')}
        </Anchor>
      </FormError>
    );
  return <FormError>{message}</FormError>;
}
