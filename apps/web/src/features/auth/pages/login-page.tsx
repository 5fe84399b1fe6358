import { Anchor, Button, Divider, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { FormError } from '../../../components/ui/form-error';
import { PasswordField } from '../../../components/ui/password-field';
import { hasStatus } from '../../../lib/api-errors';
import { paths } from '../../../lib/paths';
import { returnToFrom } from '../../../lib/return-to';
import { useSite } from '../../../lib/site';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { logout } from '../api/logout';
import { isNotActivated, useSignIn } from '../api/sign-in';
import { loginForm } from '../auth-forms';
import { AuthCard } from '../components/auth-card';
import { AuthSwitch, EmailField } from '../components/auth-fields';
import { GoogleSignInButton } from '../components/google-sign-in-button';
import { NotActivatedNotice } from '../components/not-activated-notice';
import { rememberTypedPassword } from '../typed-password';
import '../../../lib/account-texts';

/** Visiting the login page ends any current session (spec). */
export function LoginPage() {
  const { t } = useTranslation(['account', 'pages']);
  const navigate = useNavigate();
  const location = useLocation();
  const googleSignIn = useSite().data?.google_sign_in ?? false;
  const signIn = useSignIn();

  useEffect(() => {
    void logout();
  }, []);

  const [failure, setFailure] = useState<string | null>(null);
  // The e-mail of an account whose password was right but which is not activated yet.
  const [notActivated, setNotActivated] = useState<string | null>(null);
  const form = useSchemaForm({ schema: loginForm, initialValues: { email: '', password: '' } });

  const submit = form.submit(({ email, password }) => {
    setFailure(null);
    setNotActivated(null);
    signIn.mutate(
      { email: email.trim(), password },
      {
        onSuccess: () => {
          // For an account a school created, whose next step is to choose its own password.
          rememberTypedPassword(email, password);
          navigate(returnToFrom(location.state, paths.myHome), { replace: true });
        },
        onError: (error) => {
          if (isNotActivated(error)) setNotActivated(email.trim());
          else setFailure(hasStatus(error, 401) ? t('login.wrongCredentials') : form.showServerErrors(error));
        },
      },
    );
  });

  return (
    <AuthCard title={t('pages:titles.login')} intro={t('login.intro')}>
      <form ref={form.formRef} onSubmit={submit} noValidate>
        <Stack gap="md">
          <EmailField {...form.getInputProps('email')} />
          <PasswordField
            label={t('fields.password')}
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Anchor
            component={Link}
            to={paths.resetPassword}
            size="sm"
            mt={-8}
            style={{ alignSelf: 'flex-end' }}
          >
            {t('login.forgotPassword')}
          </Anchor>
          <FormError>{failure}</FormError>
          {notActivated && <NotActivatedNotice key={notActivated} email={notActivated} />}
          <Button type="submit" fullWidth loading={signIn.isPending || signIn.isSuccess}>
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
      {googleSignIn && (
        <>
          <Divider label={t('login.or')} labelPosition="center" />
          <GoogleSignInButton />
        </>
      )}
      <AuthSwitch text={t('login.noAccount')} link={t('login.createAccount')} to={paths.signup} />
    </AuthCard>
  );
}
