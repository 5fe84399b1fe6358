import type {
  learningPathBody,
  PathTest,
  pathAssignmentBody,
  pathEditBody,
  pathTestBody,
} from '@flashcards/contract';
import {
  LEARNING_PATH_DEFAULT_LEARNED_VOLUME,
  REACHED_PEOPLE_SEARCH_LIMIT,
  type ScoreField,
} from '@flashcards/contract';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import { type Actor, authorize, rules } from '../../lib/access';
import { conflict, invalid, notFound, permissionDenied } from '../../lib/api-error';
import { assignmentTarget } from '../../lib/assignment-target';
import { type Clock, DAY, dayIn } from '../../lib/clock';
import type { Entitlements } from '../../lib/entitlements';
import { fullName } from '../../lib/people';
import type { SignedIn } from '../../lib/routes';
import type { ExamsService } from '../exams/exams.service';
import type { MemoryService } from '../memory/memory.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { UsersService } from '../users/users.service';
import { learningPathPolicy as policy } from './learning-paths.policy';
import * as repo from './learning-paths.repository';

type PathInput = z.output<typeof learningPathBody>;
type AssignmentInput = z.output<typeof pathAssignmentBody>;
type TestInput = z.output<typeof pathTestBody>;
type PathEditInput = z.output<typeof pathEditBody>;
type SettingsInput = Omit<PathInput, 'assigned_user' | 'created_by_user'>;

/** The settings a path and an assignment share, as their rows name them. */
const settingsOf = (path: SettingsInput) => ({
  name: path.name,
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
});

/** An edit as the rows name its fields; a field left out stays. */
const editOf = (edit: PathEditInput): repo.PathEdit => ({
  name: edit.name,
  startAt: edit.start_at,
  endAt: edit.end_at,
  dailyFlipTarget: edit.daily_cards_flip_target,
  dailyLearnTarget: edit.daily_cards_learn_target,
  deckSize: edit.flip_cards_volume,
  ...(edit.start_test_at !== undefined && {
    startTestAt: edit.start_test_at === null ? null : new Date(edit.start_test_at),
    endTestAt: edit.end_test_at == null ? null : new Date(edit.end_test_at),
  }),
});

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
 * The field errors of an edit joined with the values it keeps: the days in order, and test dates only on
 * a path with a test and within its days (a test end already past is checked only when it is changed).
 */
