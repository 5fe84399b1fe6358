import { AVATAR_MAX_BYTES, megabytes, type User } from '@flashcards/contract';
import {
  Avatar,
  Box,
  Button,
  Center,
  FileButton,
  Loader,
  Overlay,
  Stack,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCamera } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../lib/api-errors';
import { useUploadAvatar } from '../api/upload-avatar';
import { FieldMessage } from './field-message';
import '../../../lib/error-texts';
import '../../../lib/account-texts';

export const fullName = (user: User) => `${user.first_name} ${user.last_name}`.trim();

/** The round profile picture with its "change picture" button. */
export function ProfileAvatar({ user }: { user: User }) {
  const { t } = useTranslation(['account', 'errors']);
  const upload = useUploadAvatar();
  const errorMessage = useErrorMessage();
  const resetPicker = useRef<() => void>(null);
  const [picked, setPicked] = useState<'ok' | 'none' | 'tooLarge'>('ok');
  const name = fullName(user);

  const change = (file: File | null) => {
    upload.reset();
    // The server would refuse these; saying so here spares the upload.
    const state = !file ? 'none' : file.size > AVATAR_MAX_BYTES ? 'tooLarge' : 'ok';
    setPicked(state);
    if (!file || state !== 'ok') {
      resetPicker.current?.();
      return;
    }
    upload.mutate(file, {
      onSuccess: () => notifications.show({ color: 'teal', message: t('profile.pictureChanged') }),
      onSettled: () => resetPicker.current?.(),
    });
  };

  const problem =
    picked === 'none'
      ? t('errors:no_file')
      : picked === 'tooLarge'
        ? t('errors:image_too_large', { max: megabytes(AVATAR_MAX_BYTES) })
        : upload.isError
          ? errorMessage(upload.error)
          : null;
  return (
    <Stack align="center" gap="sm">
      <Box pos="relative" style={{ borderRadius: '50%', overflow: 'hidden' }}>
        <Avatar
          src={user.avatar_url}
          name={name || user.email}
          alt={t('profile.pictureOf', { name: name || user.email })}
          color="indigo"
          variant="filled"
          size={128}
          radius={999}
        />
        {upload.isPending && (
          <Overlay backgroundOpacity={0.45} blur={1} radius={999}>
            <Center h="100%">
              <Loader color="white" aria-hidden="true" />
            </Center>
          </Overlay>
        )}
      </Box>
      <VisuallyHidden role="status">{upload.isPending ? t('profile.uploading') : ''}</VisuallyHidden>
      <FileButton onChange={change} accept="image/*" resetRef={resetPicker}>
        {(props) => (
          <Button
            {...props}
            variant="light"
            size="sm"
            leftSection={<IconCamera size={18} aria-hidden="true" />}
            loading={upload.isPending}
          >
            {t('profile.changePicture')}
          </Button>
        )}
      </FileButton>
      {problem && <FieldMessage>{problem}</FieldMessage>}
    </Stack>
  );
}
