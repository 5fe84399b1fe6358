import type { Paginated, PictureCard, TextCard } from '@flashcards/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, isUnreachable } from '../../../lib/api-client';
import { deckKeys } from '../../../lib/deck-keys';
import { type CardText, isStorageFull } from '../../../lib/offline/offline-db';
import { editOffline } from '../../../lib/offline/offline-edit';
import { useSuccessToast } from '../../../lib/use-success-toast';
import type { AnyCard } from '../api/get-cards';
import type { SaveHandlers } from './card-entry';

/**
 * An edit the network could not take is kept on the device when the card's category is kept there: the
 * form closes saying so, and the cards listed show the new text. Wraps the update's handlers; any other
 * failure (or a category not kept) goes to the form as before. A new picture cannot wait on the device.
 */
export function useOfflineEdit(
  kind: 'text' | 'picture',
  card: TextCard | PictureCard | undefined,
  onDone: () => void,
) {
  const { t } = useTranslation('cards');
  const toast = useSuccessToast();
  const queryClient = useQueryClient();

  const showEdited = (edited: TextCard | PictureCard, change: CardText) =>
    queryClient.setQueriesData<Paginated<AnyCard>>(
      { queryKey: deckKeys.cardPages(edited.category) },
      (page) =>
        page && {
          ...page,
          results: page.results.map((shown) =>
            shown.id === edited.id
              ? {
                  ...shown,
                  ...(kind === 'text' ? { first_side: change.first_side } : {}),
                  second_side: change.second_side,
                  tag: change.tag,
                }
              : shown,
          ),
        },
    );

  const keepOnDevice = async (edited: TextCard | PictureCard, change: CardText, newPicture: boolean) => {
    try {
      return await editOffline({ kind, card: edited, change, newPicture });
    } catch (error) {
      if (isStorageFull(error)) throw new ApiError(0, { detail: t('offline.full') });
      throw error;
    }
  };

  return (change: CardText, handlers: SaveHandlers, { newPicture = false } = {}): SaveHandlers => ({
    onSuccess: handlers.onSuccess,
    onError: (error) => {
      if (!card || !isUnreachable(error)) return handlers.onError(error);
      keepOnDevice(card, change, newPicture).then(
        (outcome) => {
          if (outcome === 'not-kept') return handlers.onError(error);
          if (outcome === 'new-picture')
            return handlers.onError(new ApiError(0, { first_side: [t('offline.pictureNeedsNetwork')] }));
          showEdited(card, change);
          toast(t('offline.savedOnDevice'));
          onDone();
        },
        (problem: Error) => handlers.onError(problem),
      );
    },
  });
}
