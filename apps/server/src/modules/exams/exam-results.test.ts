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
