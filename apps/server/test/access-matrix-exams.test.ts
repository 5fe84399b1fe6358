import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exams } from '../src/db/schema';
import { buildTestApp, type TestApp } from './build-app';
import { buildCard, buildCategory, buildSchoolTest } from './factories';
import { type MatrixRow, matrixAnswers, only, schoolPeopleWithTokens } from './school-matrix';

/**
 * Who may watch and mend an exam, among the people of a school: the routes that follow an attempt, called
 * by a guest, the exam's teacher, a co-teacher of the same school, a teacher of another school, the exam's
 * student and a classmate. An exam is its teacher's to follow and mend and its student's to take; to
 * anyone else, a colleague included, it does not exist (404).
 */
type Fixture = { test: number; open: number; completed: number; category: number };
type Row = MatrixRow<Fixture>;

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
  const { people, tokens } = await schoolPeopleWithTokens(t);
  const test = await buildSchoolTest(db, people.teacher.id);
  const exam = {
    testId: test.id,
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
  return {
    fixture: { test: test.id, open: open!.id, completed: completed!.id, category: category.id },
    tokens,
  };
};

describe('the access matrix of watching and mending exams', () => {
  it.each(rows.map((row) => [row.route, row] as const))(
    '%s answers each person of the school as its row says',
    async (_name, row) => {
      expect(await matrixAnswers(t, row, newFixture)).toEqual(row.expect);
    },
  );
});
