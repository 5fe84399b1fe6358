import type { Person } from '@flashcards/contract';
import { Button, Group, Stack } from '@mantine/core';
import {
  IconBan,
  IconCheck,
  IconLockOpen,
  IconUserMinus,
  IconUserPlus,
  IconUserX,
  IconX,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { FormError } from '../../../components/ui/form-error';
import { useErrorMessage } from '../../../lib/api-errors';
import { personName } from '../../../lib/person-name';
import { useSuccessToast } from '../../../lib/use-success-toast';
import { useAcceptFriendshipRequest } from '../api/accept-friendship-request';
import { useBlockPerson } from '../api/block-person';
import { useCancelFriendshipRequest } from '../api/cancel-friendship-request';
import { useRejectFriendshipRequest } from '../api/reject-friendship-request';
import { useRemoveFriendship } from '../api/remove-friendship';
import { useSendFriendshipRequest } from '../api/send-friendship-request';
import { useUnblockPerson } from '../api/unblock-person';
import { actionsFor, type PersonAction, relationOf } from '../person-actions';
import '../social-texts';

const icons: Record<PersonAction, ReactNode> = {
  add: <IconUserPlus size={16} aria-hidden="true" />,
  cancel: <IconX size={16} aria-hidden="true" />,
  accept: <IconCheck size={16} aria-hidden="true" />,
  reject: <IconUserX size={16} aria-hidden="true" />,
  remove: <IconUserMinus size={16} aria-hidden="true" />,
  block: <IconBan size={16} aria-hidden="true" />,
  unblock: <IconLockOpen size={16} aria-hidden="true" />,
};

/**
 * The buttons of a person's row, chosen by our relation: add, cancel, accept or reject, remove, unblock,
 * and block. Removing a friend and blocking ask first.
 */
export function PersonActions({ person }: { person: Person }) {
  const { t } = useTranslation(['social', 'cards']);
  const toast = useSuccessToast();
  const errorMessage = useErrorMessage();
  const [confirming, setConfirming] = useState<'remove' | 'block' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const name = personName(person, t('person.unnamed'));
  const relation = relationOf(person);

  const send = useSendFriendshipRequest();
  const accept = useAcceptFriendshipRequest();
  const reject = useRejectFriendshipRequest();
  const cancel = useCancelFriendshipRequest();
  const remove = useRemoveFriendship();
  const block = useBlockPerson();
  const unblock = useUnblockPerson();
  const pending = [send, accept, reject, cancel, remove, block, unblock].some((action) => action.isPending);

  const done = (message: string) => () => {
    setConfirming(null);
    setFailure(null);
    toast(message);
  };
  const failed = (error: unknown) => setFailure(errorMessage(error));

  const run = (action: PersonAction) => {
    setFailure(null);
    if (action === 'add')
      send.mutate(person.id, {
        onSuccess: (result) =>
          done(
            result.status === 'accepted'
              ? t('toasts.becameFriends', { name })
              : t('toasts.requestSent', { name }),
          )(),
        onError: failed,
      });
    else if (action === 'accept' && relation.kind === 'requestReceived' && relation.requestId !== null)
      accept.mutate(relation.requestId, {
        onSuccess: done(t('toasts.becameFriends', { name })),
        onError: failed,
      });
    else if (action === 'reject' && relation.kind === 'requestReceived' && relation.requestId !== null)
      reject.mutate(relation.requestId, { onSuccess: done(t('toasts.rejected', { name })), onError: failed });
    else if (action === 'cancel' && relation.kind === 'requestSent' && relation.requestId !== null)
      cancel.mutate(relation.requestId, { onSuccess: done(t('toasts.canceled', { name })), onError: failed });
    else if (action === 'unblock' && relation.kind === 'blocked' && relation.blockId !== null)
      unblock.mutate(relation.blockId, { onSuccess: done(t('toasts.unblocked', { name })), onError: failed });
    else if (action === 'remove' || action === 'block') {
      remove.reset();
      block.reset();
      setConfirming(action);
    }
  };

  const confirm = () => {
    if (confirming === 'remove' && relation.kind === 'friend' && relation.friendshipId !== null)
      remove.mutate(relation.friendshipId, { onSuccess: done(t('toasts.removed', { name })) });
    else if (confirming === 'block')
      block.mutate(person.id, { onSuccess: done(t('toasts.blocked', { name })) });
  };
  const confirmError = confirming === 'remove' ? remove.error : block.error;

  return (
    <Stack gap="xs" align="flex-end">
      <Group gap="xs">
        {actionsFor(person).map((action) => (
          <Button
            key={action}
            size="xs"
            variant={
              action === 'add' || action === 'accept' ? 'filled' : action === 'block' ? 'subtle' : 'light'
            }
            color={action === 'block' || action === 'remove' ? 'red' : undefined}
            leftSection={icons[action]}
            onClick={() => run(action)}
            disabled={pending}
          >
            {t(`actions.${action}`)}
          </Button>
        ))}
      </Group>
      <FormError>{failure}</FormError>
      <ConfirmModal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        onConfirm={confirm}
        title={t(confirming === 'block' ? 'confirm.blockTitle' : 'confirm.removeTitle', { name })}
        confirmLabel={t(confirming === 'block' ? 'confirm.block' : 'confirm.remove')}
        closeLabel={t('cards:actions.close')}
        danger
        loading={remove.isPending || block.isPending}
        error={confirmError ? errorMessage(confirmError) : null}
      >
        {t(confirming === 'block' ? 'confirm.blockText' : 'confirm.removeText', { name })}
      </ConfirmModal>
    </Stack>
  );
}
