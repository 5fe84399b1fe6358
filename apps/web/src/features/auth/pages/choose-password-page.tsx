import { Alert, Button, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { FormError } from '../../../components/ui/form-error';
import { PageLoader } from '../../../components/ui/page-loader';
import { NewPasswordFields, PasswordField } from '../../../components/ui/password-field';
import { fieldErrorsOf } from '../../../lib/api-errors';
import { currentUserQuery, useCurrentUser } from '../../../lib/current-user';
import { paths } from '../../../lib/paths';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useSuccessToast } from '../../../lib/use-success-toast';
import { useSetPassword } from '../api/set-password';
import { newPasswordForm } from '../auth-forms';
import { AuthCard } from '../components/auth-card';
import { forgetTypedPassword, typedPasswordFor } from '../typed-password';
import '../choose-password-texts';
import '../../../lib/account-texts';

/** The new password twice, and the current one (kept from the sign-in, or typed). */
const choosePasswordForm = z.intersection(newPasswordForm, z.object({ current_password: z.string().min(1) }));

/**
 * /choose-password: an account a school created chooses its own password before anything else. The
 * school's password just typed at sign-in is used without asking again while it is still in memory.
 */
export function ChoosePasswordPage() {
  const { t } = useTranslation(['school', 'common']);
  const user = useCurrentUser();
  if (user.isPending) return <PageLoader label={t('common:status.loading')} />;
  return <ChoosePasswordForm email={user.data?.email ?? ''} />;
}

function ChoosePasswordForm({ email }: { email: string }) {
  const { t } = useTranslation(['school', 'account', 'pages']);
  const navigate = useNavigate();
  const toast = useSuccessToast();
  const queryClient = useQueryClient();
  const change = useSetPassword();
  const [typed] = useState(() => typedPasswordFor(email));
  // Asked for when it is not in memory, or when the server did not take the one that was.
  const [askCurrent, setAskCurrent] = useState(typed === null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm({
    schema: choosePasswordForm,
    initialValues: { current_password: typed ?? '', new_password: '', re_new_password: '' },
  });

  const submit = form.submit((values) => {
    setFailure(null);
    change.mutate(values, {
      onSuccess: () => {
        forgetTypedPassword();
        toast(t('choosePassword.welcome'));
        // The account is claimed: the user as known here says so at once (the guard lets it through),
        // then it is loaded again.
        queryClient.setQueryData(currentUserQuery.queryKey, (known) =>
          known ? { ...known, is_auto_created: false } : known,
        );
        void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
        navigate(paths.myHome, { replace: true });
      },
      onError: (error) => {
        if (!askCurrent && fieldErrorsOf(error).current_password) {
          // The kept password was not taken: ask for it, empty.
          form.setFieldValue('current_password', '');
          setAskCurrent(true);
        }
        setFailure(form.showServerErrors(error));
      },
    });
  });

  return (
    <AuthCard title={t('pages:titles.choosePassword')} intro={t('choosePassword.intro')}>
      <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden="true" />}>
        {t('choosePassword.why')}
      </Alert>
      <form ref={form.formRef} onSubmit={submit} noValidate>
        <Stack gap="md">
          {askCurrent && (
            <PasswordField
              label={t('choosePassword.current')}
              description={t('choosePassword.currentHint')}
              autoComplete="current-password"
              required
              {...form.getInputProps('current_password')}
            />
          )}
          <NewPasswordFields form={form} autoFocus />
          <FormError>{failure}</FormError>
          <Button type="submit" fullWidth loading={change.isPending}>
            {t('choosePassword.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
