import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { accountDb } from './account-db';
import { forgetCategory, type KeepProgress, keepCategory, keptCategory } from './kept-categories';
import { syncNow } from './sync';

export const keptKey = (categoryId: number) => ['offline', 'kept', categoryId] as const;

/** Wait this long after the page's last change of a card before downloading the category again. */
const REFRESH_DELAY = 500;

const signedInDb = async () => {
  const db = await accountDb();
  if (!db) throw new Error('Not signed in');
  return db;
};

/**
 * Whether a category is kept on this device and its size; keeping or forgetting it, with the download's
 * progress. While it is kept, every card change made on the page downloads it again. Everything here
 * runs on the device, online or not (`networkMode: 'always'`): offline, keeping fails at once and says so.
 */
export function useKeepOffline(categoryId: number) {
  const queryClient = useQueryClient();
  const kept = useQuery({
    queryKey: keptKey(categoryId),
    queryFn: async () => {
      const found = await keptCategory(await signedInDb(), categoryId);
      return found ? { bytes: found.bytes, kept_at: found.kept_at } : null;
    },
    networkMode: 'always',
  });
  const [progress, setProgress] = useState<KeepProgress | null>(null);
  const change = useMutation({
    mutationKey: ['offline', 'keep', categoryId],
    networkMode: 'always',
    mutationFn: async (keep: boolean) => {
      const db = await signedInDb();
      if (keep) {
        await keepCategory(db, categoryId, setProgress);
        // The device learns the day's free limit now, to hold it offline.
        void syncNow();
      } else await forgetCategory(db, categoryId);
    },
    onSettled: () => {
      setProgress(null);
      return queryClient.invalidateQueries({ queryKey: keptKey(categoryId) });
    },
  });

  const isKept = Boolean(kept.data);
  useEffect(() => {
    if (!isKept) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      timer = undefined;
      void signedInDb()
        .then((db) => keepCategory(db, categoryId))
        .then(() => queryClient.invalidateQueries({ queryKey: keptKey(categoryId) }))
        // The copy kept before stays; a full storage is told by the header.
        .catch(() => undefined);
    };
    // A card added, edited or deleted on this page: the page's own saves (not the keeping itself).
    const stop = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      if (event.mutation.options.mutationKey?.[0] === 'offline') return;
      clearTimeout(timer);
      timer = setTimeout(refresh, REFRESH_DELAY);
    });
    return () => {
      stop();
      // Leaving the page right after a change still refreshes the copy.
      if (timer !== undefined) {
        clearTimeout(timer);
        refresh();
      }
    };
  }, [isKept, categoryId, queryClient]);

  return { kept, change, progress };
}
