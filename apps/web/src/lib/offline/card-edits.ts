import { type CardText, type OfflineDb, type QueuedEdit, writing } from './offline-db';

/** A card's sides and tag, as the server compares them (no tag is an empty one). */
export const cardText = (card: {
  first_side: string;
  second_side: string;
  tag?: string | null;
}): CardText => ({
  first_side: card.first_side,
  second_side: card.second_side,
  tag: card.tag ?? '',
});

/**
 * Keeps a card's edit made without the network. A second edit of the same card before it is sent keeps
 * the first one's base: the server compares the card with what the device saw before any of them.
 */
export const queueEdit = (db: OfflineDb, edit: Omit<QueuedEdit, 'theirs'>) =>
  writing(async () => {
    const tx = db.transaction('edits', 'readwrite');
    const earlier = await tx.store.get(edit.card_id);
    await tx.store.put({ ...edit, base: earlier?.base ?? edit.base, theirs: earlier?.theirs ?? null });
    await tx.done;
  });

export const waitingEdits = (db: OfflineDb) => db.getAll('edits');

/** The server refused the edit: the card is `theirs` now. Both stay until the learner chooses. */
export const markConflict = (db: OfflineDb, cardId: number, theirs: CardText) =>
  writing(async () => {
    const edit = await db.get('edits', cardId);
    if (edit) await db.put('edits', { ...edit, theirs });
  });

/** The learner keeps their version: it is sent again on top of the other one. */
export const keepMine = (db: OfflineDb, cardId: number) =>
  writing(async () => {
    const edit = await db.get('edits', cardId);
    if (edit?.theirs) await db.put('edits', { ...edit, base: edit.theirs, theirs: null });
  });

/** The learner keeps the other version (or the edit is done): the device's is forgotten. */
export const dropEdit = (db: OfflineDb, cardId: number) => db.delete('edits', cardId);
