import type { Guardian, User } from '@flashcards/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMailHeart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { GuardianModal } from '../../../components/guardian/guardian-modal';
import { GuardianStateBadge } from '../../../components/guardian/guardian-state';
import { QueryState } from '../../../components/ui/query-state';
import { SectionCard } from '../../../components/ui/section-card';
import { useFormatters } from '../../../lib/format';
import { useSuccessToast } from '../../../lib/use-success-toast';
import { useMyGuardian, useMyGuardianChange } from '../api/guardian';

/** A student's parent or guardian: the e-mail that gets the weekly summary once confirmed, and its state. */
export function GuardianSection({ user }: { user: User }) {
  const { t } = useTranslation(['guardians', 'common']);
  return (
    <SectionCard title={t('profile.title')}>
      <Text size="sm">{t('profile.intro')}</Text>
      <QueryState query={useMyGuardian()} loading={<Text size="sm">{t('common:status.loading')}</Text>}>
        {(guardian) => <GuardianDetails guardian={guardian} language={user.language} />}
      </QueryState>
    </SectionCard>
  );
}

function GuardianDetails({ guardian, language }: { guardian: Guardian | null; language: 'en' | 'bg' }) {
  const { t } = useTranslation('guardians');
  const { date } = useFormatters();
  const [editing, edit] = useDisclosure(false);
  const change = useMyGuardianChange();
  const toast = useSuccessToast();
  const bySchool = guardian?.set_by === 'principal';
  return (
    <Stack gap="sm">
      {guardian ? (
        <Group gap="sm" wrap="wrap">
          <Text fw={600}>{guardian.email}</Text>
          <GuardianStateBadge state={guardian.state} />
          <Text size="sm" c="dimmed">
            {t('profile.since', { date: date(guardian.created_at) })}
          </Text>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {t('profile.none')}
        </Text>
      )}
      {bySchool ? (
        <Text size="sm">{t('profile.bySchool')}</Text>
      ) : (
        <Group>
          <Button
            variant="default"
            leftSection={<IconMailHeart size={18} aria-hidden="true" />}
            onClick={edit.open}
          >
            {guardian ? t('profile.change') : t('profile.set')}
          </Button>
        </Group>
      )}
      <GuardianModal
        opened={editing}
        onClose={edit.close}
        title={t('profile.dialogTitle')}
        intro={t('profile.intro')}
        guardian={guardian}
        defaultLanguage={language}
        save={{
          pending: change.save.isPending,
          run: (values, callbacks) =>
            change.save.mutate(values, {
              onSuccess: () => {
                toast(t('form.saved'));
                callbacks.onSuccess();
              },
              onError: callbacks.onError,
            }),
        }}
        remove={{
          pending: change.remove.isPending,
          run: (_, callbacks) =>
            change.remove.mutate(undefined, {
              onSuccess: () => {
                toast(t('form.removed'));
                callbacks.onSuccess();
              },
              onError: callbacks.onError,
            }),
        }}
      />
    </Stack>
  );
}
