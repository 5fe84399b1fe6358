import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormError } from '../../../components/ui/form-error';
import { Notice } from '../../../components/ui/notice';
import { paths } from '../../../lib/paths';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useResetPassword } from '../api/reset-password';
import { emailForm } from '../auth-forms';
import { AuthCard } from '../components/auth-card';
import { EmailField } from '../components/auth-fields';
import '../../../lib/account-texts';

export function ResetPasswordPage() {
  const { t } = useTranslation(['account', 'pages']);
  const reset = useResetPassword();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm({ schema: emailForm, initialValues: { email: '' } });

  const submit = form.submit(({ email }) => {
    setFailure(null);
    reset.mutate(email.trim(), { onError: (error) => setFailure(form.showServerErrors(error)) });
  });

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

  return (
    <AuthCard title={t('pages:titles.resetPassword')} intro={t('resetPassword.intro')}>
      <form ref={form.formRef} onSubmit={submit} noValidate>
        <Stack gap="md">
          <EmailField {...form.getInputProps('email')} />
          <FormError>{failure}</FormError>
          <Button type="submit" fullWidth loading={reset.isPending}>
            {t('resetPassword.submit')}
          </Button>
        </Stack>
      </form>
      <Text ta="center">{backToLogin}</Text>
    </AuthCard>
  );
}
