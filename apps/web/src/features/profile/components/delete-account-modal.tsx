import type { User } from '@flashcards/contract';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormError } from '../../../components/ui/form-error';
import { useErrorMessage } from '../../../lib/api-errors';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { clearTokens, leavingState } from '../../../lib/session';
import { useDeleteAccount } from '../api/delete-account';
import '../../../lib/account-texts';

/**
 * The plans the account has paid for and that run on: a monthly and an annual end date ahead, each named by
 * the plan bought last when it is of that period.
 */
const runningPlans = (user: User, now = Date.now()) =>
  (
    [
      ['subscription_end_date', ['monthly', 'gold_monthly']],
      ['annual_subscription_end_date', ['annual', 'gold_annual']],
    ] as const
  ).flatMap(([column, plans]) => {
    const end = user[column];
    if (!end || Date.parse(end) <= now) return [];
    const plan = (plans as readonly string[]).includes(user.subscription_type)
      ? user.subscription_type
      : plans[0];
    return [{ plan: plan as (typeof plans)[number], end }];
  });

/**
 * Deleting needs the account's e-mail address typed in, so that it cannot happen by a slip. A plan that
 * runs is named: deleting cancels it at the payment provider.
 */
export function DeleteAccountModal({
  user,
  opened,
  onClose,
}: {
  user: User;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['account', 'common']);
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const errorMessage = useErrorMessage();
  const { date } = useFormatters();
  const [typed, setTyped] = useState('');
  const confirmed = typed.trim().toLowerCase() === user.email.toLowerCase();

  const close = () => {
    setTyped('');
    remove.reset();
    onClose();
  };

  const deleteAccount = () =>
    remove.mutate(undefined, {
      onSuccess: async () => {
        // Leave the signed-in pages first: their guard would otherwise send the visitor to /login.
        await navigate(paths.home, { replace: true, flushSync: true, state: leavingState });
        clearTokens();
        notifications.show({ color: 'teal', message: t('deleteAccount.deleted') });
      },
    });

  return (
    <Modal
      opened={opened}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      onClose={close}
      title={t('deleteAccount.title')}
      radius="lg"
    >
      <Stack gap="md">
        <Text>{t('deleteAccount.warning')}</Text>
        {runningPlans(user).map(({ plan, end }) => (
          <Text key={plan} fw={600}>
            {t('deleteAccount.activePlan', { plan: t(`deleteAccount.plans.${plan}`), date: date(end) })}
          </Text>
        ))}
        <TextInput
          label={t('deleteAccount.confirmLabel', { email: user.email })}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          autoComplete="off"
          spellCheck={false}
          data-autofocus
        />
        {remove.isError && <FormError>{errorMessage(remove.error)}</FormError>}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('deleteAccount.cancel')}
          </Button>
          <Button color="red" disabled={!confirmed} loading={remove.isPending} onClick={deleteAccount}>
            {t('deleteAccount.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
