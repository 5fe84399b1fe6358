import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learningPaths } from '../src/db/schema';
import { buildTestApp, type TestApp } from './build-app';
import { buildCategory, buildSchoolTest } from './factories';
import { type MatrixRow, matrixAnswers, only, schoolPeopleWithTokens } from './school-matrix';

/**
 * Who may see, change and open the test of a learning path, among the people of a school: a guest, the
 * path's teacher, a co-teacher of the same school, a teacher of another school, the path's student and a
 * classmate. A path is its teacher's to change and its student's to take; to anyone else, a colleague
 * included, it does not exist (404).
 */
type Fixture = { path: number; test: number };
type Row = MatrixRow<Fixture>;

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
  const { people, tokens } = await schoolPeopleWithTokens(t);
  const test = await buildSchoolTest(db, people.teacher.id);
  const category = await buildCategory(db, { name: 'Rivers', userId: people.teacher.id });
  const now = t.clock.now().getTime();
  const [path] = await db
    .insert(learningPaths)
    .values({
      name: 'Rivers of Europe',
      createdById: people.teacher.id,
      assignedUserId: people.student.id,
      categoryId: category.id,
      startAt: '2000-01-01',
      endAt: '2999-12-31',
      dailyFlipTarget: 20,
      dailyLearnTarget: 5,
      deckSize: 20,
      learnedVolumeVerbal: 10,
      learnedVolumeTyping: 10,
      verbal: true,
      typing: false,
      testId: test.id,
      startTestAt: new Date(now - 60_000),
      endTestAt: new Date(now + 3_600_000),
    })
    .returning();
  return { fixture: { path: path!.id, test: test.id }, tokens };
};

describe('the access matrix of the tests of learning paths', () => {
  it.each(rows.map((row) => [row.route, row] as const))(
    '%s answers each person of the school as its row says',
    async (_name, row) => {
      expect(await matrixAnswers(t, row, newFixture)).toEqual(row.expect);
    },
  );
});
