import { AI_IMAGES_MAX_FILES, AI_PHOTO_MAX_BYTES, megabytes } from '@flashcards/contract';
import { ActionIcon, Badge, Box, Button, FileButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCamera, IconPhotoUp, IconUpload, IconX } from '@tabler/icons-react';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';
import { IMAGE_ACCEPT } from '../../../lib/image-files';
import { useObjectUrl } from '../../../lib/use-object-url';
import classes from './photo-drop-zone.module.css';

function PhotoThumb({ file, number, onRemove }: { file: File; number: number; onRemove: () => void }) {
  const { t } = useTranslation('ai');
  const { fileSize } = useFormatters();
  const url = useObjectUrl(file);
  return (
    <Stack gap={4}>
      <Box className={classes.thumb}>
        {url && <img src={url} alt={t('photosForm.photoAlt', { number, name: file.name })} />}
        <Badge className={classes.page} size="sm" variant="filled" color="dark" aria-hidden="true">
          {number}
        </Badge>
        <ActionIcon
          className={classes.remove}
          variant="filled"
          color="dark"
          radius="xl"
          size="md"
          onClick={onRemove}
          aria-label={t('photosForm.remove', { number, name: file.name })}
        >
          <IconX size={16} aria-hidden="true" />
        </ActionIcon>
      </Box>
      <Text size="xs" c="dimmed" truncate="end" title={file.name}>
        {fileSize(file.size)}
      </Text>
    </Stack>
  );
}

/**
 * Up to three photos of pages: dropped on the zone, chosen with the file picker, or, on phones and
 * tablets, taken with the back camera. Each one is shown with a button to remove it.
 */
export function PhotoDropZone({
  value,
  onChange,
  error,
  disabled = false,
}: {
  value: File[];
  onChange: (files: File[]) => void;
  error?: string | null;
  disabled?: boolean;
}) {
  const { t } = useTranslation('ai');
  const [dragging, setDragging] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  // A camera button, first, only where there is likely a camera to point: touch screens.
  const touch = useMediaQuery('(pointer: coarse)') ?? false;
  const labelId = useId();
  const hintId = useId();
  const errorId = useId();
  const full = value.length >= AI_IMAGES_MAX_FILES;
  const chooseRef = useRef<HTMLButtonElement>(null);
  const [refocus, setRefocus] = useState(0);
  // Keys of the photos: a file picked twice is two File objects, so each object gets its own.
  const keys = useRef(new WeakMap<File, number>());
  const lastKey = useRef(0);
  const keyOf = (file: File) => {
    let key = keys.current.get(file);
    if (key === undefined) {
      lastKey.current += 1;
      key = lastKey.current;
      keys.current.set(file, key);
    }
    return key;
  };

  // A removed photo's button is gone: the picker takes the focus (it may have just reappeared).
  useEffect(() => {
    if (refocus > 0) chooseRef.current?.focus();
  }, [refocus]);

  const add = (files: File[]) => {
    if (files.length === 0) return;
    const room = AI_IMAGES_MAX_FILES - value.length;
    setNote(files.length > room ? t('photosForm.leftOut', { files: AI_IMAGES_MAX_FILES }) : null);
    if (room > 0) onChange([...value, ...files.slice(0, room)]);
  };
  const remove = (index: number) => {
    setNote(null);
    onChange(value.filter((_, other) => other !== index));
    setRefocus((count) => count + 1);
  };

  const dragProps = disabled
    ? {}
    : {
        onDragEnter: (event: DragEvent) => {
          event.preventDefault();
          setDragging(true);
        },
        onDragOver: (event: DragEvent) => {
          // Without this the browser opens the dropped file instead.
          event.preventDefault();
          event.dataTransfer.dropEffect = full ? 'none' : 'copy';
        },
        onDragLeave: (event: DragEvent) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        },
        onDrop: (event: DragEvent) => {
          event.preventDefault();
          setDragging(false);
          add(Array.from(event.dataTransfer.files));
        },
      };

  const describedBy = [hintId, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <Stack gap={6} role="group" aria-labelledby={labelId}>
      <Text component="div" id={labelId} size="sm" fw={500}>
        {t('photosForm.photos')}{' '}
        <Text component="span" c="var(--mantine-color-error)" aria-hidden="true">
          *
        </Text>
      </Text>
      <Text id={hintId} size="xs" c="dimmed">
        {t('photosForm.photosHint', { files: AI_IMAGES_MAX_FILES, max: megabytes(AI_PHOTO_MAX_BYTES) })}
      </Text>
      <div
        className={classes.zone}
        data-active={dragging}
        data-invalid={Boolean(error)}
        data-full={full}
        {...dragProps}
      >
        <IconPhotoUp size={36} aria-hidden="true" color="var(--mantine-color-dimmed)" />
        <Text fw={600}>
          {full
            ? t('photosForm.full', { files: AI_IMAGES_MAX_FILES })
            : t(touch ? 'photosForm.dropTouch' : 'photosForm.drop')}
        </Text>
        {!full && (
          <Group gap="sm" justify="center">
            {touch && (
              <FileButton
                accept="image/*"
                capture="environment"
                onChange={(file) => add(file ? [file] : [])}
                disabled={disabled}
              >
                {(props) => (
                  <Button
                    {...props}
                    variant="light"
                    leftSection={<IconCamera size={18} aria-hidden="true" />}
                    aria-describedby={hintId}
                    disabled={disabled}
                  >
                    {t('photosForm.camera')}
                  </Button>
                )}
              </FileButton>
            )}
            <FileButton multiple accept={IMAGE_ACCEPT} onChange={add} disabled={disabled}>
              {(props) => (
                <Button
                  {...props}
                  ref={chooseRef}
                  variant={touch ? 'default' : 'light'}
                  leftSection={<IconUpload size={18} aria-hidden="true" />}
                  aria-describedby={describedBy}
                  aria-invalid={error ? true : undefined}
                  disabled={disabled}
                >
                  {t('photosForm.choose')}
                </Button>
              )}
            </FileButton>
          </Group>
        )}
      </div>
      {error && (
        <Text id={errorId} size="sm" c="var(--mantine-color-error)">
          {error}
        </Text>
      )}
      <Text size="sm" c="dimmed" role="status">
        {note}
      </Text>
      {value.length > 0 && (
        <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="sm">
          {value.map((file, index) => (
            <PhotoThumb key={keyOf(file)} file={file} number={index + 1} onRemove={() => remove(index)} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
