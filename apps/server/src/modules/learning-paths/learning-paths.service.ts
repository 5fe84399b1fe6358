import type { learningPathBody, PathTest, pathTestBody } from '@flashcards/contract';
import {
  LEARNING_PATH_DEFAULT_LEARNED_VOLUME,
  REACHED_PEOPLE_SEARCH_LIMIT,
  type ScoreField,
} from '@flashcards/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { type Actor, authorize, rules } from '../../lib/access';
import { conflict, invalid, notFound, permissionDenied } from '../../lib/api-error';
import { type Clock, DAY, dayIn } from '../../lib/clock';
import type { Entitlements } from '../../lib/entitlements';
import type { SignedIn } from '../../lib/routes';
import type { ExamsService } from '../exams/exams.service';
import type { UsersService } from '../users/users.service';
import { learningPathPolicy as policy } from './learning-paths.policy';
import * as repo from './learning-paths.repository';

type PathInput = z.output<typeof learningPathBody>;
type TestInput = z.output<typeof pathTestBody>;

/** How long after the path's last day its test may still end. */
const TEST_DAYS_AFTER_PATH = 30;
/** The day of a moment as the client wrote it (in its own offset): the teacher's day. */
const writtenDay = (moment: string) => moment.slice(0, 10);
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/**
 * The field errors of a path's test dates (docs/api.md "School area"): from the path's first day to 30
 * days after its last, in the teacher's own days, and ending in the future.
 */
const testDateErrors = (
  input: { start_test_at?: string | null; end_test_at?: string | null },
  path: { start_at: string; end_at: string },
  now: Date,
): Record<string, string> => {
  if (!input.start_test_at || !input.end_test_at) return {};
  const errors: Record<string, string> = {};
  if (writtenDay(input.start_test_at) < path.start_at)
    errors.start_test_at = 'learning_path_test_start_before_path';
  if (writtenDay(input.end_test_at) > addDays(path.end_at, TEST_DAYS_AFTER_PATH))
    errors.end_test_at = 'learning_path_test_end_too_late';
  else if (Date.parse(input.end_test_at) <= now.getTime()) errors.end_test_at = 'exam_end_in_past';
  return errors;
};

const at = (value: Date | string) => new Date(value);

/**
 * The window of a path's test at `now`: it ends at `end_test_at`, else with the path's last day; it is
 * open from `start_test_at`, or earlier once the targets are met (docs/api.md "School area").
 */
export const testWindow = (
  path: {
    start_test_at: Date | string | null;
    end_test_at: Date | string | null;
    path_ends_at: Date | string;
    verbal: boolean;
    typing: boolean;
    completed_verbal: boolean;
    completed_typing: boolean;
  },
  now: Date,
) => {
  const targetsMet = (!path.verbal || path.completed_verbal) && (!path.typing || path.completed_typing);
  const opensAt = path.start_test_at === null ? null : at(path.start_test_at);
  const endsAt = at(path.end_test_at ?? path.path_ends_at);
  const started = targetsMet || (opensAt !== null && opensAt.getTime() <= now.getTime());
  const over = now.getTime() >= endsAt.getTime();
  return { targetsMet, opensAt, endsAt, open: started && !over, over };
};

