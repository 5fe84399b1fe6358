import { Button, Stack } from '@mantine/core';
import { IconBrandGoogle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { useErrorMessage } from '../../../lib/api-errors';
import { useStartGoogleSignIn } from '../api/start-google-sign-in';
import '../../../lib/account-texts';

export function GoogleSignInButton() {
  const { t } = useTranslation('account');
  const start = useStartGoogleSignIn();
  const errorMessage = useErrorMessage();
  return (
    <Stack gap="xs">
      <Button
        variant="default"
        fullWidth
        leftSection={<IconBrandGoogle size={18} aria-hidden="true" />}
        // Stays busy while the browser leaves for Google.
        loading={start.isPending || start.isSuccess}
        onClick={() => start.mutate()}
      >
        {t('login.google')}
      </Button>
      {start.isError && <FormError>{errorMessage(start.error)}</FormError>}
    </Stack>
  );
}
