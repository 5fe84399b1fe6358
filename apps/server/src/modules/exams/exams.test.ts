import { examRoutes, gradeOf, pathOf, type Thresholds, testRoutes } from '@flashcards/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildFriendship, buildSchool, buildUser } from '../../../test/factories';
import { type Session, signIn as signInAs } from '../../../test/session';
import { column, rowsOf } from '../../db/rows';
import { userGroupMembers, userGroups } from '../../db/schema';
import { completeDueExams } from './exams.jobs';
import { gradeSql } from './exams.repository';

let t: TestApp;
beforeAll(async () => {
  // Tokens outlive the hours and days the tests move the clock by.
  t = await buildTestApp({ ACCESS_TOKEN_MINUTES: String(30 * 24 * 60) });
});
afterAll(() => t.close());

const MINUTE = 60_000;
const signIn = (overrides: Parameters<typeof signInAs>[1] = {}) => signInAs(t, overrides);
const at = (minutes: number) => new Date(t.clock.now().getTime() + minutes * MINUTE).toISOString();

/** A teacher of a new school with students of it. */
const classroom = async (students = 1) => {
  const school = await buildSchool(t.database.db);
  const teacher = await signIn({ schoolId: school.id, isTeacher: true, isOrganizationMember: true });
  const pupils: Session[] = [];
  for (let i = 0; i < students; i++)
    pupils.push(await signIn({ schoolId: school.id, isStudent: true, isOrganizationMember: true }));
  return { school, teacher, pupils };
};

const thresholds = (excellent: number, veryGood: number, good: number, satisfy: number, fail = 0) => ({
  excellent_score_value: excellent,
  very_good_score_value: veryGood,
  good_score_value: good,
  satisfy_score_value: satisfy,
  fail_score_value: fail,
});

type Question = { id: number; correct_answer: string; position: number; answers: string[] };
type TestDetail = {
  id: number;
  questions: Question[];
  is_locked: boolean;
  name: string;
  total_score: number;
};

const question = (overrides: Record<string, unknown> = {}) => ({
  question_text: 'Which river is the longest?',
  answer_a: 'Nile',
  answer_b: 'Danube',
  answer_c: 'Volga',
  answer_d: 'Rhine',
  correct_answer: 'a',
  score_value: 1,
  ...overrides,
});

/**
 * A test of the teacher with `count` questions (correct answer a) by the API: one point each from three
 * questions, else three points each; by default thresholds just under the total.
 */
