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
 * the reset form, the profile's change and the password a school's account chooses. `autoFocus` gives
 * the first `data-autofocus`.
 */
export function NewPasswordFields({
  form,
  autoFocus = false,
}: {
  form: { getInputProps: (path: 'new_password' | 're_new_password') => GetInputPropsReturnType };
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('account');
  return (
    <>
      <PasswordField
        label={t('fields.newPassword')}
        description={t('fields.passwordHint')}
        autoComplete="new-password"
        required
        data-autofocus={autoFocus || undefined}
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