export const createLearningPathsService = ({
  db,
  clock,
  entitlements,
  users,
  exams,
}: {
  db: Database;
  clock: Clock;
  entitlements: Entitlements;
  users: UsersService;
  exams: ExamsService;
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

  /** The test of a path with its window and the student's exam, as its progress shows it. */
  const testState = async (path: repo.PathRow): Promise<PathTest | null> => {
    if (path.test_id === null) return null;
    const now = clock.now();
    const [test, [exam]] = await Promise.all([
      exams.pathTestInfo(path.test_id),
      exams.pathExams(path.exam_id === null ? [] : [path.exam_id]),
    ]);
    if (!test) return null;
    const window = testWindow(path, now);
    const status: PathTest['status'] = exam
      ? exam.status === 'completed'
        ? 'completed'
        : exam.status === 'missed'
          ? 'missed'
          : 'open'
      : window.over
        ? 'missed'
        : window.open
          ? 'open'
          : 'waiting';
    return {
      id: test.id,
      name: test.name,
      questions_count: test.questions_count,
      total_score: test.total_score,
      status,
      targets_met: window.targetsMet,
      opens_at: window.opensAt?.toISOString() ?? null,
      ends_at: window.endsAt.toISOString(),
      exam: exam
        ? {
            id: exam.id,
            status: exam.status,
            score: exam.score,
            grade: exam.grade,
            completed_at: exam.completed_at === null ? null : at(exam.completed_at).toISOString(),
          }
        : null,
    };
  };

  const withTest = async (actor: Actor, id: number) => {
    const path = (await repo.findPath(db, id, today(actor)))!;
    return { path, progress: await repo.progressOf(db, path.id), test: await testState(path) };
  };

  return {
    /** A principal's read-only list of the paths a teacher of their school assigned. */
    async overseenPage(
      actor: Actor,
      teacherId: number,
      filter: Omit<repo.PathListFilter, 'userId' | 'today' | 'side'>,
    ) {
      authorize(actor, rules.principal, actor);
      authorize(actor, policy.oversee, await users.byId(teacherId));
      return repo.pathsPage(db, { ...filter, side: 'teacher', userId: teacherId, today: today(actor) });
    },

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
        const now = clock.now();
        const testIds = [...new Set(paths.flatMap((path) => (path.test ? [path.test] : [])))];
        const tests = new Map(
          await Promise.all(
            testIds.map(
              async (id) => [id, await exams.pathTestError(tx, actor.id, id)] as [number, string | null],
            ),
          ),
        );
        paths.forEach((path, index) => {
          if (!studied.has(path.category)) errors[`${index}.category`] = 'learning_path_category';
          const testError = path.test ? tests.get(path.test) : null;
          if (testError) errors[`${index}.test`] = testError;
          for (const [field, error] of Object.entries(testDateErrors(path, path, now)))
            errors[`${index}.${field}`] = error;
        });
        if (Object.keys(errors).length > 0) throw invalid(errors);
        const allowed = new Set(reached);
        const skipped: { assigned_user: number; reason: 'self' | 'not_reached' }[] = [];
        const rows: repo.PathInsert[] = [];
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
              testId: path.test ?? null,
              startTestAt: path.start_test_at ? new Date(path.start_test_at) : null,
              endTestAt: path.end_test_at ? new Date(path.end_test_at) : null,
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
      return { path, progress: await repo.progressOf(db, path.id), test: await testState(path) };
    },

    /**
     * Attaches, changes or removes the test of a path of mine, while its student's exam has not started;
     * an exam not yet started goes with the old test and window (the student opens a new one).
     */
    async setTest(actor: Actor, id: number, input: TestInput) {
      mayUse(actor);
      await db.transaction(async (tx) => {
        const path = authorize(actor, policy.teach, await repo.lockPathTest(tx, id));
        if (path.exam_id !== null) {
          const [exam] = await exams.pathExams([path.exam_id], tx);
          if (exam && exam.started_at !== null) throw conflict('learning_path_test_started');
          if (exam) await exams.removePathExam(tx, exam.id);
        }
        const errors = testDateErrors(input, path, clock.now());
        const testError = input.test ? await exams.pathTestError(tx, actor.id, input.test) : null;
        if (testError) errors.test = testError;
        if (Object.keys(errors).length > 0) throw invalid(errors);
        await repo.setPathTest(tx, path.id, {
          testId: input.test ?? null,
          startTestAt: input.test && input.start_test_at ? new Date(input.start_test_at) : null,
          endTestAt: input.test && input.end_test_at ? new Date(input.end_test_at) : null,
          examId: null,
        });
      });
      return withTest(actor, id);
    },

    /**
     * The student opens their path's test: its exam is made the first time, from now to the window's end,
     * once the targets are met or the test's start has come; later calls find the same exam.
     */
    async openTest(actor: Actor, id: number) {
      mayUse(actor);
      const made = await db.transaction(async (tx) => {
        const terms = authorize(actor, policy.study, await repo.lockPathTest(tx, id));
        if (terms.test_id === null) throw permissionDenied('learning_path_no_test');
        if (terms.exam_id !== null) return undefined;
        const path = (await repo.findPath(tx, id, today(actor)))!;
        const now = clock.now();
        const window = testWindow(path, now);
        if (!window.open) throw permissionDenied('learning_path_test_closed');
        // The test may have changed since it was attached: an empty one is not given.
        if (await exams.pathTestError(tx, terms.created_by_id, terms.test_id))
          throw permissionDenied('learning_path_test_closed');
        const examId = await exams.createPathExam(tx, {
          testId: terms.test_id,
          teacherId: terms.created_by_id,
          studentId: terms.assigned_user_id,
          startAt: now,
          endAt: window.endsAt,
        });
        await repo.setPathExam(tx, id, examId);
        return window.endsAt;
      });
      if (made) await exams.queuePathExamEnd(made);
      return (await withTest(actor, id)).test!;
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