const makeTest = async (
  teacher: Session,
  count = 3,
  limits?: Thresholds,
  points = count >= 3 ? 1 : 3,
): Promise<TestDetail> => {
  const total = count * points;
  const created = await teacher.call('POST', '/api/exam/test-teachers/', {
    name: 'Rivers',
    ...(limits ?? thresholds(total, total - 1, total - 2, total - 3)),
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id;
  for (let i = 0; i < count; i++) {
    const response = await teacher.call('POST', '/api/exam/test-teachers-questions/', {
      test: id,
      ...question({ question_text: `Question ${i + 1}`, score_value: points }),
    });
    expect(response.statusCode, response.body).toBe(201);
  }
  return (await teacher.call('GET', `/api/exam/test-teachers/${id}/`)).json();
};

const give = async (teacher: Session, body: Record<string, unknown>) => {
  const response = await teacher.call('POST', '/api/exam/exams/', {
    start_at: at(0),
    end_at: at(60),
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { created: number[]; skipped: { student: number; reason: string }[] };
};

const start = (as: Session, examId: number) => as.call('PUT', `/api/exam/exam-started/${examId}/`);
const answer = (as: Session, examId: number, questionId: number, key = 'a') =>
  as.call('POST', `/api/exam/${examId}/${questionId}/answer/`, { student_answer: key });
const complete = (as: Session, examId: number) => as.call('PUT', `/api/exam/exam-completed/${examId}/`);
const detail = (as: Session, examId: number) => as.call('GET', `/api/exam/exams/${examId}/`);
const examRow = async (id: number) =>
  (
    await rowsOf(
      t.database.db,
      sql`select completed_at, completed_by, score, grade from exams where id = ${id}`,
      z.object({
        completed_at: column.time.nullable(),
        completed_by: z.string().nullable(),
        score: z.number().nullable(),
        grade: z.number().nullable(),
      }),
    )
  )[0]!;

describe('tests', () => {
  it('refuse thresholds out of order, naming the first one wrong', async () => {
    const teacher = await signIn();
    for (const [limits, field] of [
      [thresholds(5, 5, 3, 2), 'very_good_score_value'],
      [thresholds(9, 5, 6, 2), 'good_score_value'],
      [thresholds(9, 7, 5, 5), 'satisfy_score_value'],
      [thresholds(9, 7, 5, 3, 4), 'fail_score_value'],
    ] as const) {
      const response = await teacher.call('POST', '/api/exam/test-teachers/', { name: 'T', ...limits });
      expect(response.statusCode, field).toBe(400);
      expect(Object.keys(response.json())).toEqual([field]);
    }
    const fine = await teacher.call('POST', '/api/exam/test-teachers/', {
      name: 'T',
      ...thresholds(9, 7, 5, 3, 3),
    });
    expect(fine.statusCode).toBe(201);
    expect(fine.json()).toMatchObject({
      is_locked: false,
      questions: [],
      questions_count: 0,
      total_score: 0,
    });
  });

  it('keep questions in order: added at the end, blank answers read as null, renumbered and reordered', async () => {
    const teacher = await signIn();
    const test = await makeTest(teacher, 0, thresholds(4, 3, 2, 1));
    const add = (body: Record<string, unknown>) =>
      teacher.call('POST', '/api/exam/test-teachers-questions/', { test: test.id, ...question(body) });
    expect((await add({ answer_c: '', answer_d: 'x' })).json()).toHaveProperty('answer_d');
    expect((await add({ answer_c: '', answer_d: 'x' })).statusCode).toBe(400);
    const blank = await add({ answer_c: '', answer_d: '', correct_answer: 'c' });
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json())).toEqual(['correct_answer']);
    const first = (await add({ answer_c: null, answer_d: '' })).json();
    expect(first).toMatchObject({ position: 1, answer_c: null, answer_d: null, answers: ['Nile', 'Danube'] });
    const second = (await add({ score_value: 3 })).json();
    const third = (await add({})).json();
    expect([second.position, third.position]).toEqual([2, 3]);
    expect((await teacher.call('DELETE', `/api/exam/test-teachers-questions/${first.id}/`)).statusCode).toBe(
      204,
    );
    let read = (await teacher.call('GET', `/api/exam/test-teachers/${test.id}/`)).json();
    expect(read.questions.map((q: Question) => [q.id, q.position])).toEqual([
      [second.id, 1],
      [third.id, 2],
    ]);
    expect(read).toMatchObject({ questions_count: 2, total_score: 4 });
    const order = (ids: number[]) =>
      teacher.call('PUT', `/api/exam/test-teachers/${test.id}/order/`, { questions: ids });
    expect((await order([third.id])).statusCode).toBe(400);
    expect((await order([third.id, third.id])).statusCode).toBe(400);
    expect((await order([third.id, first.id])).statusCode).toBe(400);
    read = (await order([third.id, second.id])).json();
    expect(read.questions.map((q: Question) => [q.id, q.position])).toEqual([
      [third.id, 1],
      [second.id, 2],
    ]);
    const edited = await teacher.call(
      'PUT',
      `/api/exam/test-teachers-questions/${third.id}/`,
      question({ answer_d: '' }),
    );
    expect(edited.json()).toMatchObject({
      position: 1,
      answer_d: null,
      answers: ['Nile', 'Danube', 'Volga'],
    });
  });

  it("are their author's alone", async () => {
    const teacher = await signIn();
    const test = await makeTest(teacher, 1);
    const other = await signIn();
    expect((await other.call('GET', `/api/exam/test-teachers/${test.id}/`)).statusCode).toBe(404);
    expect(
      (await other.call('POST', '/api/exam/test-teachers-questions/', { test: test.id, ...question() }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await other.call('POST', '/api/exam/exams/', {
          school_test: test.id,
          student: [teacher.user.id],
          start_at: at(0),
          end_at: at(60),
        })
      ).statusCode,
    ).toBe(404);
    const list = (await other.call('GET', '/api/exam/test-teachers/')).json();
    expect(list.count).toBe(0);
    const mine = (await teacher.call('GET', '/api/exam/test-teachers/?search=rIV')).json();
    expect(mine.results.map((row: { id: number }) => row.id)).toEqual([test.id]);
    const choices = (await teacher.call('GET', '/api/exam/test-teachers-list/')).json();
    expect(choices).toEqual([
      { id: test.id, name: 'Rivers', questions_count: 1, total_score: 3, excellent_score_value: 3 },
    ]);
  });

  it('are locked once an exam of them started: thresholds and questions stay, the name may change, a copy may change', async () => {
    const { teacher, pupils } = await classroom(1);
    const test = await makeTest(teacher, 2);
    const q = test.questions[0]!;
    const { created } = await give(teacher, { school_test: test.id, student: [pupils[0]!.user.id] });
    // Not started yet: still free to change.
    expect((await teacher.call('GET', `/api/exam/test-teachers/${test.id}/`)).json().is_locked).toBe(false);
    expect((await start(pupils[0]!, created[0]!)).statusCode).toBe(200);
    const read = (await teacher.call('GET', `/api/exam/test-teachers/${test.id}/`)).json();
    expect(read).toMatchObject({ is_locked: true, exams_count: 1 });
    const limits = thresholds(6, 5, 4, 3);
    const changed = await teacher.call('PUT', `/api/exam/test-teachers/${test.id}/`, {
      name: 'Rivers',
      ...thresholds(6, 5, 4, 2),
    });
    expect([changed.statusCode, changed.json().code]).toEqual([409, 'test_locked']);
    const renamed = await teacher.call('PUT', `/api/exam/test-teachers/${test.id}/`, {
      name: 'Seas',
      description: 'Deep',
      ...limits,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Seas', description: 'Deep' });
    for (const response of [
      await teacher.call('POST', '/api/exam/test-teachers-questions/', { test: test.id, ...question() }),
      await teacher.call('PUT', `/api/exam/test-teachers-questions/${q.id}/`, question()),
      await teacher.call('DELETE', `/api/exam/test-teachers-questions/${q.id}/`),
      await teacher.call('PUT', `/api/exam/test-teachers/${test.id}/order/`, {
        questions: [test.questions[1]!.id, q.id],
      }),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('test_locked');
    }
    const copy = await teacher.call('POST', `/api/exam/test-teachers/${test.id}/copy/`);
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({
      name: 'Seas (copy)',
      is_locked: false,
      exams_count: 0,
      questions_count: 2,
    });
    const copied = copy.json() as TestDetail;
    expect(copied.questions.map((c) => c.position)).toEqual([1, 2]);
    expect(
      (await teacher.call('DELETE', `/api/exam/test-teachers-questions/${copied.questions[0]!.id}/`))
        .statusCode,
    ).toBe(204);
    // Deleting the test takes its exams with it.
    expect((await teacher.call('DELETE', `/api/exam/test-teachers/${test.id}/`)).statusCode).toBe(204);
    expect((await detail(teacher, created[0]!)).statusCode).toBe(404);
  });
});

describe('giving exams', () => {
  it('creates one exam per reached student; self and the unreached come back skipped, a repeat counts once', async () => {
    const { teacher, pupils } = await classroom(2);
    const friend = await buildUser(t.database.db);
    await buildFriendship(t.database.db, teacher.user.id, friend.id);
    const stranger = await buildUser(t.database.db);
    const test = await makeTest(teacher, 1);
    const result = await give(teacher, {
      school_test: test.id,
      student: [
        pupils[0]!.user.id,
        pupils[0]!.user.id,
        pupils[1]!.user.id,
        friend.id,
        stranger.id,
        teacher.user.id,
      ],
    });
    expect(result.created).toHaveLength(3);
    expect(result.skipped).toEqual([
      { student: stranger.id, reason: 'not_reached' },
      { student: teacher.user.id, reason: 'self' },
    ]);
  });

  it("gives a group's members; a group not mine is not found", async () => {
    const { teacher, pupils } = await classroom(1);
    const stranger = await buildUser(t.database.db);
    const [group] = await t.database.db
      .insert(userGroups)
      .values({ authorId: teacher.user.id, name: '5B' })
      .returning();
    await t.database.db.insert(userGroupMembers).values([
      { groupId: group!.id, userId: pupils[0]!.user.id },
      { groupId: group!.id, userId: stranger.id },
    ]);
    const test = await makeTest(teacher, 1);
    const result = await give(teacher, { school_test: test.id, users_group: group!.id });
    expect(result.created).toHaveLength(1);
    expect(result.skipped).toEqual([{ student: stranger.id, reason: 'not_reached' }]);
    const [theirs] = await t.database.db
      .insert(userGroups)
      .values({ authorId: stranger.id, name: 'x' })
      .returning();
    const refused = await teacher.call('POST', '/api/exam/exams/', {
      school_test: test.id,
      users_group: theirs!.id,
      start_at: at(0),
      end_at: at(60),
    });
    expect(refused.statusCode).toBe(404);
  });

  it('refuses an empty test, an excellent minimum above the points, an end in the past or before the start', async () => {
    const { teacher, pupils } = await classroom(1);
    const student = [pupils[0]!.user.id];
    const empty = await makeTest(teacher, 0, thresholds(4, 3, 2, 1));
    const short = await makeTest(teacher, 2, thresholds(10, 3, 2, 1));
    const full = await makeTest(teacher, 4, thresholds(4, 3, 2, 1));
    for (const [body, field, key] of [
      [{ school_test: empty.id, student }, 'school_test', 'exam_test_empty'],
      [{ school_test: short.id, student }, 'school_test', 'exam_test_excellent_above_total'],
      [{ school_test: full.id, student, start_at: at(-120), end_at: at(-60) }, 'end_at', 'exam_end_in_past'],
      [
        { school_test: full.id, student, start_at: at(60), end_at: at(30) },
        'end_at',
        'exam_end_before_start',
      ],
      [{ school_test: full.id, student, users_group: 1 }, 'student', 'exam_students_or_group'],
      [{ school_test: full.id, student, end_at: 'tomorrow' }, 'end_at', 'invalid_datetime'],
    ] as const) {
      const response = await teacher.call('POST', '/api/exam/exams/', {
        start_at: at(0),
        end_at: at(60),
        ...body,
      });
      expect(response.statusCode, key).toBe(400);
      expect(Object.keys(response.json()), key).toEqual([field]);
    }
  });
});

describe('taking an exam', () => {
  it('opens only between the start and the end, extended by extra time', async () => {
    const { teacher, pupils } = await classroom(2);
    const test = await makeTest(teacher, 2);
    const [a, b] = pupils as [Session, Session];
    const { created } = await give(teacher, {
      school_test: test.id,
      student: [a.user.id, b.user.id],
      start_at: at(10),
      end_at: at(70),
    });
    const [examA, examB] = created as [number, number];
    const early = await start(a, examA);
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe('exam_not_open_yet');
    expect((await answer(a, examA, test.questions[0]!.id)).json().code).toBe('exam_not_started');
    const extended = await teacher.call('PATCH', `/api/exam/exams/${examB}/`, { extra_minutes: 30 });
    expect(extended.json()).toMatchObject({
      extra_minutes: 30,
      ends_at: new Date(Date.parse(at(100))).toISOString(),
    });
    t.clock.advance(10 * MINUTE);
    expect((await start(a, examA)).statusCode).toBe(200);
    expect((await answer(a, examA, test.questions[0]!.id)).json()).toEqual({
      question: test.questions[0]!.id,
      student_answer: 'a',
      student_response: null,
      answers_count: 1,
    });
    // Past the end: A's time is up; B, with extra time, may still begin and answer.
    t.clock.advance(60 * MINUTE);
    const late = await answer(a, examA, test.questions[1]!.id);
    expect([late.statusCode, late.json().code]).toEqual([403, 'exam_over']);
    expect((await start(a, examA)).json().code).toBe('exam_over');
    expect((await detail(a, examA)).json()).toMatchObject({ status: 'completed', score: 3 });
    expect((await start(b, examB)).statusCode).toBe(200);
    expect((await answer(b, examB, test.questions[1]!.id, 'b')).statusCode).toBe(200);
    t.clock.advance(30 * MINUTE);
    expect((await answer(b, examB, test.questions[1]!.id)).json().code).toBe('exam_over');
    expect((await teacher.call('PATCH', `/api/exam/exams/${examB}/`, { extra_minutes: 60 })).statusCode).toBe(
      409,
    );
  });

  it('refuses answers that are not given, questions of another test, and answers after completion', async () => {
    const { teacher, pupils } = await classroom(1);
    const test = await makeTest(teacher, 1);
    const other = await makeTest(teacher, 1);
    await teacher.call(
      'PUT',
      `/api/exam/test-teachers-questions/${test.questions[0]!.id}/`,
      question({ answer_c: '', answer_d: '', score_value: 3 }),
    );
    const { created } = await give(teacher, { school_test: test.id, student: [pupils[0]!.user.id] });
    const id = created[0]!;
    await start(pupils[0]!, id);
    const notGiven = await answer(pupils[0]!, id, test.questions[0]!.id, 'c');
    expect(notGiven.statusCode).toBe(400);
    expect(Object.keys(notGiven.json())).toEqual(['student_answer']);
    expect((await answer(pupils[0]!, id, other.questions[0]!.id)).statusCode).toBe(404);
    expect((await answer(pupils[0]!, id, test.questions[0]!.id, 'b')).statusCode).toBe(200);
    const done = await complete(pupils[0]!, id);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'completed', score: 0, grade: 3 });
    const after = await answer(pupils[0]!, id, test.questions[0]!.id, 'a');
    expect([after.statusCode, after.json().code]).toEqual([403, 'exam_over']);
    const completedAt = done.json().completed_at;
    t.clock.advance(MINUTE);
    const again = await complete(pupils[0]!, id);
    expect(again.json()).toMatchObject({ completed_at: completedAt, score: 0 });
    expect((await examRow(id)).completed_by).toBe('student');
  });

  it('is not found for another student, and refuses completion before the start call', async () => {
    const { teacher, pupils } = await classroom(2);
    const test = await makeTest(teacher, 1);
    const { created } = await give(teacher, { school_test: test.id, student: [pupils[0]!.user.id] });
    const id = created[0]!;
    const other = pupils[1]!;
    for (const response of [
      await detail(other, id),
      await start(other, id),
      await answer(other, id, test.questions[0]!.id),
      await complete(other, id),
      await other.call('PATCH', `/api/exam/exams/${id}/`, { extra_minutes: 5 }),
      await other.call('DELETE', `/api/exam/exams/${id}/`),
    ])
      expect(response.statusCode).toBe(404);
    // The student may neither change nor delete their exam.
    expect((await pupils[0]!.call('DELETE', `/api/exam/exams/${id}/`)).statusCode).toBe(404);
    const early = await complete(pupils[0]!, id);
    expect([early.statusCode, early.json().code]).toEqual([403, 'exam_not_started']);
  });

  it('never shows the student the correct answers before every classmate is done', async () => {
    const { teacher, pupils } = await classroom(2);
    const test = await makeTest(teacher, 3);
    const [a, b] = pupils as [Session, Session];
    const { created } = await give(teacher, { school_test: test.id, student: [a.user.id, b.user.id] });
    const [examA, examB] = created as [number, number];
    await teacher.call('PATCH', `/api/exam/exams/${examB}/`, { extra_minutes: 20 });
    const taking = await start(a, examA);
    expect(taking.body).not.toContain('correct');
    expect(taking.json().questions).toHaveLength(3);
    expect(taking.json().questions[0].answers).toEqual([
      { key: 'a', shown_key: 'a', text: 'Nile' },
      { key: 'b', shown_key: 'b', text: 'Danube' },
      { key: 'c', shown_key: 'c', text: 'Volga' },
      { key: 'd', shown_key: 'd', text: 'Rhine' },
    ]);
    for (const q of test.questions) await answer(a, examA, q.id);
    const done = (await complete(a, examA)).json();
    expect(done).toMatchObject({ score: 3, grade: 6, questions: [] });
    expect(JSON.stringify(done)).not.toContain('correct_answer');
    // The teacher sees everything at once.
    const teacherView = (await detail(teacher, examA)).json();
    expect(teacherView.questions).toHaveLength(3);
    expect(teacherView.questions[0]).toMatchObject({
      correct_answer: 'a',
      student_answer: 'a',
      is_correct: true,
    });
    // After A's end, B still has extra time: no review for A yet.
    t.clock.advance(61 * MINUTE);
    expect((await detail(a, examA)).json().questions).toEqual([]);
    t.clock.advance(20 * MINUTE);
    const review = (await detail(a, examA)).json();
    expect(review.questions).toHaveLength(3);
    expect(review.questions[0]).toMatchObject({ correct_answer: 'a', student_answer: 'a', is_correct: true });
    expect((await detail(b, examB)).json()).toMatchObject({ status: 'missed', score: null, grade: null });
  });

  it('hides the score until the end when the exam says so', async () => {
    const { teacher, pupils } = await classroom(1);
    const test = await makeTest(teacher, 3);
    const { created } = await give(teacher, {
      school_test: test.id,
      student: [pupils[0]!.user.id],
      show_results_after_end: true,
    });
    const id = created[0]!;
    await start(pupils[0]!, id);
    await answer(pupils[0]!, id, test.questions[0]!.id);
    const done = (await complete(pupils[0]!, id)).json();
    expect(done).toMatchObject({ status: 'completed', score: null, grade: null, results_at: at(60) });
    expect((await detail(teacher, id)).json()).toMatchObject({ score: 1 });
    const listed = (await pupils[0]!.call('GET', '/api/exam/students-exams/')).json();
    expect(listed.results[0]).toMatchObject({ id, score: null });
    t.clock.advance(60 * MINUTE);
    expect((await detail(pupils[0]!, id)).json()).toMatchObject({ score: 1, grade: 4 });
  });

  it('shuffles questions and answers in an order of its own, the same on every call', async () => {
    const { teacher, pupils } = await classroom(3);
    const test = await makeTest(teacher, 8, thresholds(8, 6, 4, 2));
    const { created } = await give(teacher, {
      school_test: test.id,
      student: pupils.map((pupil) => pupil.user.id),
      shuffle_questions: true,
    });
    const orders: string[] = [];
    for (const [index, id] of created.entries()) {
      const first = (await start(pupils[index]!, id)).json();
      const second = (await start(pupils[index]!, id)).json();
      expect(second.questions).toEqual(first.questions);
      const letters = first.questions[0].answers.map(
        (choice: { key: string; text: string }) => `${choice.key}${choice.text}`,
      );
      expect(new Set(letters)).toEqual(new Set(['aNile', 'bDanube', 'cVolga', 'dRhine']));
      orders.push(first.questions.map((q: { id: number }) => q.id).join());
    }
    const inOrder = test.questions.map((q) => q.id).join();
    expect(orders.some((order) => order !== inOrder)).toBe(true);
    expect(new Set(orders).size).toBeGreaterThan(1);
  });
});

describe('grades', () => {
  it('are given from each threshold exactly, and one point under gives the grade below', async () => {
    const { teacher, pupils } = await classroom(8);
    const test = await makeTest(teacher, 10, thresholds(10, 8, 6, 4));
    const { created } = await give(teacher, { school_test: test.id, student: pupils.map((p) => p.user.id) });
    const corrects = [10, 9, 8, 7, 6, 5, 4, 3];
    const grades: number[] = [];
    for (const [index, id] of created.entries()) {
      const pupil = pupils[index]!;
      await start(pupil, id);
      for (const [n, q] of test.questions.entries())
        await answer(pupil, id, q.id, n < corrects[index]! ? 'a' : 'b');
      const done = (await complete(pupil, id)).json();
      expect(done.score).toBe(corrects[index]);
      grades.push(done.grade);
    }
    expect(grades).toEqual([6, 5, 5, 4, 4, 3, 3, 2]);
  });

  it('in SQL agree with gradeOf at every boundary', async () => {
    const cases: Thresholds[] = [
      thresholds(10, 8, 6, 4),
      thresholds(5, 4, 3, 2, 2),
      thresholds(100, 50, 1, 0),
      thresholds(3, 2, 1, 0, 0),
    ];
    for (const limits of cases) {
      const scores = new Set<number>();
      for (const value of Object.values(limits))
        for (const score of [value - 1, value, value + 1]) if (score >= 0) scores.add(score);
      for (const score of scores) {
        const [row] = await rowsOf(
          t.database.db,
          sql`select ${gradeSql(sql`${score}::int`, 't')} as grade from (select ${limits.excellent_score_value}::int as excellent_score,
            ${limits.very_good_score_value}::int as very_good_score, ${limits.good_score_value}::int as good_score,
            ${limits.satisfy_score_value}::int as satisfy_score) t`,
          z.object({ grade: z.number() }),
        );
        expect(row!.grade, `${score} of ${JSON.stringify(limits)}`).toBe(gradeOf(score, limits));
      }
    }
  });
});

describe('completion by the server', () => {
  it('completes every started exam at its end once, even when run twice at the same time, and leaves missed ones', async () => {
    const { teacher, pupils } = await classroom(3);
    const test = await makeTest(teacher, 3);
    const { created } = await give(teacher, {
      school_test: test.id,
      student: pupils.map((p) => p.user.id),
      end_at: at(30),
    });
    const [first, second, never] = created as [number, number, number];
    await start(pupils[0]!, first);
    await answer(pupils[0]!, first, test.questions[0]!.id);
    await answer(pupils[0]!, first, test.questions[1]!.id);
    await start(pupils[1]!, second);
    await teacher.call('PATCH', `/api/exam/exams/${second}/`, { extra_minutes: 10 });
    const end = new Date(Date.parse(at(30)));
    t.clock.advance(35 * MINUTE);
    const [one, two] = await Promise.all([t.services.exams.completeDue(), t.services.exams.completeDue()]);
    expect([...one, ...two]).toEqual([first]);
    expect(await examRow(first)).toMatchObject({ completed_by: 'server', score: 2 });
    expect(new Date((await examRow(first)).completed_at!).toISOString()).toBe(end.toISOString());
    expect((await examRow(second)).completed_at).toBeNull();
    // Through the job kind, once the extra time is over too.
    t.clock.advance(10 * MINUTE);
    await t.services.jobs.send(completeDueExams, {});
    await t.services.jobs.send(completeDueExams, {});
    expect(await t.runJobs()).toBeGreaterThanOrEqual(2);
    expect(await examRow(second)).toMatchObject({ completed_by: 'server', score: 0 });
    expect(new Date((await examRow(second)).completed_at!).getTime()).toBe(end.getTime() + 10 * MINUTE);
    // A changed answer afterwards does not change the score: nothing is recomputed.
    await t.database.db.execute(sql`update exam_answers set student_answer = 'a' where exam_id = ${second}`);
    expect(await t.services.exams.completeDue()).toEqual([]);
    expect(await examRow(first)).toMatchObject({ score: 2 });
    expect(await examRow(never)).toMatchObject({ completed_at: null, score: null });
    expect((await detail(pupils[2]!, never)).json()).toMatchObject({ status: 'missed', score: null });
  });
});

describe('the exams of paths', () => {
  it('come in the order asked, leave out unknown ids, and cost the same queries for one exam as for three', async () => {
    const { teacher, pupils } = await classroom(3);
    const test = await makeTest(teacher, 3);
    const { created } = await give(teacher, { school_test: test.id, student: pupils.map((p) => p.user.id) });
    const [first, second, third] = created as [number, number, number];
    await start(pupils[1]!, second);
    const queriesOf = async (ids: number[]) => {
      t.database.queries.length = 0;
      const exams = await t.services.exams.pathExams(ids);
      return { ids: exams.map((exam) => exam.id), queries: t.database.queries.length };
    };
    const one = await queriesOf([first]);
    const three = await queriesOf([third, second, 0, first]);
    expect(three.ids).toEqual([third, second, first]);
    expect(three.queries).toBe(one.queries);
  });
});

describe('lists', () => {
  it("list the teacher's and the student's exams with filters, a summary, and a fixed number of queries", async () => {
    const { teacher, pupils } = await classroom(3);
    const test = await makeTest(teacher, 3);
    const other = await makeTest(teacher, 1);
    const { created } = await give(teacher, { school_test: test.id, student: pupils.map((p) => p.user.id) });
    await give(teacher, { school_test: other.id, student: [pupils[0]!.user.id] });
    await start(pupils[0]!, created[0]!);
    await answer(pupils[0]!, created[0]!, test.questions[0]!.id);
    await answer(pupils[0]!, created[0]!, test.questions[1]!.id);
    await answer(pupils[0]!, created[0]!, test.questions[2]!.id);
    await complete(pupils[0]!, created[0]!);
    await start(pupils[1]!, created[1]!);
    const list = async (as: Session, url: string) => {
      const response = await as.call('GET', url);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    expect((await list(teacher, '/api/exam/exams/')).count).toBe(4);
    expect((await list(teacher, `/api/exam/exams/?test_id=${test.id}`)).count).toBe(3);
    const completed = await list(teacher, '/api/exam/exams/?status=completed');
    expect(completed.results.map((e: { id: number }) => e.id)).toEqual([created[0]]);
    expect((await list(teacher, '/api/exam/exams/?status=in_progress')).count).toBe(1);
    expect((await list(teacher, '/api/exam/exams/?status=not_started')).count).toBe(2);
    const byStudent = await list(
      teacher,
      `/api/exam/exams/?search=${encodeURIComponent(pupils[2]!.user.email)}`,
    );
    expect(byStudent.results.map((e: { id: number }) => e.id)).toEqual([created[2]]);
    expect((await list(pupils[0]!, '/api/exam/students-exams/')).count).toBe(2);
    expect(
      (await list(pupils[0]!, '/api/exam/students-exams/?sort_by=alphabetical&sort_order=asc')).results
        .length,
    ).toBe(2);
    expect((await list(pupils[0]!, '/api/exam/exams/')).count).toBe(0);
    const summary = await list(teacher, `/api/exam/exams/summary/?test_id=${test.id}`);
    expect(summary).toEqual({
      count: 3,
      by_status: { not_started: 1, in_progress: 1, completed: 1, missed: 0 },
      by_grade: { '2': 0, '3': 0, '4': 0, '5': 0, '6': 1 },
      average_score: 3,
      average_grade: 6,
    });
    const measure = async () => {
      t.database.queries.length = 0;
      await list(teacher, '/api/exam/exams/');
      return t.database.queries.length;
    };
    const small = await measure();
    await give(teacher, { school_test: other.id, student: [pupils[1]!.user.id, pupils[2]!.user.id] });
    await give(teacher, { school_test: test.id, student: [pupils[1]!.user.id, pupils[2]!.user.id] });
    expect(await measure()).toBe(small);
  });

  it('of tests cost the same number of queries for a page of 2 and a full page', async () => {
    const teacher = await signIn();
    const measure = async () => {
      t.database.queries.length = 0;
      const response = await teacher.call('GET', '/api/exam/test-teachers/?sort_by=alphabetical');
      expect(response.statusCode).toBe(200);
      return t.database.queries.length;
    };
    for (let i = 0; i < 2; i++) await makeTest(teacher, 1);
    const small = await measure();
    for (let i = 0; i < 20; i++)
      await teacher.call('POST', '/api/exam/test-teachers/', {
        name: `Test ${i}`,
        ...thresholds(3, 2, 1, 0),
      });
    expect(await measure()).toBe(small);
  });

  it('offer the people the teacher reaches', async () => {
    const { teacher, pupils } = await classroom(1);
    const response = await teacher.call(
      'GET',
      `/api/exam/users-search/?search=${encodeURIComponent(pupils[0]!.user.email)}`,
    );
    expect(response.json().map((p: { id: number }) => p.id)).toEqual([pupils[0]!.user.id]);
  });
});

describe('auto-created accounts', () => {
  it('are refused every route of tests and exams', async () => {
    const unclaimed = await signIn({ isAutoCreated: true });
    for (const [name, route] of Object.entries({ ...testRoutes, ...examRoutes })) {
      const params = { id: 1, examId: 1, questionId: 1 };
      const url = pathOf(route, params);
      const response = await unclaimed.call(
        route.method,
        `${url}${route.method === 'GET' && name === 'examStudentsSearch' ? '?search=a' : ''}`,
        route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      );
      // The body is checked first; a valid request gets the 403. Either way nothing is done for them.
      expect([400, 403], name).toContain(response.statusCode);
      if (response.statusCode === 403) expect(response.json().code, name).toBe('auto_created_restricted');
    }
    expect((await unclaimed.call('GET', '/api/exam/exams/')).statusCode).toBe(403);
    expect((await unclaimed.call('GET', '/api/exam/test-teachers/')).statusCode).toBe(403);
    expect((await unclaimed.call('GET', '/api/exam/students-exams/')).statusCode).toBe(403);
    expect((await unclaimed.call('PUT', '/api/exam/exam-started/1/')).statusCode).toBe(403);
  });
});

describe('attempts', () => {
  /** Moments counted from now, fixed while the test moves the clock. */
  const fromNow = () => {
    const base = t.clock.now().getTime();
    return (minutes: number) => new Date(base + minutes * MINUTE).toISOString();
  };

  it('stay open by default: coming back after a reload resumes with the saved answers', async () => {
    const { teacher, pupils } = await classroom(1);
    const test = await makeTest(teacher, 3);
    const pupil = pupils[0]!;
    const iso = fromNow();
    const { created } = await give(teacher, { school_test: test.id, student: [pupil.user.id] });
    const id = created[0]!;
    const first = (await start(pupil, id)).json();
    expect(first.exam).toMatchObject({ leave_completes: false, time_limit_minutes: null, ends_at: iso(60) });
    await answer(pupil, id, test.questions[0]!.id, 'b');
    // The page went away (a reload, a crash, a lost connection) and comes back minutes later.
    t.clock.advance(5 * MINUTE);
    const again = await start(pupil, id);
    expect(again.statusCode).toBe(200);
    expect(again.json().exam).toMatchObject({
      started_at: first.exam.started_at,
      ends_at: first.exam.ends_at,
    });
    expect(again.json().questions.map((q: { student_answer: string | null }) => q.student_answer)).toEqual([
      'b',
      null,
      null,
    ]);
    expect((await detail(pupil, id)).json()).toMatchObject({
      status: 'in_progress',
      answers_count: 1,
      leave_completes: false,
    });
    expect((await answer(pupil, id, test.questions[1]!.id)).json().answers_count).toBe(2);
    expect(await examRow(id)).toMatchObject({ completed_at: null });
  });

  it('in the strict mode say so everywhere, and the completion on leaving ends the attempt for good', async () => {
    const { teacher, pupils } = await classroom(1);
    const test = await makeTest(teacher, 2);
    const pupil = pupils[0]!;
    const { created } = await give(teacher, {
      school_test: test.id,
      student: [pupil.user.id],
      leave_completes: true,
    });
    const id = created[0]!;
    expect((await detail(teacher, id)).json()).toMatchObject({ leave_completes: true });
    const listed = (await pupil.call('GET', '/api/exam/students-exams/')).json();
    expect(listed.results[0]).toMatchObject({ id, leave_completes: true, now: at(0) });
    expect((await start(pupil, id)).json().exam.leave_completes).toBe(true);
    await answer(pupil, id, test.questions[0]!.id);
    // The page calls the completion when the student leaves it.
    expect((await complete(pupil, id)).json()).toMatchObject({ status: 'completed', score: 3 });
    expect((await start(pupil, id)).json().code).toBe('exam_over');
  });

  it('end at the time limit inside the window, at the window end when that comes first, plus extra time', async () => {
    const { teacher, pupils } = await classroom(3);
    const test = await makeTest(teacher, 3);
    const [early, extra, late] = pupils as [Session, Session, Session];
    const iso = fromNow();
    const { created } = await give(teacher, {
      school_test: test.id,
      student: [early.user.id, extra.user.id, late.user.id],
      end_at: at(360),
      time_limit_minutes: 20,
    });
    const [earlyId, extraId, lateId] = created as [number, number, number];
    // Not started: the window and the limit are both given; the attempt may start until the window's end.
    expect((await detail(late, lateId)).json()).toMatchObject({
      time_limit_minutes: 20,
      end_exam_at: iso(360),
      ends_at: iso(360),
      status: 'not_started',
    });
    await teacher.call('PATCH', `/api/exam/exams/${extraId}/`, { extra_minutes: 5 });

    t.clock.advance(10 * MINUTE);
    expect((await start(early, earlyId)).json().exam).toMatchObject({
      ends_at: iso(30),
      time_limit_minutes: 20,
    });
    expect((await detail(teacher, earlyId)).json()).toMatchObject({
      ends_at: iso(30),
      status: 'in_progress',
    });
    // Its completion is queued for that end (the window's end is queued already, hours later).
    const queued = await rowsOf(
      t.database.db,
      sql`select start_after from pgboss.job where name = ${completeDueExams}
        and singleton_key = ${`exam-end:${iso(30)}`} and state = 'created'`,
      z.object({ start_after: column.time }),
    );
    expect(queued.map((job) => new Date(job.start_after).toISOString())).toEqual([iso(30)]);
    t.clock.advance(19 * MINUTE);
    expect((await answer(early, earlyId, test.questions[0]!.id)).statusCode).toBe(200);
    t.clock.advance(2 * MINUTE);
    // The completion queued at the start completes the attempt at its limit.
    await t.runJobs();
    expect(await examRow(earlyId)).toMatchObject({ completed_by: 'server', score: 1 });
    expect(new Date((await examRow(earlyId)).completed_at!).toISOString()).toBe(iso(30));
    const refused = await answer(early, earlyId, test.questions[1]!.id);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'exam_over']);

    t.clock.advance(69 * MINUTE);
    expect((await start(extra, extraId)).json().exam.ends_at).toBe(iso(125));
    t.clock.advance(24 * MINUTE);
    expect((await answer(extra, extraId, test.questions[0]!.id)).statusCode).toBe(200);
    t.clock.advance(2 * MINUTE);
    // (Exams of earlier tests whose end has come go with it.)
    const swept = await t.services.exams.completeDue();
    expect(swept).toContain(extraId);
    expect(swept).not.toContain(lateId);
    expect(new Date((await examRow(extraId)).completed_at!).toISOString()).toBe(iso(125));

    // Started ten minutes before the window's end: that end comes first.
    t.clock.advance(224 * MINUTE);
    expect((await start(late, lateId)).json().exam.ends_at).toBe(iso(360));
    const teacherList = (await teacher.call('GET', '/api/exam/exams/')).json();
    expect(teacherList.results.find((exam: { id: number }) => exam.id === lateId)).toMatchObject({
      ends_at: iso(360),
      end_exam_at: iso(360),
      time_limit_minutes: 20,
    });
    t.clock.advance(10 * MINUTE);
    expect(await t.services.exams.completeDue()).toContain(lateId);
    expect(new Date((await examRow(lateId)).completed_at!).toISOString()).toBe(iso(360));
  });

  it('refuse a time limit or a leave rule that is not one', async () => {
    const { teacher, pupils } = await classroom(1);
    const test = await makeTest(teacher, 1);
    const student = [pupils[0]!.user.id];
    for (const [body, field] of [
      [{ time_limit_minutes: 0 }, 'time_limit_minutes'],
      [{ time_limit_minutes: 1441 }, 'time_limit_minutes'],
      [{ time_limit_minutes: 2.5 }, 'time_limit_minutes'],
      [{ time_limit_minutes: 'twenty' }, 'time_limit_minutes'],
      [{ leave_completes: 'sometimes' }, 'leave_completes'],
    ] as const) {
      const response = await teacher.call('POST', '/api/exam/exams/', {
        school_test: test.id,
        student,
        start_at: at(0),
        end_at: at(60),
        ...body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json(), JSON.stringify(body)).toEqual({ [field]: [expect.any(String)] });
    }
    const longest = await give(teacher, { school_test: test.id, student, time_limit_minutes: 1440 });
    expect((await detail(teacher, longest.created[0]!)).json().time_limit_minutes).toBe(1440);
    const none = await give(teacher, { school_test: test.id, student, time_limit_minutes: null });
    expect((await detail(teacher, none.created[0]!)).json().time_limit_minutes).toBeNull();
  });
});

describe("the principal oversees the teachers' exams", () => {
  it("lists a teacher's exams with their results and opens one read-only; every change stays refused", async () => {
    const { school, teacher, pupils } = await classroom(1);
    const principal = await signIn({
      schoolId: school.id,
      isOrganizationMember: true,
      isOrganizationHost: true,
    });
    const test = await makeTest(teacher, 3);
    const {
      created: [examId],
    } = await give(teacher, { school_test: test.id, student: [pupils[0]!.user.id] });
    await start(pupils[0]!, examId!);
    await answer(pupils[0]!, examId!, test.questions[0]!.id);
    await complete(pupils[0]!, examId!);

    const listed = await principal.call('GET', `/api/exam/school-teachers/?teacher=${teacher.user.id}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().results).toEqual([
      expect.objectContaining({ id: examId, status: 'completed', score: 1, grade: expect.any(Number) }),
    ]);
    const seen = await detail(principal, examId!);
    expect(seen.statusCode, seen.body).toBe(200);
    // The teacher's view: the answers given beside the right ones.
    expect(seen.json().questions[0]).toMatchObject({ student_answer: 'a', correct_answer: 'a' });

    // Read-only: extra time, reopening and deleting do not exist for the principal; nor does taking it.
    const url = `/api/exam/exams/${examId}/`;
    expect((await principal.call('PATCH', url, { extra_minutes: 5 })).statusCode).toBe(404);
    expect((await principal.call('POST', `${url}reopen/`, { minutes: 5 })).statusCode).toBe(404);
    expect((await principal.call('DELETE', url)).statusCode).toBe(404);
    expect((await start(principal, examId!)).statusCode).toBe(404);
    expect((await detail(teacher, examId!)).statusCode).toBe(200);
  });

  it("is for principals only, and only of their own school's teachers", async () => {
    const { school, teacher, pupils } = await classroom(1);
    const test = await makeTest(teacher, 3);
    const {
      created: [examId],
    } = await give(teacher, { school_test: test.id, student: [pupils[0]!.user.id] });
    const url = `/api/exam/school-teachers/?teacher=${teacher.user.id}`;
    const colleague = await signIn({ schoolId: school.id, isOrganizationMember: true, isTeacher: true });
    expect((await colleague.call('GET', url)).statusCode).toBe(403);
    expect((await detail(colleague, examId!)).statusCode).toBe(404);
    const elsewhere = await buildSchool(t.database.db);
    const otherPrincipal = await signIn({
      schoolId: elsewhere.id,
      isOrganizationMember: true,
      isOrganizationHost: true,
    });
    expect((await otherPrincipal.call('GET', url)).statusCode).toBe(404);
    expect((await detail(otherPrincipal, examId!)).statusCode).toBe(404);
  });
});
