import { defaultLanguage, isLanguage } from '@flashcards/i18n';
import { Anchor, Button, Checkbox, SimpleGrid, Stack, TextInput, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormError } from '../../../components/ui/form-error';
import { PasswordField } from '../../../components/ui/password-field';
import { paths } from '../../../lib/paths';
import { useSite } from '../../../lib/site';
import { readStored, storageKeys } from '../../../lib/storage';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useRegister } from '../api/register';
import { signupForm } from '../auth-forms';
import { AuthCard } from '../components/auth-card';
import { AuthSwitch, EmailField } from '../components/auth-fields';
import type { SuccessRegisterState } from './success-register-page';
import '../../../lib/account-texts';

export function SignupPage() {
  const { t, i18n } = useTranslation(['account', 'pages']);
  const navigate = useNavigate();
  const site = useSite().data;
  // No trial where everyone is premium.
  const trialDays = site?.premium_for_all ? 0 : (site?.trial_days ?? 0);
  const register = useRegister();
  const [general, setGeneral] = useState<string | null>(null);

  const form = useSchemaForm({
    schema: signupForm,
    initialValues: {
      first_name: '',
      last_name: '',
      email: '',
      password: '',
      re_password: '',
      accepted_terms: false,
    },
  });

  const submit = form.submit((values) => {
    setGeneral(null);
    const email = values.email.trim();
    const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : defaultLanguage;
    register.mutate(
      {
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        email,
        password: values.password,
        re_password: values.re_password,
        accepted_terms: true,
        ref_code: readStored(storageKeys.refCode) ?? undefined,
        language,
      },
      {
        onSuccess: () => navigate(paths.successRegister, { state: { email } satisfies SuccessRegisterState }),
        onError: (error) => setGeneral(form.showServerErrors(error)),
      },
    );
  });

  const legalLink = (to: string) => <NewTabLink to={to} />;

  return (
    <AuthCard
      title={t('pages:titles.signup')}
      intro={
        <>
          {t('signup.intro')} {trialDays > 0 && t('signup.trial', { count: trialDays })}
        </>
      }
    >
      <form ref={form.formRef} onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label={t('fields.firstName')}
              autoComplete="given-name"
              required
              {...form.getInputProps('first_name')}
            />
            <TextInput
              label={t('fields.lastName')}
              autoComplete="family-name"
              required
              {...form.getInputProps('last_name')}
            />
          </SimpleGrid>
          <EmailField {...form.getInputProps('email')} />
          <PasswordField
            label={t('fields.password')}
            description={t('fields.passwordHint')}
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordField
            label={t('fields.retypePassword')}
            autoComplete="new-password"
            required
            {...form.getInputProps('re_password')}
          />
          <Checkbox
            label={
              <Trans
                t={t}
                i18nKey="signup.terms"
                components={{ terms: legalLink(paths.termsOfUsage), privacy: legalLink(paths.privacyPolicy) }}
              />
            }
            required
            {...form.getInputProps('accepted_terms', { type: 'checkbox' })}
          />
          <FormError>{general}</FormError>
          <Button type="submit" fullWidth loading={register.isPending}>
            {t('signup.submit')}
          </Button>
        </Stack>
      </form>
      <AuthSwitch text={t('signup.haveAccount')} link={t('signup.login')} to={paths.login} />
    </AuthCard>
  );
}

/** A link in the terms checkbox's label: it opens beside the form, so that nothing typed is lost. */
function NewTabLink({ to, children }: { to: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={to} target="_blank" underline="always" fz="inherit">
      {children}
      <VisuallyHidden> {t('opensInNewTab')}</VisuallyHidden>
    </Anchor>
  );
}
