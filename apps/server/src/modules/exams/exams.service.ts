import { randomBytes } from 'node:crypto';
import {
  EXAM_LIVE_RECENT_HOURS,
  type ExamAnswerInput,
  type ExamPresenceState,
  type examAssignmentBody,
  type examAssignmentEditBody,
  type examCreateBody,
  pointsOf,
  type QuestionSettings,
  REACHED_PEOPLE_SEARCH_LIMIT,
  responseFits,
  type schoolTestBody,
  TEST_MAX_QUESTIONS,
  TEST_PICKER_LIMIT,
  type testDraftBody,
  type testQuestionBody,
  type testWithQuestionsBody,
  type FilePart as UploadedFile,
} from '@flashcards/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import { type Actor, authorize, rules } from '../../lib/access';
import { conflict, invalid, notFound, permissionDenied } from '../../lib/api-error';
import { assignmentTarget } from '../../lib/assignment-target';
import type { Clock } from '../../lib/clock';
import type { Entitlements } from '../../lib/entitlements';
import { cardPictureVariants, thumbnailKey } from '../../lib/images';
import type { JobQueue } from '../../lib/jobs';
import type { PageWindow } from '../../lib/pagination';
import { fullName } from '../../lib/people';
import { bytesOf } from '../../plugins/multipart';
import type { CardsService } from '../cards/cards.service';
import type { MediaFiles, MediaService } from '../media/media.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { type UsersService, userMediaPrefix } from '../users/users.service';
import { createExamResults } from './exam-results.service';
import { cardsNeeded, distinctAnswers, draftQuestions, seededRandom, usableCards } from './exams.draft';
import { queueExamEnd } from './exams.jobs';
import { examPolicy as policy } from './exams.policy';
import * as repo from './exams.repository';
import { statusOf } from './exams.status';

type TestInput = z.output<typeof schoolTestBody>;
type QuestionInput = z.output<typeof testQuestionBody>;
type ExamInput = z.output<typeof examCreateBody>;
type AssignmentInput = z.output<typeof examAssignmentBody>;
type AssignmentEditInput = z.output<typeof examAssignmentEditBody>;
type DraftInput = z.output<typeof testDraftBody>;
type TestWithQuestionsInput = z.output<typeof testWithQuestionsBody>;

const testValues = (input: TestInput): repo.TestValues => ({
  name: input.name,
  description: input.description,
  excellent_score: input.excellent_score_value,
  very_good_score: input.very_good_score_value,
  good_score: input.good_score_value,
  satisfy_score: input.satisfy_score_value,
  fail_score: input.fail_score_value,
});

/** A question's columns: letters for the choice kinds, blanks otherwise; settings with their kind. */
const questionValues = (input: QuestionInput): repo.QuestionValues => {
  const common = { question_text: input.question_text, score_value: input.score_value, kind: input.kind };
  const noChoices = { answer_a: '', answer_b: '', answer_c: '', answer_d: '' };
  switch (input.kind) {
    case 'single':
      return {
        ...common,
        answer_a: input.answer_a,
        answer_b: input.answer_b,
        answer_c: input.answer_c,
        answer_d: input.answer_d,
        correct_answer: input.correct_answer,
        settings: null,
      };
    case 'multiple':
      return {
        ...common,
        answer_a: input.answer_a,
        answer_b: input.answer_b,
        answer_c: input.answer_c,
        answer_d: input.answer_d,
        correct_answer: null,
        settings: { kind: 'multiple', correct: input.settings.correct },
      };
    default:
      return {
        ...common,
        ...noChoices,
        correct_answer: null,
        settings: { kind: input.kind, ...input.settings } as QuestionSettings,
      };
  }
};

const time = (value: Date | string) => new Date(value).getTime();

/** Sittings the live view offers at most. */
const EXAM_LIVE_SITTINGS_LIMIT = 50;

/** The sitting to watch by default: the one running now that started last, else the next, else the latest. */
export const pickSitting = (sittings: repo.SittingRow[], now: Date) => {
  const at = now.getTime();
  const running = sittings.find((s) => time(s.start_at) <= at && time(s.ends_at) > at);
  const coming = sittings.filter((s) => time(s.start_at) > at).at(-1);
  const chosen = running ?? coming ?? sittings[0];
  return chosen ? { startAt: new Date(chosen.start_at), endAt: new Date(chosen.end_at) } : undefined;
};

/** Where a teacher's question pictures are stored: under their account's files, which go with it. */
const questionPictures = (userId: number) => `${userMediaPrefix(userId)}/tests`;

