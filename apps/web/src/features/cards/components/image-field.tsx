import { megabytes, PICTURE_MAX_BYTES } from '@flashcards/contract';
import { Box, FileInput, type FileInputProps, Group, Image, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';
import { useObjectUrl } from '../../../lib/use-object-url';
import { IMAGE_ACCEPT } from '../card-rules';
import { FIRST_SIDE } from './card-entry';

/**
 * The picture of a card: a file input (taking the form's input props) with a preview of the chosen file,
 * else of the current picture.
 */
export function ImageField({
  value = null,
  currentUrl,
  ...inputProps
}: FileInputProps & { value?: File | null; currentUrl?: string }) {
  const { t } = useTranslation('cards');
  const { fileSize } = useFormatters();
  const preview = useObjectUrl(value);
  const shown = preview ?? currentUrl;
  return (
    <Group align="flex-start" gap="md" wrap="nowrap">
      <Box
        w={96}
        h={96}
        style={{
          flex: 'none',
          borderRadius: 'var(--mantine-radius-md)',
          overflow: 'hidden',
          background: 'var(--mantine-color-default-hover)',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        {shown ? (
          <Image src={shown} alt={t('cardForm.preview')} w={96} h={96} fit="cover" />
        ) : (
          <IconPhoto size={32} aria-hidden="true" color="var(--mantine-color-dimmed)" />
        )}
      </Box>
      <Box style={{ flex: 1, minWidth: 0 }}>
        <FileInput
          label={t('cardForm.picture')}
          description={t(currentUrl ? 'cardForm.pictureKeep' : 'cardForm.pictureHint', {
            max: megabytes(PICTURE_MAX_BYTES),
          })}
          placeholder={t('cardForm.picturePlaceholder')}
          accept={IMAGE_ACCEPT}
          clearable
          clearButtonProps={{ 'aria-label': t('cardForm.clearFile') }}
          value={value}
          leftSection={<IconPhoto size={18} aria-hidden="true" />}
          {...inputProps}
        />
        {value && (
          <Text size="xs" c="dimmed" mt={4}>
            {t('cardForm.fileSize', { size: fileSize(value.size) })}
          </Text>
        )}
      </Box>
    </Group>
  );
}

/** Side one of a picture or kids card: needed only to add; "save and add another" focuses it again. */
export function PictureSideField({
  card,
  ...input
}: FileInputProps & { value?: File | null; card?: { first_side_thumbnail_url: string } }) {
  return (
    <ImageField currentUrl={card?.first_side_thumbnail_url} required={!card} {...FIRST_SIDE} {...input} />
  );
}
