import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormError } from '../../../components/ui/form-error';
import { Notice } from '../../../components/ui/notice';
import { fieldErrorsOf, useErrorMessage } from '../../../lib/api-errors';
import { paths } from '../../../lib/paths';
import { looksLikeEmail, useForm } from '../../../lib/use-form';
import { useResetPassword } from '../api/reset-password';
import { AuthCard } from '../components/auth-card';

export function ResetPasswordPage() {
  const { t } = useTranslation(['account', 'pages']);
  const reset = useResetPassword();
  const errorMessage = useErrorMessage();
  const form = useForm({
    initialValues: { email: '' },
    rules: {
      email: (value) =>
        !value.trim() ? t('validation.required') : looksLikeEmail(value) ? null : t('validation.email'),
    },
  });

  const submit = form.onSubmit(({ email }) =>
    reset.mutate(email.trim(), {
      onError: (error) => {
        const { email: message } = fieldErrorsOf(error);
        if (message) form.setErrors({ email: message });
      },
    }),
  );

  const backToLogin = (
    <Anchor component={Link} to={paths.login} size="sm" ta="center">
      {t('resetPassword.backToLogin')}
    </Anchor>
  );

  // The same answer whether or not the address has an account: the server does not say either.
  if (reset.isSuccess)
    return (
      <AuthCard title={t('pages:titles.resetPassword')}>
        <Notice title={t('resetPassword.sentTitle')}>
          {t('resetPassword.sent', { email: reset.variables })}
        </Notice>
        <Button variant="default" onClick={() => reset.reset()}>
          {t('resetPassword.tryAnother')}
        </Button>
        {backToLogin}
      </AuthCard>
    );

  const emailError = reset.isError && fieldErrorsOf(reset.error).email;
  return (
    <AuthCard title={t('pages:titles.resetPassword')} intro={t('resetPassword.intro')}>
      <form ref={form.formRef} onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          {reset.isError && !emailError && <FormError>{errorMessage(reset.error)}</FormError>}
          <Button type="submit" fullWidth loading={reset.isPending}>
            {t('resetPassword.submit')}
          </Button>
        </Stack>
      </form>
      <Text ta="center">{backToLogin}</Text>
    </AuthCard>
  );
}
