import { isFormatted } from '@flashcards/contract';
import { Box, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RichText } from './rich-text';

/** How a text is formatted, under the fields of a card or a question (a span: it may be a field's description). */
export function FormattingHelp() {
  const { t } = useTranslation();
  return (
    <Text component="span" display="block" size="xs" c="dimmed">
      {t('richText.help')}
    </Text>
  );
}

/**
 * The formatted texts of a form as they will show, each under its field's name; nothing while every
 * text is plain (a plain text looks as typed).
 */
export function FormattedPreview({ texts }: { texts: { label: string; text: string }[] }) {
  const { t } = useTranslation();
  const shown = texts.filter(({ text }) => isFormatted(text.trim()));
  if (shown.length === 0) return null;
  return (
    <Paper component="section" withBorder radius="md" p="sm" aria-label={t('richText.preview')}>
      <Stack gap="xs">
        {shown.map(({ label, text }) => (
          <Box key={label}>
            <Text size="xs" c="dimmed" fw={700} tt="uppercase">
              {t('richText.previewOf', { side: label })}
            </Text>
            <Box style={{ overflowWrap: 'anywhere' }}>
              <RichText text={text.trim()} />
            </Box>
          </Box>
        ))}
      </Stack>
    </Paper>
  );
}
