import type { learningPathBody } from '@flashcards/contract';
import {
  LEARNING_PATH_DEFAULT_LEARNED_VOLUME,
  REACHED_PEOPLE_SEARCH_LIMIT,
  type ScoreField,
} from '@flashcards/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { type Actor, authorize } from '../../lib/access';
import { invalid, notFound, permissionDenied } from '../../lib/api-error';
import { type Clock, dayIn } from '../../lib/clock';
import type { Entitlements } from '../../lib/entitlements';
import type { SignedIn } from '../../lib/routes';
import type { UsersService } from '../users/users.service';
import { learningPathPolicy as policy } from './learning-paths.policy';
import * as repo from './learning-paths.repository';

type PathInput = z.output<typeof learningPathBody>;

export const createLearningPathsService = ({
  db,
  clock,
  entitlements,
  users,
}: {
  db: Database;
  clock: Clock;
  entitlements: Entitlements;
  users: UsersService;
}) => {
  const mayUse = (actor: Actor) => authorize(actor, policy.use, actor);
  /** Today in the account's own time zone: a student's path days are theirs. */
  const today = (actor: Actor) => dayIn(actor.timeZone, clock.now());
  const answerStatements = repo.prepareAnswers(db);

  /** The refusal of a deck or an answer outside the path's days, or in a mode it does not study. */
  const assertOpen = (path: repo.PathTerms, mode: repo.Mode, day: string) => {
    if (!(mode === 'verbal' ? path.verbal : path.typing)) throw permissionDenied(`learning_path_no_${mode}`);
    if (day < path.start_at || day > path.end_at)
      throw permissionDenied('learning_path_closed', { start: path.start_at, end: path.end_at });
  };

  return {
    async page(actor: Actor, filter: Omit<repo.PathListFilter, 'userId' | 'today'>) {
      mayUse(actor);
      return repo.pathsPage(db, { ...filter, userId: actor.id, today: today(actor) });
    },

    /**
     * Creates one path per entry for the students the requester reaches, all in one transaction; the
     * others come back as skipped. A category that is not the requester's text or picture category, or a
     * student named twice, refuses the whole call.
     */
    async create(actor: Actor, paths: PathInput[]) {
      mayUse(actor);
      const seen = new Set<number>();
      const errors: Record<string, string> = {};
      paths.forEach((path, index) => {
        if (seen.has(path.assigned_user)) errors[`${index}.assigned_user`] = 'learning_path_student_twice';
        seen.add(path.assigned_user);
      });
      if (Object.keys(errors).length > 0) throw invalid(errors);
      return db.transaction(async (tx) => {
        const categoryIds = [...new Set(paths.map((path) => path.category))];
        const [categories, reached] = await Promise.all([
          repo.ownCategories(tx, actor.id, categoryIds),
          users.reachedAmong(tx, actor.id, [...seen]),
        ]);
        const studied = new Set(
          categories.filter((category) => category.type_of_cards !== 'kids').map((category) => category.id),
        );
        paths.forEach((path, index) => {
          if (!studied.has(path.category)) errors[`${index}.category`] = 'learning_path_category';
        });
        if (Object.keys(errors).length > 0) throw invalid(errors);
        const allowed = new Set(reached);
        const skipped: { assigned_user: number; reason: 'self' | 'not_reached' }[] = [];
        const rows: repo.PathInsert[] = [];
        const now = clock.now();
        for (const path of paths) {
          if (path.assigned_user === actor.id)
            skipped.push({ assigned_user: path.assigned_user, reason: 'self' });
          else if (!allowed.has(path.assigned_user))
            skipped.push({ assigned_user: path.assigned_user, reason: 'not_reached' });
          else
            rows.push({
              name: path.name,
              createdById: actor.id,
              assignedUserId: path.assigned_user,
              categoryId: path.category,
              tags: [...new Set(path.category_tags)],
              startAt: path.start_at,
              endAt: path.end_at,
              dailyFlipTarget: path.daily_cards_flip_target,
              dailyLearnTarget: path.daily_cards_learn_target,
              deckSize: path.flip_cards_volume,
              learnedVolumeVerbal: path.learned_card_volume_verbal ?? LEARNING_PATH_DEFAULT_LEARNED_VOLUME,
              learnedVolumeTyping: path.learned_card_volume_typing ?? LEARNING_PATH_DEFAULT_LEARNED_VOLUME,
              verbal: path.learning_type_verbal,
              typing: path.learning_type_typing,
              createdAt: now,
            });
        }
        if (rows.length > 0 && entitlements.limited(actor, now)) {
          // A free account's active paths are counted by category: one category given to a class is one.
          await users.lockAccount(tx, actor.id);
          const day = today(actor);
          const active = new Set(await repo.activePathCategories(tx, actor.id, day));
          for (const row of rows) if (row.endAt >= day) active.add(row.categoryId);
          entitlements.assertFreeLimit('paths', active.size);
        }
        const created = rows.length > 0 ? await repo.insertPaths(tx, rows) : [];
        return { created, skipped };
      });
    },

    /** A path with its days: for its teacher (`teacherOnly`) or for its teacher and its student. */
    async progress(actor: Actor, id: number, teacherOnly: boolean) {
      mayUse(actor);
      const path = authorize(
        actor,
        teacherOnly ? policy.teach : policy.follow,
        await repo.findPath(db, id, today(actor)),
      );
      return { path, progress: await repo.progressOf(db, path.id) };
    },

    async remove(actor: Actor, id: number) {
      mayUse(actor);
      const path = authorize(actor, policy.teach, await repo.findPathTerms(db, id));
      await repo.deletePath(db, path.id);
    },

    async deck(actor: Actor, kind: 'text' | 'picture', id: number, mode: repo.Mode) {
      mayUse(actor);
      const day = today(actor);
      const path = authorize(actor, policy.study, await repo.findPathTerms(db, id));
      if (path.type_of_cards !== kind) throw notFound();
      assertOpen(path, mode, day);
      return repo.deckOf(db, { id: path.id, deckSize: path.deck_size }, mode);
    },

    /**
     * One answer. The statement checks the account itself, so an accepted answer costs it alone; only a
     * refused one loads the account to say why.
     */
    async answer(signedIn: SignedIn, kind: 'text' | 'picture', rowId: number, field: ScoreField) {
      const now = clock.now();
      const answered = await repo.answer(answerStatements, {
        rowId,
        userId: signedIn.id,
        tokenVersion: signedIn.version,
        kind,
        column: field,
        now,
      });
      if (answered) return answered;
      const actor = await signedIn.actor();
      const day = dayIn(actor.timeZone, now);
      mayUse(actor);
      const pathId = await repo.pathOfRow(db, rowId);
      const path = authorize(
        actor,
        policy.study,
        pathId === undefined ? undefined : await repo.findPathTerms(db, pathId),
      );
      if (path.type_of_cards !== kind) throw notFound();
      assertOpen(path, field.endsWith('_typing') ? 'typing' : 'verbal', day);
      throw notFound();
    },

    async people(actor: Actor, search: string) {
      mayUse(actor);
      return users.reachedPeople(actor.id, search, REACHED_PEOPLE_SEARCH_LIMIT);
    },
  };
};

export type LearningPathsService = ReturnType<typeof createLearningPathsService>;
