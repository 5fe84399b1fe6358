import type { Category } from '@flashcards/contract';
import { Loader, Progress, Stack, Switch, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/format';
import { useKeepOffline } from '../../lib/offline/use-keep-offline';
import { useOfflineErrorText } from './offline-error-text';

/**
 * "Keep offline" for a category: the category, its cards, pictures and sounds downloaded to the device for
 * studying without the network, with their size once kept and the download's progress when
 * it takes more than a second.
 */
export function KeepOfflineSwitch({ category }: { category: Category }) {
  const { t } = useTranslation('cards');
  const { fileSize, percent } = useFormatters();
  const errorText = useOfflineErrorText();
  const { kept, change, progress } = useKeepOffline(category.id);
  const [slow] = useDebouncedValue(change.isPending, 1000);
  const busy = change.isPending;
  // The switch moves at once, in the render of the click, rather than after the change is under way.
  const [asked, setAsked] = useState<boolean | null>(null);
  const checked = asked ?? (busy ? change.variables : Boolean(kept.data));
  const toggle = (keep: boolean) => {
    if (busy) return;
    setAsked(keep);
    change.mutate(keep, { onSettled: () => setAsked(null) });
  };
  // Whole percents: the text changes less often for a screen reader.
  const share = progress && progress.total > 0 ? Math.floor((progress.done / progress.total) * 100) / 100 : 0;

  return (
    <Stack gap={6} maw={420}>
      <Switch
        label={t('offline.keep')}
        checked={checked}
        // Not disabled while busy, which would take the keyboard's focus away: a click then changes nothing.
        onChange={(event) => toggle(event.currentTarget.checked)}
        aria-busy={busy || undefined}
        thumbIcon={busy ? <Loader size={10} aria-hidden="true" /> : undefined}
        description={kept.data && !busy ? t('offline.size', { size: fileSize(kept.data.bytes) }) : undefined}
        error={change.isError ? <span role="alert">{errorText(change.error)}</span> : undefined}
      />
      {busy && slow && change.variables && (
        <Stack gap={4}>
          <Progress value={share * 100} size="sm" aria-label={t('offline.downloadProgress')} />
          <Text size="xs" c="dimmed" role="status">
            {t('offline.downloading', { percent: percent(share) })}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
