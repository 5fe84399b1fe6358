import { setEmailBody } from '@flashcards/contract';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormError } from '../../../components/ui/form-error';
import { PasswordField } from '../../../components/ui/password-field';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useChangeEmail } from '../api/change-email';
import { FormModal } from './form-modal';
import '../../../lib/account-texts';

/** An empty field is "required", not "not valid"; then the contract's own rules. */
const changeEmailForm = setEmailBody.extend({
  new_email: z.string().trim().min(1).pipe(setEmailBody.shape.new_email),
  current_password: setEmailBody.shape.current_password.min(1),
});

/** A new e-mail and the current password; then it says where the confirmation link went. */
export function ChangeEmailModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('account');
  return (
    <FormModal opened={opened} onClose={onClose} title={t('changeEmail.title')}>
      <ChangeEmailForm onDone={onClose} />
    </FormModal>
  );
}

function ChangeEmailForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('account');
  const change = useChangeEmail();
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useSchemaForm({
    schema: changeEmailForm,
    initialValues: { new_email: '', current_password: '' },
  });

  if (sentTo)
    return (
      <Stack gap="md" role="status">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconMailForward size={28} aria-hidden="true" style={{ flexShrink: 0 }} />
          <Text>{t('changeEmail.sent', { email: sentTo })}</Text>
        </Group>
        <Group justify="flex-end">
          <Button onClick={onDone} data-autofocus>
            {t('changeEmail.done')}
          </Button>
        </Group>
      </Stack>
    );

  const submit = form.submit((values) => {
    setFailure(null);
    change.mutate(values, {
      onSuccess: () => setSentTo(values.new_email.trim().toLowerCase()),
      onError: (error) => setFailure(form.showServerErrors(error)),
    });
  });

  return (
    <form ref={form.formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('changeEmail.intro')}
        </Text>
        <TextInput
          type="email"
          label={t('changeEmail.newEmail')}
          autoComplete="email"
          required
          data-autofocus
          {...form.getInputProps('new_email')}
        />
        <PasswordField
          label={t('changeEmail.current')}
          autoComplete="current-password"
          required
          {...form.getInputProps('current_password')}
        />
        <FormError>{failure}</FormError>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('changeEmail.cancel')}
          </Button>
          <Button type="submit" loading={change.isPending}>
            {t('changeEmail.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
