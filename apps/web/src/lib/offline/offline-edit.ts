import type { PictureCard, TextCard } from '@flashcards/contract';
import { accountDb } from './account-db';
import { cardText, queueEdit } from './card-edits';

import { keptCategory, updateKeptCard } from './kept-categories';
import type { CardText } from './offline-db';
import { recount, syncNow } from './sync';

/** What became of an edit the network could not take. */
export type OfflineEditOutcome = 'saved' | 'not-kept' | 'new-picture';

/**
 * Keeps an edit made without the network on the device, when the card's category is kept there: queued
 * with the card as the form loaded it (`card`), and shown at once in the kept copy that practice reads.
 * The sync sends it once the network is back. A new picture cannot wait on the device: only the text can.
 */
export async function editOffline({
  kind,
  card,
  change,
  newPicture = false,
}: {
  kind: 'text' | 'picture';
  card: TextCard | PictureCard;
  change: CardText;
  newPicture?: boolean;
}): Promise<OfflineEditOutcome> {
  const db = await accountDb();
  if (!db || !(await keptCategory(db, card.category))) return 'not-kept';
  if (newPicture) return 'new-picture';
  await queueEdit(db, {
    card_id: card.id,
    kind,
    category_id: card.category,
    base: cardText(card),
    change,
    edited_at: new Date().toISOString(),
  });
  await updateKeptCard(db, card.category, card.id, change);
  await recount();
  void syncNow();
  return 'saved';
}
