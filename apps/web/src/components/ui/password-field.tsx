import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

/** A password input whose show-password toggle is named in the interface language and reachable by Tab. */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': t('actions.showPassword') }}
      {...props}
    />
  );
}

/**
 * A new password and the same typed again, bound to a form's `new_password` and `re_new_password`:
 * the reset form and the profile's change.
 */
export function NewPasswordFields({
  form,
}: {
  form: { getInputProps: (path: 'new_password' | 're_new_password') => GetInputPropsReturnType };
}) {
  const { t } = useTranslation('account');
  return (
    <>
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
    </>
  );
}