const editErrors = (
  current: {
    start_at: string;
    end_at: string;
    test_id: number | null;
    start_test_at: Date | string | null;
    end_test_at: Date | string | null;
  },
  edit: PathEditInput,
  now: Date,
): Record<string, string> => {
  const days = { start_at: edit.start_at ?? current.start_at, end_at: edit.end_at ?? current.end_at };
  if (days.end_at < days.start_at) return { end_at: 'learning_path_end_before_start' };
  if (edit.start_test_at !== undefined) {
    if (edit.start_test_at !== null && current.test_id === null)
      return { start_test_at: 'learning_path_test_dates_without_test' };
    return testDateErrors(edit, days, now);
  }
  if (current.start_test_at === null || current.end_test_at === null) return {};
  const kept = testDateErrors(
    {
      start_test_at: at(current.start_test_at).toISOString(),
      end_test_at: at(current.end_test_at).toISOString(),
    },
    days,
    now,
  );
  if (kept.end_test_at === 'exam_end_in_past') delete kept.end_test_at;
  return kept;
};

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
  notifications,
  memory,
}: {
  db: Database;
  clock: Clock;
  entitlements: Entitlements;
  users: UsersService;
  exams: ExamsService;
  notifications: NotificationsService;
  memory: MemoryService;
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

  /**
   * Refuses (400) settings naming a category that is not the requester's text or picture category, a test
   * that is not theirs to give, or test dates outside the path's days; `key` names a field of an entry.
   */
  const assertTerms = async (
    tx: Executor,
    actor: Actor,
    paths: SettingsInput[],
    key: (index: number, field: string) => string,
  ) => {
    const categoryIds = [...new Set(paths.map((path) => path.category))];
    const testIds = [...new Set(paths.flatMap((path) => (path.test ? [path.test] : [])))];
    const [categories, tests] = await Promise.all([
      repo.ownCategories(tx, actor.id, categoryIds),
      Promise.all(
        testIds.map(
          async (id) => [id, await exams.pathTestError(tx, actor.id, id)] as [number, string | null],
        ),
      ).then((entries) => new Map(entries)),
    ]);
    const studied = new Set(
      categories.filter((category) => category.type_of_cards !== 'kids').map((category) => category.id),
    );
    const now = clock.now();
    const errors: Record<string, string> = {};
    paths.forEach((path, index) => {
      if (!studied.has(path.category)) errors[key(index, 'category')] = 'learning_path_category';
      const testError = path.test ? tests.get(path.test) : null;
      if (testError) errors[key(index, 'test')] = testError;
      for (const [field, error] of Object.entries(testDateErrors(path, path, now)))
        errors[key(index, field)] = error;
    });
    if (Object.keys(errors).length > 0) throw invalid(errors);
  };

  /** A free account's active paths are counted by category: one category given to a class is one. */
  const assertFreeLimit = async (
    tx: Executor,
    actor: Actor,
    rows: { categoryId: number; endAt: string }[],
  ) => {
    if (rows.length === 0 || !entitlements.limited(actor, clock.now())) return;
    await users.lockAccount(tx, actor.id);
    const day = today(actor);
    const active = new Set(await repo.activePathCategories(tx, actor.id, day));
    for (const row of rows) if (row.endAt >= day) active.add(row.categoryId);
    entitlements.assertFreeLimit('paths', active.size);
  };

  /**
   * Makes the paths of an assignment for these students: the one place a student is given an
   * assignment's path, on creation and when they join its class or group.
   */
  const giveTo = async (tx: Executor, assignment: repo.AssignmentSettings, studentIds: number[]) => {
    if (studentIds.length === 0) return [];
    const now = clock.now();
    const given = await repo.insertAssignmentPaths(
      tx,
      studentIds.map((studentId) => ({
        name: assignment.name,
        categoryId: assignment.categoryId,
        tags: assignment.tags,
        startAt: assignment.startAt,
        endAt: assignment.endAt,
        dailyFlipTarget: assignment.dailyFlipTarget,
        dailyLearnTarget: assignment.dailyLearnTarget,
        deckSize: assignment.deckSize,
        learnedVolumeVerbal: assignment.learnedVolumeVerbal,
        learnedVolumeTyping: assignment.learnedVolumeTyping,
        verbal: assignment.verbal,
        typing: assignment.typing,
        testId: assignment.testId,
        startTestAt: assignment.startTestAt,
        endTestAt: assignment.endTestAt,
        createdById: assignment.createdById,
        assignedUserId: studentId,
        assignmentId: assignment.id,
        createdAt: now,
      })),
    );
    // Each student given the path is told of it, a late joiner as much as the class of the first day.
    const teacher = await users.byId(assignment.createdById, tx);
    await notifications.notify(
      tx,
      given.map((path) => path.assignedUserId),
      'path_assigned',
      (i) => ({ from: teacher ? fullName(teacher) : '', name: assignment.name, path: given[i]!.id }),
    );
    return given.map((path) => path.id);
  };

  const ownAssignment = async (actor: Actor, id: number, tx: Executor = db) => {
    mayUse(actor);
    return authorize(actor, policy.teach, await repo.findAssignment(tx, id));
  };

  return {
    /** A principal's read-only list of the paths a teacher of their school assigned. */
    async overseenPage(
      actor: Actor,
      teacherId: number,
      filter: Omit<repo.PathListFilter, 'userId' | 'today' | 'side' | 'named'>,
    ) {
      authorize(actor, rules.principal, actor);
      authorize(actor, policy.oversee, await users.byId(teacherId));
      // Every path of the teacher, those of a class's or a group's assignment too.
      return repo.pathsPage(db, {
        ...filter,
        side: 'teacher',
        named: false,
        userId: teacherId,
        today: today(actor),
      });
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
        const [reached] = await Promise.all([
          users.reachedAmong(tx, actor.id, [...seen]),
          assertTerms(tx, actor, paths, (index, field) => `${index}.${field}`),
        ]);
        const now = clock.now();
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
              ...settingsOf(path),
              createdById: actor.id,
              assignedUserId: path.assigned_user,
              createdAt: now,
            });
        }
        await assertFreeLimit(tx, actor, rows);
        const created = rows.length > 0 ? await repo.insertPaths(tx, rows) : [];
        await notifications.notify(
          tx,
          rows.map((row) => row.assignedUserId),
          'path_assigned',
          (i) => ({ from: fullName(actor), name: rows[i]!.name, path: created[i]! }),
        );
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
    async answer(
      signedIn: SignedIn,
      kind: 'text' | 'picture',
      rowId: number,
      field: ScoreField,
      session: string | null = null,
    ) {
      const now = clock.now();
      const answered = await repo.answer(answerStatements, {
        session,
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

    /** The student's own path cards of these ids (the ids their decks give), by id. */
    async ownPathCards(tx: Executor, userId: number, rowIds: number[]) {
      return new Map((await repo.ownPathCards(tx, userId, rowIds)).map((row) => [row.id, row]));
    },

    /**
     * An answer given to a path card without the network, at its own time, in the caller's transaction:
     * counted as the study answer counts it on the day it was given. False when that day the path was not
     * running or did not study the mode.
     */
    async answerAt(
      tx: Executor,
      userId: number,
      row: { id: number; token_version: number; kind: 'text' | 'picture' },
      field: ScoreField,
      at: Date,
    ) {
      const answered = await repo.answerWithin(tx, row.kind, field, {
        rowId: row.id,
        userId,
        tokenVersion: row.token_version,
        now: at,
      });
      return answered !== undefined;
    },

    /**
     * Answers given to a card outside the paths (a live game, docs/live.md "After the game"), counted as
     * verbal answers of the students' paths holding the card, inside the caller's transaction: the path's
     * score of the card, its day's flips, learned and completed, and the student's memory, as a study
     * answer counts them on the day it was given. A path not running that day, or not studied by
     * flipping, counts nothing.
     */
    async countAnswersElsewhere(
      tx: Executor,
      cardId: number,
      answers: { userId: number; correct: boolean; at: Date }[],
    ) {
      const rows = await repo.pathRowsOfCard(tx, cardId, [
        ...new Set(answers.map((answer) => answer.userId)),
      ]);
      for (const answer of answers)
        for (const row of rows.filter((candidate) => candidate.user_id === answer.userId))
          await repo.answerWithin(
            tx,
            row.kind,
            answer.correct ? 'guesses_score' : 'incorrect_guesses_score',
            {
              rowId: row.id,
              userId: row.user_id,
              tokenVersion: row.token_version,
              now: answer.at,
            },
          );
    },

    /**
     * Takes back the study session's last answer, once (the student's "Undo" and "I was right"); another
     * user's or an unknown session is not found, one already taken back a conflict.
     */
    async undo(actor: Actor, sessionId: string) {
      return db.transaction(async (tx) => {
        const kept = authorize(actor, policy.undo, await repo.lockSessionAnswer(tx, sessionId));
        const { rowId } = kept;
        if (rowId === null) throw conflict('nothing_to_undo');
        await repo.takeBack(tx, { ...kept, rowId });
        await memory.forget(tx, kept.userId, kept.logId);
        return { rowId, field: kept.scoreColumn as ScoreField };
      });
    },

    /** Forgets study sessions answered more than a day ago (the daily job); their last answer stays counted. */
    forgetOldSessions() {
      return repo.forgetSessionsBefore(db, new Date(clock.now().getTime() - DAY));
    },

    /** The teacher's assignments to classes and groups, newest first. */
    async assignments(actor: Actor, limit: number, offset: number) {
      mayUse(actor);
      return repo.assignmentsPage(db, actor.id, limit, offset);
    },

    /**
     * Gives a path to a class or a group: the assignment and one path per current student, in one
     * transaction (docs/design.md "Assignments that follow a class").
     */
    async createAssignment(actor: Actor, input: AssignmentInput) {
      mayUse(actor);
      const id = await db.transaction(async (tx) => {
        const { students, ...target } = await assignmentTarget(tx, actor, input, users.reachedAmong);
        await assertTerms(tx, actor, [input], (_, field) => field);
        const settings = settingsOf(input);
        await assertFreeLimit(tx, actor, [settings]);
        const id = await repo.insertAssignment(tx, {
          ...settings,
          ...target,
          createdById: actor.id,
          createdAt: clock.now(),
        });
        const [assignment] = await repo.assignmentSettings(tx, [id]);
        await giveTo(tx, assignment!, students);
        return id;
      });
      return (await repo.findAssignment(db, id))!;
    },

    async assignment(actor: Actor, id: number) {
      const found = await ownAssignment(actor, id);
      return { assignment: found, paths: await repo.assignmentPaths(db, id, today(actor)) };
    },

    /** Changes an assignment and all its students' paths in one transaction; their progress stays. */
    async updateAssignment(actor: Actor, id: number, edit: PathEditInput) {
      mayUse(actor);
      await db.transaction(async (tx) => {
        await repo.lockAssignment(tx, id);
        const found = await ownAssignment(actor, id, tx);
        const errors = editErrors(found, edit, clock.now());
        if (Object.keys(errors).length > 0) throw invalid(errors);
        await repo.updateAssignment(tx, id, editOf(edit));
      });
      return (await repo.findAssignment(db, id))!;
    },

    async removeAssignment(actor: Actor, id: number) {
      await ownAssignment(actor, id);
      await repo.deleteAssignment(db, id);
    },

    /** Changes a path given to a named student; a path of an assignment changes with its assignment (409). */
    async updatePath(actor: Actor, id: number, edit: PathEditInput) {
      mayUse(actor);
      await db.transaction(async (tx) => {
        await repo.lockPathTest(tx, id);
        const path = authorize(actor, policy.teach, await repo.findPath(tx, id, today(actor)));
        if (path.assignment_id !== null) throw conflict('learning_path_of_assignment');
        const errors = editErrors(path, edit, clock.now());
        if (Object.keys(errors).length > 0) throw invalid(errors);
        await repo.updatePath(tx, id, editOf(edit));
      });
      return withTest(actor, id);
    },

    /**
     * The hook of every class and group membership change, in its transaction: these people lose the
     * paths of the assignments whose class or group they left, and get those of the assignments not ended
     * (on the server's UTC day) of the class or group they are in now.
     */
    async membersChanged(tx: Executor, userIds: number[]) {
      if (userIds.length === 0) return;
      await repo.deleteLeftPaths(tx, userIds);
      const missing = await repo.missingAssignmentPaths(tx, userIds, dayIn('UTC', clock.now()));
      const settings = await repo.assignmentSettings(
        tx,
        missing.map((entry) => entry.assignment_id),
      );
      for (const entry of missing) {
        const assignment = settings.find((candidate) => candidate.id === entry.assignment_id);
        // A group may hold people its owner does not reach (docs/api.md "Roles and reach"): not given.
        if (assignment)
          await giveTo(tx, assignment, await users.reachedAmong(tx, assignment.createdById, entry.user_ids));
      }
    },

    async people(actor: Actor, search: string) {
      mayUse(actor);
      return users.reachedPeople(actor.id, search, REACHED_PEOPLE_SEARCH_LIMIT);
    },
  };
};

export type LearningPathsService = ReturnType<typeof createLearningPathsService>;
