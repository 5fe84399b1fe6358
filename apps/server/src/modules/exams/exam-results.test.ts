import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildSchool } from '../../../test/factories';
import { type Session, signIn as signInAs } from '../../../test/session';

let t: TestApp;
beforeAll(async () => {
  // Tokens outlive the hours the tests move the clock by.
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

type Choice = { key: string; shown_key: string; text: string };
type TestDetail = { id: number; name: string; questions: { id: number; correct_answer: string }[] };

const TEXTS: Record<string, string> = { a: 'Nile', b: 'Danube', c: 'Volga', d: 'Rhine' };

/**
 * A test of `count` questions of four points each (Nile, the answer a, is right): 6 for all right, 5 for
 * three quarters, 4 for half, 3 for a quarter of the points.
 */
const makeTest = async (
  teacher: Session,
  count: number,
  questionOverrides: (index: number) => Record<string, unknown> = () => ({}),
): Promise<TestDetail> => {
  const created = await teacher.call('POST', '/api/exam/test-teachers/', {
    name: 'Rivers',
    excellent_score_value: 4 * count,
    very_good_score_value: 3 * count,
    good_score_value: 2 * count,
    satisfy_score_value: count,
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id;
  for (let i = 0; i < count; i++) {
    const response = await teacher.call('POST', '/api/exam/test-teachers-questions/', {
      test: id,
      question_text: `Question ${i + 1}`,
      answer_a: TEXTS.a,
      answer_b: TEXTS.b,
      answer_c: TEXTS.c,
      answer_d: TEXTS.d,
      correct_answer: 'a',
      score_value: 4,
      ...questionOverrides(i),
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
  return response.json() as { created: number[] };
};

const start = (as: Session, examId: number) => as.call('PUT', `/api/exam/exam-started/${examId}/`);
const answer = (as: Session, examId: number, questionId: number, key: string) =>
  as.call('POST', `/api/exam/${examId}/${questionId}/answer/`, { student_answer: key });
const complete = (as: Session, examId: number) => as.call('PUT', `/api/exam/exam-completed/${examId}/`);
const detail = (as: Session, examId: number) => as.call('GET', `/api/exam/exams/${examId}/`);

describe('shuffled answers', () => {
  it('are lettered by their place, stable on reload, with the key of the test beside each; the answer stays the key', async () => {
    const { teacher, pupils } = await classroom(3);
    const test = await makeTest(teacher, 6);
    const { created } = await give(teacher, {
      school_test: test.id,
      student: pupils.map((pupil) => pupil.user.id),
      shuffle_questions: true,
    });
    let moved = 0;
    for (const [index, id] of created.entries()) {
      const pupil = pupils[index]!;
      const first = (await start(pupil, id)).json();
      const again = (await start(pupil, id)).json();
      expect(again.questions).toEqual(first.questions);
      for (const question of first.questions as { id: number; answers: Choice[] }[]) {
        // Read from the top, the letters are A, B, C, D whatever the order.
        expect(question.answers.map((choice) => choice.shown_key)).toEqual(['a', 'b', 'c', 'd']);
        // Each answer keeps its own key of the test, with its own text.
        expect(question.answers.map((choice) => `${choice.key}:${choice.text}`).sort()).toEqual([
          'a:Nile',
          'b:Danube',
          'c:Volga',
          'd:Rhine',
        ]);
        moved += question.answers.filter((choice) => choice.key !== choice.shown_key).length;
      }
      // The student picks the answer shown first; what is stored is its key in the test.
      const shownFirst = first.questions[0].answers[0] as Choice;
      const saved = await answer(pupil, id, first.questions[0].id, shownFirst.key);
      expect(saved.json()).toMatchObject({ student_answer: shownFirst.key });
      await complete(pupil, id);
      // The teacher sees the same answers in the student's order with both letters, and the stored key.
      const seen = (await detail(teacher, id)).json();
      const reviewed = seen.questions.find((q: { id: number }) => q.id === first.questions[0].id);
      expect(reviewed.answers).toEqual(first.questions[0].answers);
      expect(reviewed.student_answer).toBe(shownFirst.key);
      expect(reviewed.is_correct).toBe(shownFirst.key === 'a');
      expect(seen.score).toBe(shownFirst.key === 'a' ? 4 : 0);
    }
    // Shuffling moved answers off their letters somewhere: the letters shown are not the keys.
    expect(moved).toBeGreaterThan(0);
    // After the end the student's review names the same letters.
    t.clock.advance(61 * MINUTE);
    const review = (await detail(pupils[0]!, created[0]!)).json();
    expect(review.questions.every((q: { answers: Choice[] }) => q.answers.length === 4)).toBe(true);
    expect(
      review.questions.map((q: { answers: Choice[] }) => q.answers.map((c) => c.shown_key).join('')),
    ).toEqual(review.questions.map(() => 'abcd'));
  });

  it('keep the letters of the test when the exam is not shuffled, three answers included', async () => {
    const { teacher, pupils } = await classroom(1);
    const test = await makeTest(teacher, 2, (index) => (index === 1 ? { answer_d: '' } : {}));
    const { created } = await give(teacher, { school_test: test.id, student: [pupils[0]!.user.id] });
    const taking = (await start(pupils[0]!, created[0]!)).json();
    expect(taking.questions.map((q: { answers: Choice[] }) => q.answers)).toEqual([
      [
        { key: 'a', shown_key: 'a', text: 'Nile' },
        { key: 'b', shown_key: 'b', text: 'Danube' },
        { key: 'c', shown_key: 'c', text: 'Volga' },
        { key: 'd', shown_key: 'd', text: 'Rhine' },
      ],
      [
        { key: 'a', shown_key: 'a', text: 'Nile' },
        { key: 'b', shown_key: 'b', text: 'Danube' },
        { key: 'c', shown_key: 'c', text: 'Volga' },
      ],
    ]);
  });
});

describe('item analysis', () => {
  it('counts each answer, the unanswered and the share right over completed exams, hardest first', async () => {
    const { teacher, pupils } = await classroom(4);
    // Question 3 has three answers: its blank fourth one is not listed.
    const test = await makeTest(teacher, 3, (index) => (index === 2 ? { answer_d: '' } : {}));
    const [q1, q2, q3] = test.questions as [
      TestDetail['questions'][0],
      TestDetail['questions'][0],
      TestDetail['questions'][0],
    ];
    const { created } = await give(teacher, { school_test: test.id, student: pupils.map((p) => p.user.id) });
    const url = `/api/exam/exams/analysis/?test_id=${test.id}`;
    // Before any exam is completed: nothing counted, no share.
    expect((await teacher.call('GET', url)).json()).toEqual({ exams_count: 0, questions: [] });
    // Pupil 0: all right; pupil 1: all wrong; pupil 2: no answers at all; pupil 3 still writing.
    for (const [index, keys] of [
      ['a', 'a', 'a'],
      ['b', 'c', 'c'],
    ].entries()) {
      await start(pupils[index]!, created[index]!);
      for (const [n, question] of [q1, q2, q3].entries())
        await answer(pupils[index]!, created[index]!, question.id, keys[n]!);
      await complete(pupils[index]!, created[index]!);
    }
    await start(pupils[2]!, created[2]!);
    await complete(pupils[2]!, created[2]!);
    await start(pupils[3]!, created[3]!);
    await answer(pupils[3]!, created[3]!, q1.id, 'd');
    t.database.queries.length = 0;
    const response = await teacher.call('GET', url);
    const queries = t.database.queries.length;
    expect(response.statusCode, response.body).toBe(200);
    const analysis = response.json();
    expect(analysis.exams_count).toBe(3);
    const byId = new Map(analysis.questions.map((q: { id: number }) => [q.id, q]));
    expect(byId.get(q1.id)).toMatchObject({
      position: 1,
      test: { id: test.id, name: 'Rivers' },
      correct_answer: 'a',
      taken: 3,
      correct: 1,
      unanswered: 1,
      correct_share: 1 / 3,
      answers: [
        { key: 'a', text: 'Nile', count: 1 },
        { key: 'b', text: 'Danube', count: 1 },
        { key: 'c', text: 'Volga', count: 0 },
        { key: 'd', text: 'Rhine', count: 0 },
      ],
    });
    expect((byId.get(q3.id) as { answers: unknown[] }).answers).toEqual([
      { key: 'a', text: 'Nile', count: 1 },
      { key: 'b', text: 'Danube', count: 0 },
      { key: 'c', text: 'Volga', count: 1 },
    ]);
    // The hardest first: here all three alike (one right of three), so in the test's order.
    expect(analysis.questions.map((q: { id: number }) => q.id)).toEqual([q1.id, q2.id, q3.id]);
    // The same filters as the list: only completed exams by status, a student by name.
    const byStudent = (
      await teacher.call('GET', `${url}&search=${encodeURIComponent(pupils[1]!.user.email)}`)
    ).json();
    expect(byStudent.exams_count).toBe(1);
    expect(byStudent.questions.every((q: { correct_share: number }) => q.correct_share === 0)).toBe(true);
    expect((await teacher.call('GET', `${url}&status=in_progress`)).json().questions).toEqual([]);
    // A fixed number of queries, however many exams and questions.
    const more = await makeTest(teacher, 6);
    const again = await give(teacher, { school_test: more.id, student: pupils.map((p) => p.user.id) });
    for (const [index, pupil] of pupils.entries()) {
      await start(pupil, again.created[index]!);
      await answer(pupil, again.created[index]!, more.questions[0]!.id, 'b');
      await complete(pupil, again.created[index]!);
    }
    t.database.queries.length = 0;
    const all = (await teacher.call('GET', '/api/exam/exams/analysis/')).json();
    expect(t.database.queries.length).toBe(queries);
    // Hardest first: the second test's questions nobody got right lead, then the first test's.
    expect(all.exams_count).toBe(7);
    expect(all.questions.slice(0, 6).map((q: { test: { id: number } }) => q.test.id)).toEqual(
      Array(6).fill(more.id),
    );
    expect(all.questions[0]).toMatchObject({ position: 1, correct: 0, correct_share: 0, unanswered: 0 });
    expect(all.questions[0].answers[1]).toEqual({ key: 'b', text: 'Danube', count: 4 });
    expect(all.questions[1]).toMatchObject({ position: 2, correct: 0, correct_share: 0, unanswered: 4 });
    expect(all.questions.at(-1).correct_share).toBe(1 / 3);
  });

  it("shows another teacher's exams to nobody", async () => {
    const { teacher, pupils } = await classroom(1);
    const test = await makeTest(teacher, 1);
    const { created } = await give(teacher, { school_test: test.id, student: [pupils[0]!.user.id] });
    await start(pupils[0]!, created[0]!);
    await complete(pupils[0]!, created[0]!);
    const other = await classroom(0);
    const seen = (await other.teacher.call('GET', `/api/exam/exams/analysis/?test_id=${test.id}`)).json();
    expect(seen).toEqual({ exams_count: 0, questions: [] });
  });
});

describe('results export', () => {
  it('writes a header and one line per exam, formula-safe, named after the test', async () => {
    const { teacher, pupils } = await classroom(2);
    await t.database.db.execute(
      sql`update users set first_name = '=HYPERLINK("http://evil.example","click")', last_name = '+1'
        where id = ${pupils[0]!.user.id}`,
    );
    const test = await makeTest(teacher, 2);
    await teacher.call('PUT', `/api/exam/test-teachers/${test.id}/`, {
      name: 'Реки @home',
      excellent_score_value: 8,
      very_good_score_value: 6,
      good_score_value: 4,
      satisfy_score_value: 2,
    });
    const { created } = await give(teacher, { school_test: test.id, student: pupils.map((p) => p.user.id) });
    await start(pupils[0]!, created[0]!);
    await answer(pupils[0]!, created[0]!, test.questions[0]!.id, 'a');
    await complete(pupils[0]!, created[0]!);
    const response = await teacher.call('GET', `/api/exam/exams/export/?test_id=${test.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="@home results.csv"; filename*=UTF-8''${encodeURIComponent('Реки @home results.csv')}`,
    );
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const lines = response.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'first_name,last_name,test,status,score,total_score,grade,start_exam_at,end_exam_at,started_at,completed_at',
    );
    expect(lines).toHaveLength(3);
    const evil = lines.find((line) => line.includes('HYPERLINK'))!;
    // The formula is text: an apostrophe first, inside the quotes its own quotes need.
    expect(
      evil.startsWith(`"'=HYPERLINK(""http://evil.example"",""click"")",'+1,Реки @home,completed,4,8,4,`),
    ).toBe(true);
    const other = lines.find((line) => line.startsWith(pupils[1]!.user.firstName))!;
    expect(other).toContain(',Реки @home,not_started,,8,,');
  });

  it('follows the filters and shows nothing of another teacher', async () => {
    const { teacher, pupils } = await classroom(2);
    const test = await makeTest(teacher, 1);
    await give(teacher, { school_test: test.id, student: pupils.map((p) => p.user.id) });
    const one = await teacher.call(
      'GET',
      `/api/exam/exams/export/?search=${encodeURIComponent(pupils[1]!.user.email)}`,
    );
    expect(one.body.trimEnd().split('\r\n')).toHaveLength(2);
    expect(one.headers['content-disposition']).toContain('filename="exam results.csv"');
    const stranger = await classroom(0);
    const none = await stranger.teacher.call('GET', `/api/exam/exams/export/?test_id=${test.id}`);
    expect(none.body.trimEnd().split('\r\n')).toHaveLength(1);
    const sheet = (await teacher.call('GET', `/api/exam/exams/results/?test_id=${test.id}`)).json();
    expect(sheet.results.map((r: { student: { id: number } }) => r.student.id).sort()).toEqual(
      pupils.map((p) => p.user.id).sort(),
    );
    expect(sheet.results[0]).toMatchObject({
      status: 'not_started',
      score: null,
      grade: null,
      total_score: 4,
    });
  });
});

describe('copying a test to a colleague', () => {
  it("gives the copy to a teacher or principal of my school, and to nobody else's", async () => {
    const { school, teacher, pupils } = await classroom(1);
    const test = await makeTest(teacher, 2);
    const coTeacher = await signIn({ schoolId: school.id, isTeacher: true, isOrganizationMember: true });
    const principal = await signIn({
      schoolId: school.id,
      isOrganizationHost: true,
      isOrganizationMember: true,
    });
    const listed = (await teacher.call('GET', '/api/exam/colleagues/')).json();
    expect(listed.map((c: { id: number }) => c.id).sort()).toEqual(
      [coTeacher.user.id, principal.user.id].sort(),
    );
    const copy = await teacher.call('POST', `/api/exam/test-teachers/${test.id}/copy/`, {
      colleague: coTeacher.user.id,
    });
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json()).toMatchObject({
      name: 'Rivers (copy)',
      created_by: coTeacher.user.id,
      exams_count: 0,
    });
    expect(copy.json().questions).toHaveLength(2);
    // The colleague's own now; not the giver's.
    expect((await coTeacher.call('GET', `/api/exam/test-teachers/${copy.json().id}/`)).statusCode).toBe(200);
    expect((await teacher.call('GET', `/api/exam/test-teachers/${copy.json().id}/`)).statusCode).toBe(404);
    expect(
      (
        await teacher.call('POST', `/api/exam/test-teachers/${test.id}/copy/`, {
          colleague: principal.user.id,
        })
      ).statusCode,
    ).toBe(201);
    // A student of the school, a teacher of another school: not found, and nothing copied.
    const elsewhere = await classroom(0);
    for (const person of [pupils[0]!, elsewhere.teacher]) {
      const refused = await teacher.call('POST', `/api/exam/test-teachers/${test.id}/copy/`, {
        colleague: person.user.id,
      });
      expect(refused.statusCode, refused.body).toBe(404);
      expect((await person.call('GET', '/api/exam/test-teachers/')).json().count).toBe(0);
    }
    // A student may not hand their own test to the school's teachers either.
    const studentTest = await makeTest(pupils[0]!, 1);
    expect(
      (
        await pupils[0]!.call('POST', `/api/exam/test-teachers/${studentTest.id}/copy/`, {
          colleague: teacher.user.id,
        })
      ).statusCode,
    ).toBe(404);
    expect((await pupils[0]!.call('GET', '/api/exam/colleagues/')).json()).toEqual([]);
    // Without a colleague, the copy stays mine as before.
    const mine = await teacher.call('POST', `/api/exam/test-teachers/${test.id}/copy/`);
    expect(mine.json()).toMatchObject({ created_by: teacher.user.id });
  });
});
