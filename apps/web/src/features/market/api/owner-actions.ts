import { type MarketLanguage, type MarketTopic, marketRoutes } from '@flashcards/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deckKeys } from '../../../lib/deck-keys';
import { marketKeys } from './market-keys';

export type PublishValues = {
  name: string;
  description: string;
  language: MarketLanguage;
  topic: MarketTopic;
};

/** Offers my category to the catalog: it waits for the staff's review. */
export const publishCategory = ({ id, ...body }: PublishValues & { id: number }) =>
  api.call(marketRoutes.publish, { params: { id }, body: { ...body, market_accessible: true } });

/** Takes my category off the catalog. */
export const unpublishCategory = (id: number) =>
  api.call(marketRoutes.publish, { params: { id }, body: { market_accessible: false } });

const useRefreshing = <T, R>(mutationFn: (value: T) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: deckKeys.all }),
        queryClient.invalidateQueries({ queryKey: marketKeys.all }),
      ]),
  });
};

export const usePublishCategory = () => useRefreshing(publishCategory);
export const useUnpublishCategory = () => useRefreshing(unpublishCategory);

/** My adopted copy: whether the author's newer approved version is there, and what it changes. */
export const getAdoptedUpdate = (id: number, signal?: AbortSignal) =>
  api.call(marketRoutes.adoptedUpdate, { params: { id }, signal });

export const useAdoptedUpdate = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: marketKeys.adoptedUpdate(id),
    queryFn: ({ signal }) => getAdoptedUpdate(id, signal),
    enabled,
  });

/** Brings the newer version into my copy. */
export const applyAdoptedUpdate = (id: number) =>
  api.call(marketRoutes.applyAdoptedUpdate, { params: { id } });

export const useApplyAdoptedUpdate = () => useRefreshing(applyAdoptedUpdate);
