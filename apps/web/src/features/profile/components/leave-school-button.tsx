import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconDoorExit } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { useErrorMessage } from '../../../lib/api-errors';
import { useLeaveSchool } from '../api/leave-school';
import '../../../lib/account-texts';

/**
 * For an account that joined a school with its own e-mail: leaving keeps the account and its cards. (An
 * account the school created, and a principal, have no such button: the server refuses them too.)
 */
export function LeaveSchoolButton() {
  const { t } = useTranslation(['account', 'common']);
  const [opened, confirm] = useDisclosure(false);
  const leave = useLeaveSchool();
  const errorMessage = useErrorMessage();

  const close = () => {
    leave.reset();
    confirm.close();
  };
  const leaveSchool = () =>
    leave.mutate(undefined, {
      onSuccess: () => {
        confirm.close();
        notifications.show({ color: 'teal', message: t('leaveSchool.done') });
      },
    });

  return (
    <>
      <Button
        variant="outline"
        w="fit-content"
        leftSection={<IconDoorExit size={18} aria-hidden="true" />}
        onClick={confirm.open}
      >
        {t('leaveSchool.open')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={t('leaveSchool.title')}
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
        radius="lg"
      >
        <Stack gap="md">
          <Text>{t('leaveSchool.text')}</Text>
          {leave.isError && <FormError>{errorMessage(leave.error)}</FormError>}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} data-autofocus>
              {t('leaveSchool.cancel')}
            </Button>
            <Button color="red" loading={leave.isPending} onClick={leaveSchool}>
              {t('leaveSchool.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
