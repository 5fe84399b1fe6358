import { dropEdit, keepMine, waitingEdits } from './card-edits';
import { updateKeptCard } from './kept-categories';
import type { CardText, OfflineDb, QueuedEdit } from './offline-db';
import { recount, syncNow } from './sync';

/** A card changed on this device and elsewhere: both versions, until the learner chooses. */
export type Conflict = QueuedEdit & { theirs: CardText };

export const conflictsOf = async (db: OfflineDb): Promise<Conflict[]> =>
  (await waitingEdits(db)).filter((edit): edit is Conflict => edit.theirs !== null);

/** The learner keeps this device's version: it is sent again, on top of the other one. */
export async function chooseMine(db: OfflineDb, conflict: Conflict) {
  await keepMine(db, conflict.card_id);
  await recount();
  void syncNow();
}

/** The learner keeps the other version: this device's is forgotten, and the kept copy shows the other. */
export async function chooseTheirs(db: OfflineDb, conflict: Conflict) {
  await dropEdit(db, conflict.card_id);
  await updateKeptCard(db, conflict.category_id, conflict.card_id, conflict.theirs);
  await recount();
}
