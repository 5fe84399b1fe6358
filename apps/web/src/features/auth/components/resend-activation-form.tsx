import { Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { Notice } from '../../../components/ui/notice';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useResendActivation } from '../api/resend-activation';
import { emailForm } from '../auth-forms';
import { EmailField } from './auth-fields';
import '../../../lib/account-texts';

/** Asks for a new activation link for an e-mail address. */
export function ResendActivationForm() {
  const { t } = useTranslation('account');
  const resend = useResendActivation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm({ schema: emailForm, initialValues: { email: '' } });

  const submit = form.submit(({ email }) => {
    setFailure(null);
    resend.mutate(email.trim(), { onError: (error) => setFailure(form.showServerErrors(error)) });
  });

  return (
    <form ref={form.formRef} onSubmit={submit} noValidate style={{ width: '100%', maxWidth: 420 }}>
      <Stack gap="sm" w="100%" ta="left">
        <EmailField {...form.getInputProps('email')} />
        <FormError>{failure}</FormError>
        {resend.isSuccess && <Notice>{t('activation.resent')}</Notice>}
        <Button type="submit" loading={resend.isPending}>
          {t('activation.resend')}
        </Button>
      </Stack>
    </form>
  );
}
