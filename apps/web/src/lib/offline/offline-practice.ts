import {
  type AnswerOutcome,
  type KidsCard,
  type PictureCard,
  type PracticeMode,
  type ReviewSession,
  type ScoreField,
  scoreFieldOf,
  systemRoutes,
  type TextCard,
} from '@flashcards/contract';
import { ApiError, api } from '../api-client';
import { localToday } from '../calendar-day';
import { accountDb } from './account-db';
import { leftOn, queueAnswer, queueListen, unqueueAnswer } from './answer-queue';
import { isKidsCard, type KeptCard, type KeptCategory, writing } from './offline-db';
import { recount, syncNow } from './sync';

type Card = TextCard | PictureCard;

/** The text and picture cards of a kept category, as practice deals them. */
const studyCards = (kept: KeptCategory): Card[] =>
  kept.cards.filter((card): card is Card => !isKidsCard(card));

/** A kept category's cards with one card's score moved by `by` in `field`. */
const withScore = (cards: KeptCard[], cardId: number, field: ScoreField, by: number) =>
  cards.map((card) =>
    card.id === cardId && !isKidsCard(card) ? { ...card, [field]: Math.max(0, card[field] + by) } : card,
  );

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
  return studyCards(kept).filter(
    (card) => card[field] < threshold && (filter.tags.length === 0 || filter.tags.includes(card.tag ?? '')),
  );
};

/**
 * A kept category's spaced review as the server last dealt it, less the cards answered on this device
 * since, with what is left of today's free answers as the device holds it. Null when the category is not
 * kept with its review.
 */
export const keptReview = async (categoryId: number): Promise<ReviewSession | null> => {
  const db = await accountDb();
  const session = db && (await db.get('kept', categoryId))?.review;
  if (!session) return null;
  const facts = await db.get('facts', 'limit');
  const left = facts ? leftOn(facts, localToday(new Date(), facts.timeZone)) : session.answers_left_today;
  return { ...session, answers_left_today: left };
};

/** A kept kids category's cards, oldest first as online; null when it is not kept. */
export const keptKidsDeck = async (categoryId: number): Promise<KidsCard[] | null> => {
  const db = await accountDb();
  const kept = db && (await db.get('kept', categoryId));
  if (!kept) return null;
  // The kept pages list the newest first.
  return kept.cards
    .filter(isKidsCard)
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
};

/**
 * A kids card listened to without the network: kept on the device (sent when the network returns) and
 * counted on the kept copy, as the server will count it.
 */
export const listenOffline = async (card: KidsCard): Promise<KidsCard> => {
  const db = await accountDb();
  if (!db) throw new ApiError(401, null);
  await queueListen(db, {
    id: crypto.randomUUID(),
    card_id: card.id,
    category_id: card.category,
    kind: 'kids',
    answered_at: new Date().toISOString(),
  });
  const kept = await db.get('kept', card.category);
  const before = kept?.cards.find((keptCard) => keptCard.id === card.id);
  const listened = { ...(before && isKidsCard(before) ? before : card) };
  listened.listen_counts += 1;
  if (kept)
    await writing(() =>
      db.put('kept', {
        ...kept,
        cards: kept.cards.map((keptCard) => (keptCard.id === card.id ? listened : keptCard)),
      }),
    );
  void recount();
  if (navigator.onLine) void syncNow();
  return listened;
};

/**
 * The kept review without a card just answered: any answer, practice or review, in either mode, moves
 * the card's one memory (online it would be scheduled anew), so the device does not deal it again.
 */
const withoutAnswered = (session: ReviewSession | undefined, cardId: number) => {
  const answered = session?.cards.find((dealt) => dealt.card.id === cardId);
  if (!session || !answered) return session;
  return {
    ...session,
    cards: session.cards.filter((dealt) => dealt !== answered),
    due_cards_len: Math.max(0, session.due_cards_len - (answered.state === 'new' ? 0 : 1)),
    new_cards_left_today: Math.max(0, session.new_cards_left_today - (answered.state === 'new' ? 1 : 0)),
  };
};

/** The last answer kept on the device in each practice session, which undo takes back. */
const lastKept = new Map<
  string,
  { id: string; cardId: number; categoryId: number | null; field: ScoreField }
>();

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
  learningPath = false,
}: {
  kind: 'text' | 'picture';
  categoryId: number;
  card: Card;
  mode: PracticeMode;
  correct: boolean;
  session: string;
  /** A spaced review's answer, with the seconds it took (they decide Hard and Easy). */
  review?: { seconds?: number };
  /** A learning path's answer: `card` is the path's card (its own id and scores), of no kept category. */
  learningPath?: boolean;
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
    ...(learningPath && { learning_path: true as const }),
  });
  if (left === false) throw new ApiError(403, { detail: '', code: 'daily_limit_exceeded' });
  lastKept.set(session, { id, cardId: card.id, categoryId: learningPath ? null : categoryId, field });

  const threshold = await learnedThreshold();
  const kept = learningPath ? undefined : await db.get('kept', categoryId);
  const before = (kept && studyCards(kept).find((keptCard) => keptCard.id === card.id)) ?? card;
  const answered = { ...before, [field]: before[field] + 1 };
  let completedCategory = false;
  if (kept) {
    const cards = withScore(kept.cards, card.id, field, 1);
    await writing(() => db.put('kept', { ...kept, cards, review: withoutAnswered(kept.review, card.id) }));
    completedCategory =
      correct &&
      answered[field] === threshold &&
      studyCards({ ...kept, cards }).every((keptCard) => keptCard[field] >= threshold);
  }
  void recount();
  // The server may be back already (a moment's drop): try at once.
  if (navigator.onLine) void syncNow();
  return {
    ...answered,
    // A path's card is learned by the path's volume, which the server tells when the answer is sent.
    learned: !learningPath && correct && answered[field] === threshold,
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
  const kept = last.categoryId === null ? undefined : await db.get('kept', last.categoryId);
  if (kept) await db.put('kept', { ...kept, cards: withScore(kept.cards, last.cardId, last.field, -1) });
  void recount();
  return true;
};
