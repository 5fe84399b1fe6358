import {
  type AnswerOutcome,
  type PictureCard,
  type PracticeMode,
  type ScoreField,
  scoreFieldOf,
  systemRoutes,
  type TextCard,
} from '@flashcards/contract';
import { ApiError, api } from '../api-client';
import { accountDb } from './account-db';
import { queueAnswer, unqueueAnswer } from './answer-queue';
import { writing } from './offline-db';
import { recount, syncNow } from './sync';

type Card = TextCard | PictureCard;

/** The server's threshold when the device has never read the site's settings (its default). */
const DEFAULT_LEARNED_THRESHOLD = 10;

const learnedThreshold = () =>
  api.call(systemRoutes.site).then(
    (site) => site.learned_threshold,
    () => DEFAULT_LEARNED_THRESHOLD,
  );

const rightField = (mode: PracticeMode): ScoreField => scoreFieldOf(mode, true);

/**
 * A kept category's cards the server would deal: those not learned in the mode, with the tags asked for.
 * Null when the category is not kept on this device.
 */
export const keptDeck = async (
  categoryId: number,
  filter: { tags: string[]; type: PracticeMode },
): Promise<Card[] | null> => {
  const db = await accountDb();
  const kept = db && (await db.get('kept', categoryId));
  if (!kept) return null;
  const threshold = await learnedThreshold();
  const field = rightField(filter.type);
  return kept.cards.filter(
    (card) => card[field] < threshold && (filter.tags.length === 0 || filter.tags.includes(card.tag ?? '')),
  );
};

/** The last answer kept on the device in each practice session, which undo takes back. */
const lastKept = new Map<string, { id: string; cardId: number; categoryId: number; field: ScoreField }>();

/**
 * An answer given without the network: kept on the device with its time and a new id (sent when the
 * network returns), the kept category's card moved as the server will move it, and what it did
 * (learned, completed) worked out the same way. 403 `daily_limit_exceeded` once the day's free answers
 * are spent, as online.
 */
export const answerOffline = async ({
  kind,
  categoryId,
  card,
  mode,
  correct,
  session,
  review,
}: {
  kind: 'text' | 'picture';
  categoryId: number;
  card: Card;
  mode: PracticeMode;
  correct: boolean;
  session: string;
  /** A spaced review's answer, with the seconds it took (they decide Hard and Easy). */
  review?: { seconds?: number };
}): Promise<Card & AnswerOutcome & { savedOnDevice: true }> => {
  const db = await accountDb();
  if (!db) throw new ApiError(401, null);
  const field = scoreFieldOf(mode, correct);
  const id = crypto.randomUUID();
  const left = await queueAnswer(db, {
    id,
    card_id: card.id,
    category_id: categoryId,
    kind,
    mode,
    correct,
    answered_at: new Date().toISOString(),
    ...(review && { review }),
  });
  if (left === false) throw new ApiError(403, { detail: '', code: 'daily_limit_exceeded' });
  lastKept.set(session, { id, cardId: card.id, categoryId, field });

  const threshold = await learnedThreshold();
  const kept = await db.get('kept', categoryId);
  const before = kept?.cards.find((keptCard) => keptCard.id === card.id) ?? card;
  const answered = { ...before, [field]: before[field] + 1 };
  let completedCategory = false;
  if (kept) {
    const cards = kept.cards.map((keptCard) => (keptCard.id === card.id ? answered : keptCard));
    await writing(() => db.put('kept', { ...kept, cards }));
    completedCategory =
      correct && answered[field] === threshold && cards.every((keptCard) => keptCard[field] >= threshold);
  }
  void recount();
  // The server may be back already (a moment's drop): try at once.
  if (navigator.onLine) void syncNow();
  return {
    ...answered,
    learned: correct && answered[field] === threshold,
    completed_category: completedCategory,
    answers_left_today: left,
    savedOnDevice: true,
  };
};

/** A session's later answer reached the server: undo is the server's again. */
export const answeredOnline = (session: string) => lastKept.delete(session);

/** Takes back the session's last answer when it is still on the device; false when it is not. */
export const undoOffline = async (session: string) => {
  const last = lastKept.get(session);
  const db = await accountDb();
  if (!last || !db) return false;
  lastKept.delete(session);
  if (!(await unqueueAnswer(db, last.id))) return false;
  const kept = await db.get('kept', last.categoryId);
  if (kept) {
    const cards = kept.cards.map((card) =>
      card.id === last.cardId ? { ...card, [last.field]: Math.max(0, card[last.field] - 1) } : card,
    );
    await db.put('kept', { ...kept, cards });
  }
  void recount();
  return true;
};
