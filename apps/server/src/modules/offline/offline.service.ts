import {
  OFFLINE_ANSWER_MAX_AGE_DAYS,
  type OfflineAnswer,
  type OfflineListen,
  scoreFieldOf,
} from '@flashcards/contract';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/access';
import { ApiError } from '../../lib/api-error';
import { type Clock, DAY } from '../../lib/clock';
import type { LearningPathsService } from '../learning-paths/learning-paths.service';
import type { MemoryService } from '../memory/memory.service';
import type { PracticeService } from '../practice/practice.service';
import { reviewGrade } from '../review/review.service';
import * as repo from './offline.repository';

const MAX_AGE_MS = OFFLINE_ANSWER_MAX_AGE_DAYS * DAY;

/**
 * Answers given without the network (docs/design.md, "Offline study"): each counts once, by the id its
 * device made, as if it had been given online at its own time.
 */
export const createOfflineService = ({
  db,
  clock,
  practice,
  memory,
  learningPaths,
}: {
  db: Database;
  clock: Clock;
  practice: PracticeService;
  memory: MemoryService;
  learningPaths: LearningPathsService;
}) => ({
  /**
   * Applies what was not applied before, in the order of the answers' times, in one transaction: the
   * scores, each day's activity, learned cards and completed categories move as the answers would have
   * moved them online; the memory of each card goes back to before its first later answer and is folded
   * again with these in their place. A free account's answers past their day's limit are not counted.
   * Listens of kids cards add to their cards' listens, each once.
   */
  async sync(user: Actor, answers: OfflineAnswer[], listens: OfflineListen[] = []) {
    const now = clock.now();
    const syncedAt = now;
    const statuses = new Map<string, repo.OfflineAnswerStatus>();
    const fresh: repo.OfflineAnswerStatus[] = [];
    if (answers.length > 0 || listens.length > 0)
      await db.transaction(async (tx) => {
        const limited = practice.dailyLimitOf(user) !== null;
        await repo.lockLearner(tx, user.id);
        const sentBefore = await repo.statusesOf(tx, user.id, [
          ...answers.map((answer) => answer.id),
          ...listens.map((listen) => listen.id),
        ]);
        for (const [id, status] of sentBefore) statuses.set(id, status);
        const kinds = await repo.ownCardKinds(tx, user.id, [
          ...answers.filter((answer) => !answer.learning_path).map((answer) => answer.card_id),
          ...listens.map((listen) => listen.card_id),
        ]);
        const pathCards = await learningPaths.ownPathCards(
          tx,
          user.id,
          answers.filter((answer) => answer.learning_path).map((answer) => answer.card_id),
        );
        /** The card whose memory an answer moves: a path answer names its path card. */
        const cardOf = (answer: OfflineAnswer) =>
          answer.learning_path ? pathCards.get(answer.card_id)?.card_id : answer.card_id;
        // New ids only (an id twice in one call counts once), by time. A device clock ahead of the server's
        // does not put answers in the future.
        const seen = new Set(statuses.keys());
        const timed = answers
          .filter((answer) => !seen.has(answer.id) && seen.add(answer.id))
          .map((answer) => {
            const given = new Date(answer.answered_at);
            return { answer, at: given > now ? now : given };
          })
          .sort((a, b) => a.at.getTime() - b.at.getTime());
        const refusal = (answer: OfflineAnswer, at: Date): repo.OfflineAnswerStatus | null => {
          if (now.getTime() - at.getTime() > MAX_AGE_MS) return 'too_old';
          if (answer.learning_path) return pathCards.has(answer.card_id) ? null : 'not_found';
          const kind = kinds.get(answer.card_id);
          return kind === 'text' || kind === 'picture' ? null : 'not_found';
        };

        const earliest = new Map<number, Date>();
        for (const { answer, at } of timed) {
          const cardId = cardOf(answer);
          if (cardId !== undefined && !earliest.has(cardId) && !refusal(answer, at)) earliest.set(cardId, at);
        }
        await memory.rewind(
          tx,
          user.id,
          [...earliest].map(([cardId, at]) => ({ cardId, at })),
        );

        const rows: Parameters<typeof repo.record>[1] = [];
        for (const { answer, at } of timed) {
          const kind = kinds.get(answer.card_id);
          const pathCard = answer.learning_path ? pathCards.get(answer.card_id) : undefined;
          let status = refusal(answer, at);
          if (!status && pathCard) {
            // A path's answers spend no free answers: its statement refuses only a day the path was not
            // running, or a mode it does not study.
            const field = scoreFieldOf(answer.mode, answer.correct);
            const counted = await learningPaths.answerAt(tx, user.id, pathCard, field, at);
            status = counted ? 'counted' : 'not_found';
          } else if (!status && (kind === 'text' || kind === 'picture')) {
            const field = scoreFieldOf(answer.mode, answer.correct);
            const options = {
              at,
              source: answer.review ? ('review' as const) : ('practice' as const),
              grade: answer.review
                ? reviewGrade({ ...answer.review, mode: answer.mode, correct: answer.correct })
                : undefined,
            };
            // Past the limit the statement has raised the score already: a savepoint takes it back. Without
            // a limit nothing is refused, and no savepoint is needed.
            const answering = (within: typeof tx) =>
              practice.answerWithin(within, user, kind, answer.card_id, field, options);
            status = await (limited ? tx.transaction(answering) : answering(tx)).then(
              () => 'counted' as const,
              (error: unknown) => {
                if (error instanceof ApiError && error.statusCode === 403) return 'over_limit' as const;
                throw error;
              },
            );
          }
          status ??= 'not_found';
          statuses.set(answer.id, status);
          fresh.push(status);
          rows.push({ userId: user.id, id: answer.id, status, answeredAt: at, syncedAt });
        }

        const listened: number[] = [];
        for (const listen of listens) {
          if (seen.has(listen.id)) continue;
          seen.add(listen.id);
          const given = new Date(listen.listened_at);
          const at = given > now ? now : given;
          const status =
            now.getTime() - at.getTime() > MAX_AGE_MS
              ? 'too_old'
              : kinds.get(listen.card_id) === 'kids'
                ? 'counted'
                : 'not_found';
          if (status === 'counted') listened.push(listen.card_id);
          statuses.set(listen.id, status);
          rows.push({ userId: user.id, id: listen.id, status, answeredAt: at, syncedAt });
        }
        await practice.addListensWithin(tx, listened);
        await repo.record(tx, rows);
        await memory.fold(user.id, tx);
      });
    return {
      results: [...answers, ...listens].map((sent) => ({
        id: sent.id,
        status: statuses.get(sent.id) ?? 'not_found',
      })),
      counted: fresh.filter((status) => status === 'counted').length,
      overLimit: fresh.filter((status) => status === 'over_limit').length,
      answersLeftToday: await practice.answersLeftToday(user),
      dailyLimit: practice.dailyLimitOf(user),
    };
  },

  /** Forgets the ids of answers too old to be counted anyway (the daily job). */
  forgetOldAnswers() {
    return repo.forgetBefore(db, new Date(clock.now().getTime() - MAX_AGE_MS - DAY));
  },
});

export type OfflineService = ReturnType<typeof createOfflineService>;