export const createExamsService = ({
  db,
  clock,
  media,
  jobs,
  entitlements,
  users,
  cards,
  notifications,
}: {
  db: Database;
  clock: Clock;
  media: MediaService;
  jobs: JobQueue;
  entitlements: Entitlements;
  users: UsersService;
  /** The cards a test is drafted from, read through their module's rules. */
  cards: CardsService;
  notifications: NotificationsService;
}) => {
  /** A free account may have a few tests: counted with the creator locked, so two creates count in turn. */
  const assertTestAllowed = async (actor: Actor, tx: Executor) => {
    if (!entitlements.limited(actor, clock.now())) return;
    await users.lockAccount(tx, actor.id);
    entitlements.assertFreeLimit('tests', (await repo.countTests(tx, actor.id)) + 1);
  };

  const mayUse = (actor: Actor) => authorize(actor, policy.use, actor);
  const results = createExamResults({ db, clock, users, mayUse });

  const ownTest = async (actor: Actor, id: number, executor: Executor = db) =>
    authorize(actor, policy.author, await repo.findTest(executor, id));

  const testDetail = async (executor: Executor, id: number) => {
    const test = await repo.findTest(executor, id);
    if (!test) throw notFound();
    return { test, questions: await repo.questionsOf(executor, id) };
  };

  /** The test of a question write, locked for the write: mine, and without a started exam. */
  const writableTest = async (actor: Actor, executor: Executor, testId: number) => {
    const test = authorize(actor, policy.author, await repo.lockTest(executor, testId));
    if (test.is_locked) throw conflict('test_locked');
    return test;
  };

  /**
   * Sets (a new picture's key) or clears (null) a question's picture in one transaction with the test
   * locked, as every question write; the picture it had goes once that commits.
   */
  const changePicture = async (
    actor: Actor,
    question: { id: number; test_id: number },
    store: ((files: MediaFiles) => Promise<string>) | null,
  ) =>
    media.change(async (files) => {
      const key = store ? await store(files) : null;
      return files.transaction(async (tx) => {
        await writableTest(actor, tx, question.test_id);
        // Read again under the test's lock: the question may have gone or its picture changed meanwhile.
        const current = await repo.findQuestion(tx, question.id);
        if (!current) throw notFound();
        files.remove([current.picture], { thumbnails: true });
        return repo.setQuestionPicture(tx, question.id, key);
      });
    });

  /** The test an exam is made of: mine, with questions and an excellent minimum within its points. */
  const givableTest = async (actor: Actor, testId: number) => {
    const test = await ownTest(actor, testId);
    if (test.questions_count === 0) throw invalid({ school_test: 'exam_test_empty' });
    if (test.excellent_score > test.total_score)
      throw invalid({ school_test: 'exam_test_excellent_above_total' });
    return test;
  };

  /**
   * A free account's active exams are counted by test: one test given to a class is one. Counted with the
   * teacher locked, so two gifts count in turn.
   */
  const assertExamsAllowed = async (tx: Executor, actor: Actor, testId: number, now: Date) => {
    if (!entitlements.limited(actor, now)) return;
    await users.lockAccount(tx, actor.id);
    const active = new Set(await repo.activeExamTests(tx, actor.id, now));
    active.add(testId);
    entitlements.assertFreeLimit('exams', active.size);
  };

  /**
   * Makes the exams of an assignment for these students and tells each of them: the one place a student
   * is given an assignment's exam, on creation and when they join its class or group.
   */
  const giveTo = async (tx: Executor, assignment: repo.AssignmentSettings, studentIds: number[]) => {
    if (studentIds.length === 0) return;
    const now = clock.now();
    const given = await repo.insertExams(
      tx,
      studentIds.map((studentId) => ({
        testId: assignment.testId,
        studentId,
        teacherId: assignment.createdById,
        startAt: assignment.startAt,
        endAt: assignment.endAt,
        shuffleQuestions: assignment.shuffleQuestions,
        showResultsAfterEnd: assignment.showResultsAfterEnd,
        leaveCompletes: assignment.leaveCompletes,
        timeLimitMinutes: assignment.timeLimitMinutes,
        assignmentId: assignment.id,
        createdAt: now,
      })),
    );
    const [teacher, test] = await Promise.all([
      users.byId(assignment.createdById, tx),
      repo.findTest(tx, assignment.testId),
    ]);
    await notifications.notify(
      tx,
      given.map((exam) => exam.student_id),
      'exam_assigned',
      { from: teacher ? fullName(teacher) : '', name: test?.name ?? '' },
    );
  };

  const ownAssignment = async (actor: Actor, id: number, executor: Executor = db) => {
    mayUse(actor);
    return authorize(actor, policy.assign, await repo.findAssignment(executor, id));
  };

  /** Completes this exam first when its end has come, so every read sees it as the sweep would leave it. */
  const completeIfDue = (id: number) => repo.completeDue(db, clock.now(), sql`e.id = ${id}`);

  return {
    // ------------------------------------------------------------------------------------------ tests
    async tests(actor: Actor, filter: Omit<repo.TestListFilter, 'userId'>) {
      mayUse(actor);
      return repo.testsPage(db, { ...filter, userId: actor.id });
    },

    async createTest(actor: Actor, input: TestInput) {
      mayUse(actor);
      return db.transaction(async (tx) => {
        await assertTestAllowed(actor, tx);
        return testDetail(tx, await repo.insertTest(tx, actor.id, testValues(input), clock.now()));
      });
    },

    /**
     * Questions drafted from a text category of mine (docs/api.md "Tests from cards"), not saved: the
     * questions from its cards with the tags (all when none), the other answers from all its cards.
     */
    async draftFromCards(actor: Actor, input: DraftInput) {
      mayUse(actor);
      const { category, cards: all } = await cards.forTest(actor, input.category);
      if (category.kind !== 'text') throw invalid({ category: 'test_draft_not_text' });
      const pool = usableCards(all);
      const tags = new Set(input.tags);
      const questionCards = tags.size > 0 ? pool.filter((card) => tags.has(card.tag)) : pool;
      if (questionCards.length === 0)
        throw invalid({ [tags.size > 0 ? 'tags' : 'category']: 'test_draft_no_cards' });
      // A choice and a false statement need another answer than the card's own.
      if ((input.kinds.single > 0 || input.kinds.true_false > 0) && distinctAnswers(pool) < 2)
        throw invalid({ category: 'test_draft_one_answer' });
      const seed = input.seed ?? Math.floor(Math.random() * 2 ** 31);
      const questions = draftQuestions(questionCards, pool, input.kinds, category.name, seededRandom(seed));
      if (!questions)
        throw invalid({
          kinds: {
            key: 'test_draft_too_few_cards',
            values: { needed: cardsNeeded(input.kinds), available: questionCards.length },
          },
        });
      return {
        category: { id: category.id, name: category.name },
        seed,
        available: questionCards.length,
        questions,
      };
    },

    /** A new test with its questions, in one transaction under the free limit of tests. */
    async createTestWithQuestions(actor: Actor, input: TestWithQuestionsInput) {
      mayUse(actor);
      return db.transaction(async (tx) => {
        await assertTestAllowed(actor, tx);
        const id = await repo.insertTest(tx, actor.id, testValues(input), clock.now());
        await repo.insertQuestions(tx, id, input.questions.map(questionValues));
        return testDetail(tx, id);
      });
    },

    async test(actor: Actor, id: number) {
      mayUse(actor);
      const test = await ownTest(actor, id);
      return { test, questions: await repo.questionsOf(db, id) };
    },

    /** The name and description may always change; the thresholds not once an exam of the test started. */
    async updateTest(actor: Actor, id: number, input: TestInput) {
      mayUse(actor);
      return db.transaction(async (tx) => {
        const locked = authorize(actor, policy.author, await repo.lockTest(tx, id));
        const test = (await repo.findTest(tx, id))!;
        const values = testValues(input);
        const thresholdsChange = (
          ['excellent_score', 'very_good_score', 'good_score', 'satisfy_score', 'fail_score'] as const
        ).some((key) => test[key] !== values[key]);
        if (locked.is_locked && thresholdsChange) throw conflict('test_locked');
        await repo.updateTest(tx, id, values, clock.now());
        return testDetail(tx, id);
      });
    },

    /** Deletes a test of mine with its questions; their pictures go once that commits. */
    async removeTest(actor: Actor, id: number) {
      mayUse(actor);
      await ownTest(actor, id);
      await media.change((files) =>
        files.transaction(async (tx) => {
          // Locked as question writes lock it, so no picture is set while the test goes.
          await repo.lockTest(tx, id);
          files.remove(await repo.picturesOfTest(tx, id), { thumbnails: true });
          await repo.deleteTest(tx, id);
        }),
      );
    },

    /** A copy for myself, or for a colleague of my school (`colleague`; anyone else is not found). */
    async copyTest(actor: Actor, id: number, colleague?: number) {
      mayUse(actor);
      await ownTest(actor, id);
      const owner =
        colleague === undefined || colleague === actor.id ? actor : await results.colleague(actor, colleague);
      const sources = await repo.picturesOfTest(db, id);
      // The copy's pictures are files of its owner's, so each test's deletion removes only its own.
      return media.change(async (files) => {
        const pictures: Record<string, string> = {};
        for (const key of new Set(sources))
          pictures[key] = await files.copy(key, questionPictures(owner.id), true);
        return files.transaction(async (tx) => {
          await assertTestAllowed(owner, tx);
          return testDetail(tx, await repo.copyTest(tx, id, clock.now(), owner.id, pictures));
        });
      });
    },

    /** A new order of a test's questions: exactly its question ids, each once. */
    async orderQuestions(actor: Actor, id: number, ids: number[]) {
      mayUse(actor);
      return db.transaction(async (tx) => {
        await writableTest(actor, tx, id);
        const current = await repo.questionIdsOf(tx, id);
        const given = new Set(ids);
        if (
          given.size !== ids.length ||
          ids.length !== current.length ||
          !current.every((question) => given.has(question))
        )
          throw invalid({ questions: 'test_question_order' });
        await repo.orderQuestions(tx, id, ids);
        return testDetail(tx, id);
      });
    },

    async testChoices(actor: Actor) {
      mayUse(actor);
      return repo.testChoices(db, actor.id, TEST_PICKER_LIMIT);
    },

    // -------------------------------------------------------------------------------------- questions
    async createQuestion(actor: Actor, testId: number, input: QuestionInput) {
      mayUse(actor);
      return db.transaction(async (tx) => {
        const test = await writableTest(actor, tx, testId);
        if (test.questions_count >= TEST_MAX_QUESTIONS)
          throw invalid({ test: { key: 'test_too_many_questions', values: { max: TEST_MAX_QUESTIONS } } });
        return repo.insertQuestion(tx, testId, questionValues(input));
      });
    },

    async updateQuestion(actor: Actor, id: number, input: QuestionInput) {
      mayUse(actor);
      const question = authorize(actor, policy.author, await repo.findQuestion(db, id));
      return db.transaction(async (tx) => {
        await writableTest(actor, tx, question.test_id);
        return repo.updateQuestion(tx, id, questionValues(input));
      });
    },

    async deleteQuestion(actor: Actor, id: number) {
      mayUse(actor);
      const question = authorize(actor, policy.author, await repo.findQuestion(db, id));
      await media.change((files) =>
        files.transaction(async (tx) => {
          await writableTest(actor, tx, question.test_id);
          const picture = await repo.deleteQuestion(tx, id, question.test_id);
          files.remove([picture], { thumbnails: true });
        }),
      );
    },

    /**
     * A picture above a question: checked by its bytes and size and re-encoded as card pictures are, then
     * stored with its thumbnail before the question refers to it; the one it replaces goes.
     */
    async setQuestionPicture(actor: Actor, id: number, file: UploadedFile | undefined) {
      mayUse(actor);
      const question = authorize(actor, policy.author, await repo.findQuestion(db, id));
      if (!file || file.data.length === 0) throw invalid({ picture: 'no_file' });
      return changePicture(actor, question, async (files) => {
        const { display, thumbnail } = await cardPictureVariants('picture', bytesOf(file));
        const key = `${questionPictures(actor.id)}/${randomBytes(12).toString('hex')}.webp`;
        await files.put(key, display, 'image/webp');
        await files.put(thumbnailKey(key), thumbnail, 'image/webp');
        return key;
      });
    },

    async removeQuestionPicture(actor: Actor, id: number) {
      mayUse(actor);
      return changePicture(actor, authorize(actor, policy.author, await repo.findQuestion(db, id)), null);
    },

    // ------------------------------------------------------------------------------------------ exams
    /**
     * One exam per student the requester reaches, all in one transaction; themselves and the others come
     * back as skipped. The test must be mine, have questions and an excellent minimum within its points.
     */
    async createExams(actor: Actor, input: ExamInput) {
      mayUse(actor);
      const now = clock.now();
      const test = await givableTest(actor, input.school_test);
      const startAt = new Date(input.start_at);
      const endAt = new Date(input.end_at);
      if (endAt.getTime() <= now.getTime()) throw invalid({ end_at: 'exam_end_in_past' });
      let people: number[];
      if (input.users_group !== undefined) {
        const members = await repo.ownGroupMembers(db, input.users_group, actor.id);
        if (members === undefined) throw notFound();
        people = members;
      } else people = input.student ?? [];
      people = [...new Set(people)];
      const created = await db.transaction(async (tx) => {
        const others = people.filter((id) => id !== actor.id);
        const reached = new Set(await users.reachedAmong(tx, actor.id, others));
        const skipped: { student: number; reason: 'self' | 'not_reached' }[] = [];
        const rows: repo.ExamInsert[] = [];
        for (const student of people) {
          if (student === actor.id) skipped.push({ student, reason: 'self' });
          else if (!reached.has(student)) skipped.push({ student, reason: 'not_reached' });
          else
            rows.push({
              testId: test.id,
              studentId: student,
              teacherId: actor.id,
              startAt,
              endAt,
              shuffleQuestions: input.shuffle_questions,
              showResultsAfterEnd: input.show_results_after_end,
              leaveCompletes: input.leave_completes,
              timeLimitMinutes: input.time_limit_minutes ?? null,
              createdAt: now,
            });
        }
        if (rows.length > 0) await assertExamsAllowed(tx, actor, test.id, now);
        const ids = rows.length > 0 ? (await repo.insertExams(tx, rows)).map((row) => row.id) : [];
        await notifications.notify(
          tx,
          rows.map((row) => row.studentId),
          'exam_assigned',
          { from: fullName(actor), name: test.name },
        );
        return { created: ids, skipped };
      });
      if (created.created.length > 0) await queueExamEnd(jobs, endAt);
      return created;
    },

    /** The teacher's exams given to classes and groups, newest first. */
    async assignments(actor: Actor, limit: number, offset: number) {
      mayUse(actor);
      return repo.assignmentsPage(db, actor.id, limit, offset);
    },

    /**
     * Gives a test to a class or a group: the assignment and one exam per current student, in one
     * transaction (docs/design.md "Assignments that follow a class").
     */
    async createAssignment(actor: Actor, input: AssignmentInput) {
      mayUse(actor);
      const now = clock.now();
      const test = await givableTest(actor, input.school_test);
      const startAt = new Date(input.start_at);
      const endAt = new Date(input.end_at);
      if (endAt.getTime() <= now.getTime()) throw invalid({ end_at: 'exam_end_in_past' });
      const id = await db.transaction(async (tx) => {
        const { students, ...target } = await assignmentTarget(tx, actor, input, users.reachedAmong);
        await assertExamsAllowed(tx, actor, test.id, now);
        const id = await repo.insertAssignment(tx, {
          ...target,
          createdById: actor.id,
          testId: test.id,
          startAt,
          endAt,
          shuffleQuestions: input.shuffle_questions,
          showResultsAfterEnd: input.show_results_after_end,
          leaveCompletes: input.leave_completes,
          timeLimitMinutes: input.time_limit_minutes ?? null,
          createdAt: now,
        });
        const [assignment] = await repo.assignmentSettings(tx, [id]);
        await giveTo(tx, assignment!, students);
        return id;
      });
      await queueExamEnd(jobs, endAt);
      return (await repo.findAssignment(db, id))!;
    },

    /** An assignment of mine with its students' exams, each completed first when its end has come. */
    async assignment(actor: Actor, id: number) {
      const found = await ownAssignment(actor, id);
      const now = clock.now();
      await repo.completeDue(db, now, sql`e.assignment_id = ${id}`);
      return { now, assignment: found, exams: await repo.assignmentExams(db, id) };
    },

    /**
     * Changes an assignment and all its students' exams in one transaction: attempts, answers, grades
     * and extra minutes stay. The start and the attempt's rules are fixed once a student has started.
     */
    async updateAssignment(actor: Actor, id: number, edit: AssignmentEditInput) {
      mayUse(actor);
      const now = clock.now();
      const endAt = edit.end_at === undefined ? undefined : new Date(edit.end_at);
      await db.transaction(async (tx) => {
        await repo.lockAssignment(tx, id);
        const found = await ownAssignment(actor, id, tx);
        const startAt = edit.start_at === undefined ? undefined : new Date(edit.start_at);
        const changes = {
          startAt: startAt !== undefined && startAt.getTime() !== new Date(found.start_at).getTime(),
          attempt:
            (edit.shuffle_questions !== undefined && edit.shuffle_questions !== found.shuffle_questions) ||
            (edit.leave_completes !== undefined && edit.leave_completes !== found.leave_completes) ||
            (edit.time_limit_minutes !== undefined && edit.time_limit_minutes !== found.time_limit_minutes),
        };
        if ((changes.startAt || changes.attempt) && found.started_count > 0)
          throw conflict('exam_assignment_started');
        const start = startAt ?? new Date(found.start_at);
        const end = endAt ?? new Date(found.end_at);
        if (end.getTime() <= start.getTime()) throw invalid({ end_at: 'exam_end_before_start' });
        if (endAt !== undefined && endAt.getTime() <= now.getTime())
          throw invalid({ end_at: 'exam_end_in_past' });
        await repo.updateAssignment(tx, id, {
          startAt,
          endAt,
          shuffleQuestions: edit.shuffle_questions,
          showResultsAfterEnd: edit.show_results_after_end,
          leaveCompletes: edit.leave_completes,
          timeLimitMinutes: edit.time_limit_minutes,
        });
      });
      if (endAt !== undefined) await queueExamEnd(jobs, endAt);
      return (await repo.findAssignment(db, id))!;
    },

    /** Deletes an assignment of mine with its students' exams and their results. */
    async removeAssignment(actor: Actor, id: number) {
      await ownAssignment(actor, id);
      await repo.deleteAssignment(db, id);
    },

    /**
     * The hook of every class and group membership change, in its transaction: these people lose the
     * exams not started of the assignments whose class or group they left, and get those of the
     * assignments whose window has not ended of the class or group they are in now.
     */
    async membersChanged(tx: Executor, userIds: number[]) {
      if (userIds.length === 0) return;
      await repo.deleteLeftExams(tx, userIds);
      const missing = await repo.missingAssignmentExams(tx, userIds, clock.now());
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

    async exams(actor: Actor, filter: Omit<Parameters<typeof repo.examsPage>[1], 'userId' | 'now'>) {
      mayUse(actor);
      const now = clock.now();
      await repo.completeDue(db, now, repo.sideScope(filter.side, actor.id));
      return { now, ...(await repo.examsPage(db, { ...filter, userId: actor.id, now })) };
    },

    /** A principal's read-only list of the exams a teacher of their school gave, with their results. */
    async overseenExams(
      actor: Actor,
      teacherId: number,
      filter: Omit<Parameters<typeof repo.examsPage>[1], 'userId' | 'now' | 'side'>,
    ) {
      authorize(actor, rules.principal, actor);
      authorize(actor, policy.oversee, await users.byId(teacherId));
      const now = clock.now();
      await repo.completeDue(db, now, repo.sideScope('teacher', teacherId));
      return { now, ...(await repo.examsPage(db, { ...filter, side: 'teacher', userId: teacherId, now })) };
    },

    async summary(actor: Actor, filter: Omit<repo.ExamListFilter, 'userId' | 'now' | 'side'>) {
      mayUse(actor);
      const now = clock.now();
      await repo.completeDue(db, now, repo.sideScope('teacher', actor.id));
      return repo.examSummary(db, { ...filter, side: 'teacher', userId: actor.id, now });
    },

    /** An exam for its teacher or its student, with its questions (the presenter decides what shows). */
    async exam(actor: Actor, id: number) {
      mayUse(actor);
      authorize(actor, policy.follow, await repo.findExamTerms(db, id));
      await completeIfDue(id);
      const exam = (await repo.findExam(db, id))!;
      return {
        now: clock.now(),
        exam,
        // The teacher's view for the teacher and for a principal overseeing them.
        side: exam.student_id === actor.id ? ('student' as const) : ('teacher' as const),
        questions: await repo.examQuestions(db, exam.id, exam.test_id),
        events: await repo.examEventsOf(db, exam.id),
      };
    },

    /** Extra time for the exam's student, until the exam is completed; recorded with the change. */
    async setExtraTime(actor: Actor, id: number, minutes: number) {
      mayUse(actor);
      authorize(actor, policy.teach, await repo.findExamTerms(db, id));
      await completeIfDue(id);
      const now = clock.now();
      if (!(await repo.setExtraMinutes(db, { id, minutes, teacherId: actor.id, now })))
        throw conflict('exam_completed');
      const exam = (await repo.findExam(db, id))!;
      await queueExamEnd(jobs, new Date(exam.ends_at));
      return { now, exam };
    },

    /**
     * The teacher opens a completed attempt again for at least `minutes` from now (docs/api.md "Exams"):
     * the server grades it again at its new end.
     */
    async reopen(actor: Actor, id: number, minutes: number) {
      mayUse(actor);
      authorize(actor, policy.teach, await repo.findExamTerms(db, id));
      await completeIfDue(id);
      const now = clock.now();
      if (!(await repo.reopenExam(db, { id, minutes, teacherId: actor.id, now }))) {
        const terms = (await repo.findExamTerms(db, id))!;
        if (terms.completed_at === null || terms.started_at === null) throw conflict('exam_not_completed');
        throw conflict('exam_reopen_too_late');
      }
      const exam = (await repo.findExam(db, id))!;
      await queueExamEnd(jobs, new Date(exam.ends_at));
      return { now, exam };
    },

    /** The student's exam page is here or away; only while the attempt is open. */
    async presence(actor: Actor, id: number, state: ExamPresenceState) {
      mayUse(actor);
      const now = clock.now();
      // The statement checks the student and the attempt; only a refused call looks up why.
      if (await repo.recordPresence(db, { id, studentId: actor.id, away: state === 'away', now })) return;
      authorize(actor, policy.take, await repo.findExamTerms(db, id));
      await completeIfDue(id);
      const terms = (await repo.findExamTerms(db, id))!;
      if (terms.started_at === null && now.getTime() < time(terms.ends_at))
        throw permissionDenied('exam_not_started');
      throw permissionDenied('exam_over');
    },

    /**
     * One sitting of a test of mine as it goes (docs/api.md "Exams"): the sittings to choose from, the
     * chosen one's counts and a page of its students' attempts, in a fixed number of queries whatever the
     * class's size or the page.
     */
    async live(
      actor: Actor,
      testId: number,
      chosen: { startAt: Date; endAt: Date } | undefined,
      window: PageWindow,
    ) {
      mayUse(actor);
      const test = await ownTest(actor, testId);
      const now = clock.now();
      await repo.completeDue(db, now, sql`e.teacher_id = ${actor.id} and e.test_id = ${testId}`);
      const sittings = await repo.sittingsOf(db, {
        teacherId: actor.id,
        testId,
        since: new Date(now.getTime() - EXAM_LIVE_RECENT_HOURS * 3_600_000),
        limit: EXAM_LIVE_SITTINGS_LIMIT,
      });
      const sitting = chosen ?? pickSitting(sittings, now);
      if (!sitting) return { now, test, sittings, sitting: null, summary: null, rows: [] };
      const filter = { teacherId: actor.id, testId, ...sitting };
      const [summary, rows] = await Promise.all([
        repo.sittingSummary(db, filter, now),
        repo.sittingExams(db, filter, window),
      ]);
      return { now, test, sittings, sitting, summary, rows };
    },

    async removeExam(actor: Actor, id: number) {
      mayUse(actor);
      authorize(actor, policy.teach, await repo.findExamTerms(db, id));
      await repo.deleteExam(db, id);
    },

    async people(actor: Actor, search: string) {
      mayUse(actor);
      return users.reachedPeople(actor.id, search, REACHED_PEOPLE_SEARCH_LIMIT);
    },

    /** The student starts their exam or comes back to it; only inside its window and until completed. */
    async start(actor: Actor, id: number) {
      mayUse(actor);
      const now = clock.now();
      // The statement checks the student and the window; only a refused start looks up why.
      if (!(await repo.startExam(db, id, actor.id, now))) {
        const terms = authorize(actor, policy.take, await repo.findExamTerms(db, id));
        if (now.getTime() < time(terms.start_at)) throw permissionDenied('exam_not_open_yet');
        await completeIfDue(id);
        throw permissionDenied('exam_over');
      }
      const exam = (await repo.findExam(db, id))!;
      // A time limit may end this attempt before the window's end, whose completion is queued already.
      if (
        exam.time_limit_minutes !== null &&
        exam.started_at !== null &&
        time(exam.started_at) === now.getTime()
      )
        await queueExamEnd(jobs, new Date(exam.ends_at));
      return { now, exam, questions: await repo.examQuestions(db, id, exam.test_id) };
    },

    /**
     * One answer, in two statements whatever its kind: the first marks the student seen and reads the
     * question while the attempt is open, the second saves the answer checking the window again. A letter
     * needs nothing more; a response is checked against its question's kind and its points counted first
     * (the question no longer changes once an exam of its test has started). Only a refused answer looks
     * up why.
     */
    async answer(actor: Actor, examId: number, questionId: number, body: ExamAnswerInput) {
      mayUse(actor);
      const now = clock.now();
      const target = { examId, questionId, studentId: actor.id, now };
      const question = await repo.answeredQuestion(db, target);
      let answer: Parameters<typeof repo.saveAnswer>[1]['answer'] | undefined;
      if (question && body.student_answer !== undefined) answer = { letter: body.student_answer };
      else if (
        question?.settings &&
        body.response !== undefined &&
        responseFits(question.settings, body.response)
      )
        answer = {
          response: body.response,
          points: pointsOf(question.settings, question.score_value, body.response),
        };
      const count = answer && (await repo.saveAnswer(db, { ...target, answer }));
      if (count !== undefined)
        return {
          question: questionId,
          student_answer: body.student_answer ?? null,
          student_response: body.response ?? null,
          answers_count: count,
        };
      const terms = authorize(actor, policy.take, await repo.findExamTerms(db, examId));
      await completeIfDue(examId);
      const current = (await repo.findExamTerms(db, examId))!;
      if (current.completed_at !== null || now.getTime() >= time(terms.ends_at))
        throw permissionDenied('exam_over');
      if (current.started_at === null) throw permissionDenied('exam_not_started');
      const asked = await repo.findQuestion(db, questionId);
      if (!asked || asked.test_id !== terms.test_id) throw notFound();
      throw invalid({
        [body.student_answer !== undefined ? 'student_answer' : 'response']: 'exam_answer_not_given',
      });
    },

    /** The student completes their started exam; completing it again changes nothing. */
    async complete(actor: Actor, id: number) {
      mayUse(actor);
      const terms = authorize(actor, policy.take, await repo.findExamTerms(db, id));
      await completeIfDue(id);
      if (terms.started_at === null) throw permissionDenied('exam_not_started');
      await repo.completeByStudent(db, id, actor.id, clock.now());
      const exam = (await repo.findExam(db, id))!;
      return {
        now: clock.now(),
        exam,
        side: 'student' as const,
        questions: await repo.examQuestions(db, id, exam.test_id),
        events: await repo.examEventsOf(db, id),
      };
    },

    analysis: results.analysis,
    results: results.results,
    exportResults: results.exportResults,
    colleagues: results.colleagues,
    gradebook: results.gradebook,

    /** The server's completion of every started exam whose end has come (the job). */
    completeDue: () => repo.completeDue(db, clock.now()),

    // ------------------------------------------------------------------ tests of learning paths
    /**
     * Why a path of `teacherId` may not end with this test, or null: it must be theirs, have questions and
     * an excellent minimum within its points, as an exam needs. The reason is a field error of the path.
     */
    async pathTestError(executor: Executor, teacherId: number, testId: number) {
      const test = await repo.findTest(executor, testId);
      if (!test || test.created_by_id !== teacherId) return 'learning_path_test';
      if (test.questions_count === 0) return 'exam_test_empty';
      if (test.excellent_score > test.total_score) return 'exam_test_excellent_above_total';
      return null;
    },

    /** A path's test as its progress names it. */
    async pathTestInfo(testId: number) {
      const test = await repo.findTest(db, testId);
      return test
        ? {
            id: test.id,
            name: test.name,
            questions_count: test.questions_count,
            total_score: test.total_score,
          }
        : undefined;
    },

    /**
     * The exam of a path's test for its student, with the path's window; it is the teacher's exam like any
     * other (listed, graded and reviewed by the exams' rules) and not counted again in a free limit: the
     * path was. The caller queues its completion (`queuePathExamEnd`) once its transaction is over.
     */
    async createPathExam(
      executor: Executor,
      exam: { testId: number; teacherId: number; studentId: number; startAt: Date; endAt: Date },
    ) {
      const [inserted] = await repo.insertExams(executor, [
        {
          ...exam,
          shuffleQuestions: false,
          showResultsAfterEnd: false,
          leaveCompletes: false,
          timeLimitMinutes: null,
          createdAt: clock.now(),
        },
      ]);
      return inserted!.id;
    },

    queuePathExamEnd: (endAt: Date) => queueExamEnd(jobs, endAt),

    /** The exams of paths as their progress shows them, each completed first when its end has come. */
    async pathExams(ids: number[], executor: Executor = db) {
      if (ids.length === 0) return [];
      const now = clock.now();
      await repo.completeDue(executor, now, sql`e.id in ${ids}`);
      const byId = new Map((await repo.findExams(executor, ids)).map((row) => [row.id, row]));
      return ids
        .flatMap((id) => byId.get(id) ?? [])
        .map((row) => ({
          id: row.id,
          status: statusOf(row, now),
          score: row.score,
          grade: row.grade,
          started_at: row.started_at,
          completed_at: row.completed_at,
        }));
    },

    /** Removes the exam of a path whose test changes; only one never started (the caller checks). */
    removePathExam: (executor: Executor, id: number) => repo.deleteExam(executor, id),
  };
};

export type ExamsService = ReturnType<typeof createExamsService>;
