import { Button, Checkbox, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormError } from '../../../components/ui/form-error';
import { NewPasswordFields, PasswordField } from '../../../components/ui/password-field';
import { newPasswordForm } from '../../../lib/new-password-form';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useSuccessToast } from '../../../lib/use-success-toast';
import { useChangePassword } from '../api/change-password';
import { FormModal } from './form-modal';
import '../../../lib/account-texts';

/** The current password, the new one twice, and whether the other devices stay signed in (not unless ticked). */
const changePasswordForm = z.intersection(
  newPasswordForm,
  z.object({ current_password: z.string().min(1), keep_other_sessions: z.boolean() }),
);

export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['account', 'common']);
  return (
    <FormModal opened={opened} onClose={onClose} title={t('changePassword.title')}>
      <ChangePasswordForm onDone={onClose} />
    </FormModal>
  );
}

function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('account');
  const change = useChangePassword();
  const toast = useSuccessToast();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm({
    schema: changePasswordForm,
    initialValues: {
      current_password: '',
      new_password: '',
      re_new_password: '',
      keep_other_sessions: false,
    },
  });

  const submit = form.submit(({ keep_other_sessions, ...values }) => {
    setFailure(null);
    change.mutate(
      { ...values, logout_other_sessions: !keep_other_sessions },
      {
        onSuccess: () => {
          toast(t(keep_other_sessions ? 'changePassword.changed' : 'changePassword.changedOthersOut'));
          onDone();
        },
        onError: (error) => setFailure(form.showServerErrors(error)),
      },
    );
  });

  return (
    <form ref={form.formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <PasswordField
          label={t('changePassword.current')}
          autoComplete="current-password"
          required
          data-autofocus
          {...form.getInputProps('current_password')}
        />
        <NewPasswordFields form={form} />
        <Checkbox
          label={t('changePassword.keepOthers')}
          description={t('changePassword.keepOthersHint')}
          {...form.getInputProps('keep_other_sessions', { type: 'checkbox' })}
        />
        <FormError>{failure}</FormError>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('changePassword.cancel')}
          </Button>
          <Button type="submit" loading={change.isPending}>
            {t('changePassword.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
