import { Anchor, Group, Text, TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import '../../../lib/account-texts';

/** The e-mail of the sign-in, sign-up, reset and resend forms: required, filled in by the browser. */
export function EmailField(props: TextInputProps) {
  const { t } = useTranslation('account');
  return <TextInput label={t('fields.email')} type="email" autoComplete="email" required {...props} />;
}

/** The line under the sign-in and sign-up forms that leads to the other one. */
export function AuthSwitch({ text, link, to }: { text: string; link: string; to: string }) {
  return (
    <Group gap={6} justify="center">
      <Text size="sm">{text}</Text>
      <Anchor component={Link} to={to} size="sm" fw={600}>
        {link}
      </Anchor>
    </Group>
  );
}
