import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PracticeModal } from '../../../components/deck/practice-modal';
import { paths } from '../../../lib/paths';
import { returnToState } from '../../../lib/return-to';

/** Asks a guest who has been practising to sign up (or log in, coming back here afterwards). */
export function CallToActionModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('practice');
  const location = useLocation();
  return (
    <PracticeModal opened={opened} onClose={onClose} title={t('cta.title')}>
      <Stack gap="md">
        <Text>{t('cta.text')}</Text>
        <Stack gap="xs">
          <Button component={Link} to={paths.signup} size="md" data-autofocus>
            {t('cta.signUp')}
          </Button>
          <Button component={Link} to={paths.login} state={returnToState(location)} variant="light">
            {t('cta.logIn')}
          </Button>
        </Stack>
        <Group justify="center">
          <Button variant="subtle" color="gray" onClick={onClose}>
            {t('cta.keepPractising')}
          </Button>
        </Group>
      </Stack>
    </PracticeModal>
  );
}
