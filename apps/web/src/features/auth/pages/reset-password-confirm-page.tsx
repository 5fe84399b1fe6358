import { Anchor, Button, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FormError } from '../../../components/ui/form-error';
import { MessagePage } from '../../../components/ui/message-page';
import { PasswordField } from '../../../components/ui/password-field';
import { ApiError } from '../../../lib/api-client';
import { fieldErrorsOf, useErrorMessage } from '../../../lib/api-errors';
import { paths } from '../../../lib/paths';
import { useForm } from '../../../lib/use-form';
import { useResetPasswordConfirm } from '../api/reset-password-confirm';
import { AuthCard } from '../components/auth-card';

/** Opened from the password reset mail. */
export function ResetPasswordConfirmPage() {
  const { t } = useTranslation(['account', 'pages']);
  const { uid = '', token = '' } = useParams();
  const confirm = useResetPasswordConfirm();
  const errorMessage = useErrorMessage();
  const form = useForm({
    initialValues: { new_password: '', re_new_password: '' },
    rules: {
      new_password: (value) => (value ? null : t('validation.required')),
      re_new_password: (value, values) =>
        !value
          ? t('validation.required')
          : value === values.new_password
            ? null
            : t('validation.passwordMismatch'),
    },
  });

  const submit = form.onSubmit((values) =>
    confirm.mutate(
      { uid, token, ...values },
      {
        onError: (error) => {
          const { new_password, re_new_password } = fieldErrorsOf(error);
          form.setErrors({ new_password, re_new_password });
        },
      },
    ),
  );

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
          <PasswordField
            label={t('fields.newPassword')}
            description={t('fields.passwordHint')}
            autoComplete="new-password"
            required
            {...form.getInputProps('new_password')}
          />
          <PasswordField
            label={t('fields.retypeNewPassword')}
            autoComplete="new-password"
            required
            {...form.getInputProps('re_new_password')}
          />
          <ConfirmFailure error={confirm.error} messageOf={errorMessage} />
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
 * way to ask for a new one, a message about no field, or the error of a call that failed as a whole.
 */
function ConfirmFailure({
  error,
  messageOf,
}: {
  error: Error | null;
  messageOf: (error: unknown) => string;
}) {
  const { t } = useTranslation('account');
  if (!error) return null;
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
  if (fields.non_field_errors) return <FormError>{fields.non_field_errors}</FormError>;
  const shownBesideFields = fields.new_password || fields.re_new_password;
  if (error instanceof ApiError && error.status === 400 && shownBesideFields) return null;
  return <FormError>{messageOf(error)}</FormError>;
}
