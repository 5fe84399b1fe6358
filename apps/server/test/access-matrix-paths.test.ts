import { apiRoutes, pathOf } from '@flashcards/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, learningPaths, schoolTests, testQuestions } from '../src/db/schema';
import { buildTestApp, type TestApp } from './build-app';
import { buildSchool, buildUser } from './factories';

/**
 * Who may see, change and open the test of a learning path, among the people of a school: a guest, the
 * path's teacher, a co-teacher of the same school, a teacher of another school, the path's student and a
 * classmate. A path is its teacher's to change and its student's to take; to anyone else, a colleague
 * included, it does not exist (404).
 */
type Who = 'guest' | 'teacher' | 'coTeacher' | 'otherSchoolTeacher' | 'student' | 'classmate';
type Fixture = { path: number; test: number };
type Row = {
  route: string;
  request: (f: Fixture) => { params?: Record<string, number>; query?: string; json?: object };
  expect: Record<Who, number>;
};

const only = (who: 'teacher' | 'student' | 'both', status: number): Record<Who, number> => ({
  guest: 401,
  teacher: who === 'student' ? 404 : status,
  coTeacher: 404,
  otherSchoolTeacher: 404,
  student: who === 'teacher' ? 404 : status,
  classmate: 404,
});

const rows: Row[] = [
  {
    route: 'pathTest',
    request: (f) => ({ params: { id: f.path }, json: { test: f.test } }),
    expect: only('teacher', 200),
  },
  {
    route: 'openPathTest',
    request: (f) => ({ params: { id: f.path }, json: {} }),
    expect: only('student', 200),
  },
  { route: 'teacherPath', request: (f) => ({ params: { id: f.path } }), expect: only('teacher', 200) },
  {
    route: 'pathProgress',
    request: (f) => ({ query: `?learning_path_id=${f.path}` }),
    expect: only('both', 200),
  },
];

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A school with two teachers and two students, a teacher elsewhere; the teacher gave the student a path whose test is open. */
const newFixture = async () => {
  const db = t.database.db;
  const school = await buildSchool(db);
  const elsewhere = await buildSchool(db);
  const member = { schoolId: school.id, isOrganizationMember: true };
  const people = {
    teacher: await buildUser(db, { ...member, isTeacher: true }),
    coTeacher: await buildUser(db, { ...member, isTeacher: true }),
    otherSchoolTeacher: await buildUser(db, {
      schoolId: elsewhere.id,
      isOrganizationMember: true,
      isTeacher: true,
    }),
    student: await buildUser(db, { ...member, isStudent: true }),
    classmate: await buildUser(db, { ...member, isStudent: true }),
  };
  const [test] = await db
    .insert(schoolTests)
    .values({
      name: 'Rivers',
      createdById: people.teacher.id,
      excellentScore: 4,
      veryGoodScore: 3,
      goodScore: 2,
      satisfyScore: 1,
    })
    .returning();
  await db.insert(testQuestions).values({
    testId: test!.id,
    position: 1,
    questionText: 'Longest?',
    answerA: 'Nile',
    answerB: 'Danube',
    correctAnswer: 'a',
    scoreValue: 4,
  });
  const [category] = await db
    .insert(categories)
    .values({ name: 'Rivers', userId: people.teacher.id, typeOfCards: 'text' })
    .returning();
  const now = t.clock.now().getTime();
  const [path] = await db
    .insert(learningPaths)
    .values({
      name: 'Rivers of Europe',
      createdById: people.teacher.id,
      assignedUserId: people.student.id,
      categoryId: category!.id,
      startAt: '2000-01-01',
      endAt: '2999-12-31',
      dailyFlipTarget: 20,
      dailyLearnTarget: 5,
      deckSize: 20,
      learnedVolumeVerbal: 10,
      learnedVolumeTyping: 10,
      verbal: true,
      typing: false,
      testId: test!.id,
      startTestAt: new Date(now - 60_000),
      endTestAt: new Date(now + 3_600_000),
    })
    .returning();
  const tokens = Object.fromEntries(
    Object.entries(people).map(([who, user]) => [who, t.services.tokens.sign('access', user.id).token]),
  ) as Record<Exclude<Who, 'guest'>, string>;
  return { fixture: { path: path!.id, test: test!.id }, tokens };
};

describe('the access matrix of the tests of learning paths', () => {
  it.each(rows.map((row) => [row.route, row] as const))(
    '%s answers each person of the school as its row says',
    async (_name, row) => {
      const answers: Partial<Record<Who, number>> = {};
      for (const who of Object.keys(row.expect) as Who[]) {
        const { fixture, tokens } = await newFixture();
        const route = apiRoutes[row.route]!;
        const request = row.request(fixture);
        const response = await t.app.inject({
          method: route.method,
          url: `${pathOf(route, request.params ?? {})}${request.query ?? ''}`,
          headers: {
            ...(who === 'guest' ? {} : { authorization: `JWT ${tokens[who]}` }),
            ...(request.json ? { 'content-type': 'application/json' } : {}),
          },
          payload: request.json ? JSON.stringify(request.json) : undefined,
        });
        answers[who] = response.statusCode;
      }
      expect(answers).toEqual(row.expect);
    },
  );
});
