import { apiRoutes, pathOf } from '@flashcards/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exams, schoolTests, testQuestions } from '../src/db/schema';
import { buildTestApp, type TestApp } from './build-app';
import { buildCard, buildCategory, buildSchool, buildUser } from './factories';

/**
 * Who may watch and mend an exam, among the people of a school: the routes that follow an attempt, called
 * by a guest, the exam's teacher, a co-teacher of the same school, a teacher of another school, the exam's
 * student and a classmate. An exam is its teacher's to follow and mend and its student's to take; to
 * anyone else, a colleague included, it does not exist (404).
 */
type Who = 'guest' | 'teacher' | 'coTeacher' | 'otherSchoolTeacher' | 'student' | 'classmate';
type Fixture = { test: number; open: number; completed: number; category: number };
type Row = {
  route: string;
  request: (f: Fixture) => { params: Record<string, number>; json?: object };
  expect: Record<Who, number>;
};

/** The teacher's (or the student's) alone; everyone else signed in gets 404. */
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
    route: 'examPresence',
    request: (f) => ({ params: { id: f.open }, json: { state: 'away' } }),
    expect: only('student', 204),
  },
  {
    route: 'reopenExam',
    request: (f) => ({ params: { id: f.completed }, json: { minutes: 10 } }),
    expect: only('teacher', 200),
  },
  { route: 'examLive', request: (f) => ({ params: { id: f.test } }), expect: only('teacher', 200) },
  {
    route: 'updateExam',
    request: (f) => ({ params: { id: f.open }, json: { extra_minutes: 10 } }),
    expect: only('teacher', 200),
  },
  { route: 'exam', request: (f) => ({ params: { id: f.completed } }), expect: only('both', 200) },
  // A test drafted from cards: the teacher's own category only; a colleague's is not found to anyone.
  {
    route: 'draftTestFromCards',
    request: (f) => ({ params: {}, json: { category: f.category, kinds: { single: 2 }, seed: 1 } }),
    expect: only('teacher', 200),
  },
  // Saving one names no object: whoever may make tests makes their own.
  {
    route: 'createTestWithQuestions',
    request: () => ({
      params: {},
      json: {
        name: 'Capitals',
        excellent_score_value: 4,
        very_good_score_value: 3,
        good_score_value: 2,
        satisfy_score_value: 1,
        questions: [
          {
            question_text: 'France?',
            answer_a: 'Paris',
            answer_b: 'Rome',
            correct_answer: 'a',
            score_value: 4,
          },
        ],
      },
    }),
    expect: {
      guest: 401,
      teacher: 201,
      coTeacher: 201,
      otherSchoolTeacher: 201,
      student: 201,
      classmate: 201,
    },
  },
];

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A school with two teachers and two students, a teacher elsewhere; the teacher gave the student two exams. */
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
  const exam = {
    testId: test!.id,
    studentId: people.student.id,
    teacherId: people.teacher.id,
    startAt: new Date('2000-01-01T00:00:00Z'),
    endAt: new Date('2999-12-31T00:00:00Z'),
    startedAt: new Date('2000-01-01T00:00:00Z'),
  };
  const [open, completed] = await db
    .insert(exams)
    .values([exam, { ...exam, completedAt: new Date(), completedBy: 'student', score: 0, grade: 2 }])
    .returning();
  const category = await buildCategory(db, { userId: people.teacher.id });
  await buildCard(db, { categoryId: category.id, firstSide: 'France', secondSide: 'Paris' });
  await buildCard(db, { categoryId: category.id, firstSide: 'Italy', secondSide: 'Rome' });
  const tokens = Object.fromEntries(
    Object.entries(people).map(([who, user]) => [who, t.services.tokens.sign('access', user.id).token]),
  ) as Record<Exclude<Who, 'guest'>, string>;
  return {
    fixture: { test: test!.id, open: open!.id, completed: completed!.id, category: category.id },
    tokens,
  };
};

describe('the access matrix of watching and mending exams', () => {
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
          url: pathOf(route, request.params),
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
