import type { AiTaskStatus } from '@flashcards/contract';
import { Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';

/** A running generation: what it is doing, polled every 2 seconds, and that the page may be left. */
export function GenerationProgress({
  status,
  pollError,
  headingId,
}: {
  status: AiTaskStatus | undefined;
  pollError: unknown;
  headingId: string;
}) {
  const { t } = useTranslation(['ai', 'common']);
  const offline = pollError instanceof ApiError && pollError.status === 0;
  return (
    <Stack align="center" ta="center" gap="sm" py="lg" aria-busy="true">
      <Loader size="lg" type="dots" aria-hidden="true" />
      <Title order={2} size="h3" id={headingId} tabIndex={-1} data-panel-heading>
        {t('progress.title')}
      </Title>
      <Text role="status" fw={500}>
        {status === 'STARTED' ? t('progress.started') : t('progress.pending')}
      </Text>
      <Text size="sm" c="dimmed" maw={480}>
        {t('progress.hint')}
      </Text>
      {pollError ? (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {offline ? t('progress.offline') : t('progress.pollFailed')}
        </Text>
      ) : null}
    </Stack>
  );
}
