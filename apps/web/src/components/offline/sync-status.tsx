import { Badge, Box, Button, Group, Loader } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCloudCheck, IconCloudOff, IconCloudUp, IconGitCompare } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { currentUserQuery } from '../../lib/current-user';
import { useFormatters } from '../../lib/format';
import { offlineDb } from '../../lib/offline/offline-db';
import { signedInUserId } from '../../lib/offline/reads';
import { dismissStorageFull, startOfflineSync, syncStore } from '../../lib/offline/sync';
import classes from './sync-status.module.css';

const ConflictsModal = lazy(() =>
  import('./conflicts-modal').then((module) => ({ default: module.ConflictsModal })),
);

/** Starts syncing for the signed-in account while the shell shows, and refreshes what a sync changed. */
function useOfflineSync() {
  const queryClient = useQueryClient();
  const userId = signedInUserId();
  useEffect(() => {
    if (userId === null) return;
    return startOfflineSync({
      userId,
      // Read when needed: the account arrives after the shell, and a change of zone needs no restart.
      timeZone: () =>
        queryClient.getQueryData(currentUserQuery.queryKey)?.time_zone ??
        Intl.DateTimeFormat().resolvedOptions().timeZone,
      // The kept categories a sync changed take the scores and review the server now has; those kept
      // longer ago than a day take what other devices changed.
      refreshKept: (categoryIds) =>
        import('../../lib/offline/kept-categories')
          .then(async ({ refreshKept, staleKept }) => {
            const db = await offlineDb(userId);
            await refreshKept(db, [...categoryIds, ...(await staleKept(db))]);
          })
          .catch(() => undefined),
      synced: () => queryClient.invalidateQueries(),
    });
  }, [userId, queryClient]);
}

/**
 * The header's sync status: offline, answers and edits waiting on this device, syncing, synced; cards
 * changed on two devices (opening the choice between them); a full storage, once.
 */
export function SyncStatus() {
  const { t } = useTranslation('shell');
  const { number } = useFormatters();
  useOfflineSync();
  const state = useSyncExternalStore(syncStore.subscribe, syncStore.get);
  const [choosing, setChoosing] = useState(false);

  useEffect(() => {
    if (!state.synced || state.synced.counted + state.synced.overLimit === 0) return;
    const { counted, overLimit } = state.synced;
    notifications.show({
      title: t('sync.doneTitle'),
      message: [
        t('sync.counted', { count: counted, formatted: number(counted) }),
        overLimit > 0 ? t('sync.overLimit', { count: overLimit, formatted: number(overLimit) }) : '',
      ].join(' '),
      color: overLimit > 0 ? 'yellow' : 'teal',
    });
  }, [state.synced, t, number]);

  useEffect(() => {
    if (!state.storageFull) return;
    notifications.show({
      title: t('sync.fullTitle'),
      message: t('sync.full'),
      color: 'red',
      autoClose: false,
      onClose: dismissStorageFull,
    });
  }, [state.storageFull, t]);

  const waiting = t('sync.waiting', { count: state.waiting, formatted: number(state.waiting) });
  const status = !state.online
    ? { icon: <IconCloudOff size={16} aria-hidden="true" />, color: 'gray', label: t('sync.offline') }
    : state.syncing
      ? { icon: <Loader size={12} aria-hidden="true" />, color: 'blue', label: t('sync.syncing') }
      : state.waiting > 0
        ? { icon: <IconCloudUp size={16} aria-hidden="true" />, color: 'yellow', label: waiting }
        : { icon: <IconCloudCheck size={16} aria-hidden="true" />, color: 'teal', label: t('sync.synced') };

  const label = `${status.label}${!state.online && state.waiting > 0 ? ` · ${waiting}` : ''}`;
  const conflicts = t('sync.conflicts', { count: state.conflicts, formatted: number(state.conflicts) });
  // On a phone the top bar has room for the icons only: the words stay the elements' names.
  return (
    <Group gap={6} wrap="nowrap">
      <Badge
        role="status"
        aria-label={label}
        variant="light"
        color={status.color}
        leftSection={status.icon}
        size="lg"
        className={classes.state}
      >
        <Box component="span" visibleFrom="sm">
          {label}
        </Box>
      </Badge>
      {state.conflicts > 0 && (
        <Button
          size="compact-sm"
          color="orange"
          variant="light"
          aria-label={conflicts}
          leftSection={<IconGitCompare size={16} aria-hidden="true" />}
          className={classes.state}
          onClick={() => setChoosing(true)}
        >
          <Box component="span" visibleFrom="sm">
            {conflicts}
          </Box>
        </Button>
      )}
      {choosing && (
        <Suspense fallback={null}>
          <ConflictsModal opened onClose={() => setChoosing(false)} />
        </Suspense>
      )}
    </Group>
  );
}
