import { PasswordInput, type PasswordInputProps } from '@mantine/core';
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
