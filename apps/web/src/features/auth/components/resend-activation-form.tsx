import { Button, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { Notice } from '../../../components/ui/notice';
import { fieldErrorsOf, useErrorMessage } from '../../../lib/api-errors';
import { looksLikeEmail, useForm } from '../../../lib/use-form';
import { useResendActivation } from '../api/resend-activation';

/** Asks for a new activation link for an e-mail address. */
export function ResendActivationForm() {
  const { t } = useTranslation('account');
  const resend = useResendActivation();
  const errorMessage = useErrorMessage();
  const form = useForm({
    initialValues: { email: '' },
    rules: {
      email: (value) =>
        !value.trim() ? t('validation.required') : looksLikeEmail(value) ? null : t('validation.email'),
    },
  });

  const submit = form.onSubmit(({ email }) =>
    resend.mutate(email.trim(), {
      onError: (error) => {
        const { email: message } = fieldErrorsOf(error);
        if (message) form.setErrors({ email: message });
      },
    }),
  );

  const emailError = resend.isError && fieldErrorsOf(resend.error).email;
  return (
    <form ref={form.formRef} onSubmit={submit} noValidate style={{ width: '100%', maxWidth: 420 }}>
      <Stack gap="sm" w="100%" ta="left">
        <TextInput
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        {resend.isError && !emailError && <FormError>{errorMessage(resend.error)}</FormError>}
        {resend.isSuccess && <Notice>{t('activation.resent')}</Notice>}
        <Button type="submit" loading={resend.isPending}>
          {t('activation.resend')}
        </Button>
      </Stack>
    </form>
  );
}
