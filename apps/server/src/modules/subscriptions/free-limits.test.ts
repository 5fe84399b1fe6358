import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildCard, buildCategory, buildSchool } from '../../../test/factories';
import { type Session, signIn as signInAs } from '../../../test/session';
import { users } from '../../db/schema';
import { DAY, dayIn } from '../../lib/clock';

/** docs/api.md "Entitlements": a free account may have 3 active learning paths, tests and exams at a time; premium ones any. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ ACCESS_TOKEN_MINUTES: String(60 * 24 * 60) });
});
afterAll(() => t.close());

const day = (offsetDays = 0) => dayIn('UTC', new Date(t.clock.now().getTime() + offsetDays * DAY));
const premium = () => ({ trialEndDate: new Date(t.clock.now().getTime() + 300 * DAY) });

/** A teacher of a new school (free unless `overrides` say otherwise) with two students. */
const classroom = async (overrides: Parameters<typeof signInAs>[1] = {}) => {
  const school = await buildSchool(t.database.db);
  const member = { schoolId: school.id, isOrganizationMember: true };
  const teacher = await signInAs(t, { ...member, isTeacher: true, trialEndDate: null, ...overrides });
  const pupils = [
    await signInAs(t, { ...member, isStudent: true }),
    await signInAs(t, { ...member, isStudent: true }),
  ];
  return { teacher, pupils };
};

const expectFreeLimit = (response: Awaited<ReturnType<Session['call']>>, items: string) => {
  expect(response.statusCode, response.body).toBe(403);
  expect(response.json()).toEqual({
    code: 'free_limit',
    detail: `A free account may have 3 active ${items} at a time. Subscribe to create more.`,
  });
};

describe('learning paths', () => {
  const category = async (teacher: Session) => {
    const made = await buildCategory(t.database.db, { userId: teacher.user.id });
    await buildCard(t.database.db, { categoryId: made.id });
    return made.id;
  };
  const assign = (teacher: Session, students: Session[], categoryId: number, endAt = day(7)) =>
    teacher.call(
      'POST',
      '/api/learning-paths/list-teachers/',
      students.map((student) => ({
        name: 'Rivers',
        assigned_user: student.user.id,
        category: categoryId,
        start_at: day(),
        end_at: endAt,
      })),
    );

  it('counts categories with paths running: a class on one category is one; ended ones do not count', async () => {
    const { teacher, pupils } = await classroom();
    for (let i = 0; i < 3; i++)
      expect((await assign(teacher, pupils, await category(teacher))).statusCode).toBe(201);
    const fourth = await category(teacher);
    expectFreeLimit(await assign(teacher, pupils, fourth), 'learning paths');
    const bg = await teacher.call(
      'POST',
      '/api/learning-paths/list-teachers/',
      [{ name: 'x', assigned_user: pupils[0]!.user.id, category: fourth, start_at: day(), end_at: day(1) }],
      { 'accept-language': 'bg' },
    );
    expect(bg.json().detail).toBe(
      'Безплатният профил може да има до 3 активни учебни пътеки едновременно. Абонирайте се, за да създадете още.',
    );
    // Once the running paths have ended, new ones may start.
    t.clock.advance(8 * DAY);
    try {
      expect((await assign(teacher, pupils, fourth)).statusCode).toBe(201);
    } finally {
      t.clock.advance(-8 * DAY);
    }
  });

  it('has no limit for a premium account', async () => {
    const { teacher, pupils } = await classroom(premium());
    for (let i = 0; i < 4; i++)
      expect((await assign(teacher, pupils, await category(teacher))).statusCode).toBe(201);
  });
});

describe('tests and exams', () => {
  const thresholds = {
    excellent_score_value: 3,
    very_good_score_value: 2,
    good_score_value: 1,
    satisfy_score_value: 0,
    fail_score_value: 0,
  };
  const createTest = (teacher: Session) =>
    teacher.call('POST', '/api/exam/test-teachers/', { name: 'Rivers', ...thresholds });
  const testWithQuestion = async (teacher: Session) => {
    const created = await createTest(teacher);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const question = await teacher.call('POST', '/api/exam/test-teachers-questions/', {
      test: id,
      question_text: 'Which river is the longest?',
      answer_a: 'Nile',
      answer_b: 'Danube',
      answer_c: 'Volga',
      answer_d: 'Rhine',
      correct_answer: 'a',
      score_value: 3,
    });
    expect(question.statusCode, question.body).toBe(201);
    return id;
  };
  const at = (minutes: number) => new Date(t.clock.now().getTime() + minutes * 60_000).toISOString();
  const give = (teacher: Session, students: Session[], testId: number) =>
    teacher.call('POST', '/api/exam/exams/', {
      school_test: testId,
      student: students.map((student) => student.user.id),
      start_at: at(0),
      end_at: at(60),
    });

  it('refuses a free account its fourth test, also as a copy; premium has no limit', async () => {
    const { teacher } = await classroom();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push(await testWithQuestion(teacher));
    expectFreeLimit(await createTest(teacher), 'tests');
    expectFreeLimit(await teacher.call('POST', `/api/exam/test-teachers/${ids[0]}/copy/`), 'tests');

    const rich = await classroom(premium());
    for (let i = 0; i < 4; i++) expect((await createTest(rich.teacher)).statusCode).toBe(201);
  });

  it("counts the tests of a free account's exams not yet ended: a class on one test is one", async () => {
    const { teacher, pupils } = await classroom(premium());
    const tests: number[] = [];
    for (let i = 0; i < 4; i++) tests.push(await testWithQuestion(teacher));
    // The tests were made while premium; now the trial is over.
    await t.database.db.update(users).set({ trialEndDate: null }).where(eq(users.id, teacher.user.id));
    for (let i = 0; i < 3; i++) expect((await give(teacher, pupils, tests[i]!)).statusCode).toBe(201);
    // Another exam of a test already running is not another active exam.
    expect((await give(teacher, [pupils[0]!], tests[0]!)).statusCode).toBe(201);
    expectFreeLimit(await give(teacher, pupils, tests[3]!), 'exams');
    t.clock.advance(2 * 60 * 60_000);
    try {
      expect((await give(teacher, pupils, tests[3]!)).statusCode).toBe(201);
    } finally {
      t.clock.advance(-2 * 60 * 60_000);
    }
  });
});
