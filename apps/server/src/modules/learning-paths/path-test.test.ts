import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildCard, buildCategory, buildSchool } from '../../../test/factories';
import { type Session, signIn as signInAs } from '../../../test/session';
import { dayIn } from '../../lib/clock';

let t: TestApp;
beforeAll(async () => {
  // Tokens outlive the days the tests move the clock by.
  t = await buildTestApp({ ACCESS_TOKEN_MINUTES: String(30 * 24 * 60) });
});
afterAll(() => t.close());

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const signIn = (overrides: Parameters<typeof signInAs>[1] = {}) => signInAs(t, overrides);
const day = (offsetDays = 0) => dayIn('UTC', new Date(t.clock.now().getTime() + offsetDays * DAY));
const moment = (offsetMs: number) => new Date(t.clock.now().getTime() + offsetMs).toISOString();

/** A teacher with a student of her school, a category of two cards and a test of two questions of 3 points. */
const classroom = async () => {
  const school = await buildSchool(t.database.db);
  // In a trial, so the reports are hers (they need premium); 60 days outlast the clock's moves.
  const trialEndDate = new Date(t.clock.now().getTime() + 60 * DAY);
  const teacher = await signIn({
    schoolId: school.id,
    isTeacher: true,
    isOrganizationMember: true,
    trialEndDate,
  });
  const student = await signIn({ schoolId: school.id, isStudent: true, isOrganizationMember: true });
  const category = await buildCategory(t.database.db, { userId: teacher.user.id, name: 'Rivers' });
  for (const _ of [1, 2]) await buildCard(t.database.db, { categoryId: category.id });
  const test = await makeTest(teacher, 2);
  return { teacher, student, category, test };
};

const makeTest = async (teacher: Session, questions: number) => {
  const created = await teacher.call('POST', '/api/exam/test-teachers/', {
    name: 'Rivers quiz',
    excellent_score_value: 6,
    very_good_score_value: 3,
    good_score_value: 2,
    satisfy_score_value: 1,
  });
  expect(created.statusCode, created.body).toBe(201);
  const test = created.json() as { id: number };
  for (let i = 0; i < questions; i++) {
    const question = await teacher.call('POST', '/api/exam/test-teachers-questions/', {
      test: test.id,
      question_text: `Question ${i + 1}`,
      answer_a: 'right',
      answer_b: 'wrong',
      correct_answer: 'a',
      score_value: 3,
    });
    expect(question.statusCode, question.body).toBe(201);
  }
  return test;
};

const assign = (teacher: Session, path: object) =>
  teacher.call('POST', '/api/learning-paths/list-teachers/', [path]);
const pathWith = (student: number, category: number, extra: Record<string, unknown> = {}) => ({
  name: 'Rivers of Europe',
  assigned_user: student,
  category,
  start_at: day(),
  end_at: day(7),
  learned_card_volume_verbal: 1,
  ...extra,
});
const created = async (teacher: Session, path: object) => {
  const response = await assign(teacher, path);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { created: number[] }).created[0]!;
};
const progress = async (as: Session, pathId: number) => {
  const response = await as.call(
    'GET',
    `/api/learning-paths/learning-path-progress/?learning_path_id=${pathId}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const openTest = (as: Session, pathId: number) =>
  as.call('PUT', `/api/learning-paths/test-students/${pathId}/`);

/** The student learns every card of the path verbally (one right answer each, the path's volume). */
const meetTargets = async (student: Session, pathId: number) => {
  const deck = await student.call(
    'GET',
    `/api/learning-paths/card-text-students/?learning_path_id=${pathId}&type=verbal`,
  );
  for (const card of deck.json() as { id: number }[]) {
    const answered = await student.call('PUT', `/api/learning-paths/card-text-students/${card.id}/`, {
      category: 1,
      first_side: 'x',
      second_side: 'y',
      guesses_score: 1,
    });
    expect(answered.statusCode, answered.body).toBe(200);
  }
};

describe('attaching a test to a learning path', () => {
  it('keeps the test and its dates on the path', async () => {
    const { teacher, student, category, test } = await classroom();
    const start = moment(2 * DAY);
    const end = moment(3 * DAY);
    const id = await created(
      teacher,
      pathWith(student.user.id, category.id, { test: test.id, start_test_at: start, end_test_at: end }),
    );
    const path = await progress(teacher, id);
    expect(path).toMatchObject({ test: test.id, start_test_at: start, end_test_at: end });
    expect(path.test_state).toMatchObject({
      id: test.id,
      name: 'Rivers quiz',
      questions_count: 2,
      total_score: 6,
      status: 'waiting',
      targets_met: false,
      opens_at: start,
      ends_at: end,
      exam: null,
    });
  });

  it("refuses another's test, an empty one, and dates out of order or out of the path's bounds", async () => {
    const { teacher, student, category, test } = await classroom();
    const other = await classroom();
    const empty = await makeTest(teacher, 0);
    const refused = async (extra: Record<string, unknown>, errors: Record<string, string[]>) => {
      const response = await assign(teacher, pathWith(student.user.id, category.id, extra));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual(errors);
    };
    await refused({ test: other.test.id }, { '0.test': ['Choose one of your tests.'] });
    await refused({ test: empty.id }, { '0.test': ['This test has no questions yet.'] });
    await refused(
      { test: test.id, start_test_at: moment(DAY) },
      { '0.end_test_at': ['Give both test dates, or neither.'] },
    );
    await refused(
      { start_test_at: moment(DAY), end_test_at: moment(2 * DAY) },
      { '0.test': ['Test dates need a test.'] },
    );
    await refused(
      { test: test.id, start_test_at: moment(2 * DAY), end_test_at: moment(DAY) },
      { '0.end_test_at': ["The test's end must be after its start."] },
    );
    await refused(
      { test: test.id, start_test_at: moment(-2 * DAY), end_test_at: moment(DAY) },
      { '0.start_test_at': ["The test cannot start before the path's first day."] },
    );
    await refused(
      { test: test.id, start_test_at: moment(DAY), end_test_at: moment(40 * DAY) },
      { '0.end_test_at': ["The test must end within 30 days of the path's last day."] },
    );
  });

  it('changes while the exam has not started, and is refused (409) once it has', async () => {
    const { teacher, student, category, test } = await classroom();
    const second = await makeTest(teacher, 2);
    const id = await created(teacher, pathWith(student.user.id, category.id));
    const setTest = (body: object) =>
      teacher.call('PUT', `/api/learning-paths/details-teachers/${id}/test/`, body);
    const attached = await setTest({ test: test.id });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json()).toMatchObject({ test: test.id, test_state: { status: 'waiting' } });
    await meetTargets(student, id);
    const opened = await openTest(student, id);
    expect(opened.statusCode, opened.body).toBe(200);
    const firstExam = opened.json().exam.id as number;
    // Not started yet: the exam goes with the old test.
    const changed = await setTest({ test: second.id });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ test: second.id, test_state: { status: 'open', exam: null } });
    expect((await teacher.call('GET', `/api/exam/exams/${firstExam}/`)).statusCode).toBe(404);
    const reopened = (await openTest(student, id)).json().exam.id as number;
    expect((await student.call('PUT', `/api/exam/exam-started/${reopened}/`)).statusCode).toBe(200);
    const refused = await setTest({ test: null });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('learning_path_test_started');
  });
});

describe("taking a path's test", () => {
  it('opens when the targets are met, not before, until the end of the path', async () => {
    const { teacher, student, category, test } = await classroom();
    const id = await created(teacher, pathWith(student.user.id, category.id, { test: test.id }));
    const early = await openTest(student, id);
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe('learning_path_test_closed');
    await meetTargets(student, id);
    const opened = await openTest(student, id);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ status: 'open', targets_met: true, opens_at: null });
    // Again: the same exam.
    expect((await openTest(student, id)).json().exam.id).toBe(opened.json().exam.id);
    // The window lasts to the end of the path's last day in the student's zone.
    const exam = await student.call('GET', `/api/exam/exams/${opened.json().exam.id}/`);
    expect(Date.parse(exam.json().end_exam_at)).toBe(Date.parse(opened.json().ends_at));
    expect(Date.parse(opened.json().ends_at)).toBeGreaterThan(t.clock.now().getTime() + 6 * DAY);
  });

  it('opens on its dates without the targets, not before and not after', async () => {
    const { teacher, student, category, test } = await classroom();
    const id = await created(
      teacher,
      pathWith(student.user.id, category.id, {
        test: test.id,
        start_test_at: moment(DAY),
        end_test_at: moment(DAY + 2 * HOUR),
      }),
    );
    expect((await openTest(student, id)).statusCode).toBe(403);
    t.clock.advance(DAY);
    const opened = await openTest(student, id);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ status: 'open', targets_met: false });

    const late = await created(
      teacher,
      pathWith(student.user.id, category.id, {
        name: 'Late',
        start_at: day(-1),
        test: test.id,
        start_test_at: moment(-HOUR),
        end_test_at: moment(HOUR),
      }),
    );
    t.clock.advance(2 * HOUR);
    expect((await openTest(student, late)).statusCode).toBe(403);
    expect((await progress(student, late)).test_state.status).toBe('missed');
  });

  it("is only for the path's student: to the teacher and anyone else the path is not found", async () => {
    const { teacher, student, category, test } = await classroom();
    const id = await created(teacher, pathWith(student.user.id, category.id, { test: test.id }));
    expect((await openTest(teacher, id)).statusCode).toBe(404);
    const stranger = await signIn();
    expect((await openTest(stranger, id)).statusCode).toBe(404);
    const bare = await created(teacher, pathWith(student.user.id, category.id, { name: 'Bare' }));
    const none = await openTest(student, bare);
    expect(none.statusCode).toBe(403);
    expect(none.json().code).toBe('learning_path_no_test');
  });

  it("is graded as an exam and shown in the path's progress and the report", async () => {
    const { teacher, student, category, test } = await classroom();
    const id = await created(teacher, pathWith(student.user.id, category.id, { test: test.id }));
    await meetTargets(student, id);
    const examId = (await openTest(student, id)).json().exam.id as number;
    const taking = await student.call('PUT', `/api/exam/exam-started/${examId}/`);
    expect(taking.statusCode, taking.body).toBe(200);
    const [first, second] = taking.json().questions as { id: number }[];
    await student.call('POST', `/api/exam/${examId}/${first!.id}/answer/`, { student_answer: 'a' });
    await student.call('POST', `/api/exam/${examId}/${second!.id}/answer/`, { student_answer: 'b' });
    expect((await student.call('PUT', `/api/exam/exam-completed/${examId}/`)).statusCode).toBe(200);

    const expected = { status: 'completed', exam: { id: examId, status: 'completed', score: 3, grade: 5 } };
    expect((await progress(student, id)).test_state).toMatchObject(expected);
    const teacherView = await teacher.call('GET', `/api/learning-paths/details-teachers/${id}/`);
    expect(teacherView.json().test_state).toMatchObject(expected);

    const report = await teacher.call(
      'GET',
      `/api/card/reports/?userEmail=${encodeURIComponent(student.user.email)}`,
    );
    expect(report.statusCode, report.body).toBe(200);
    const row = (report.json().results as { learning_path: { id: number } | null }[]).find(
      (r) => r.learning_path?.id === id,
    );
    expect(row?.learning_path).toMatchObject({
      test: { id: test.id, name: 'Rivers quiz', exam: examId, score: 3, total_score: 6, grade: 5 },
    });
  });

  it('completes a started attempt at the end of its window, graded by the server', async () => {
    const { teacher, student, category, test } = await classroom();
    const id = await created(
      teacher,
      pathWith(student.user.id, category.id, {
        start_at: day(-1),
        test: test.id,
        start_test_at: moment(-HOUR),
        end_test_at: moment(HOUR),
      }),
    );
    const examId = (await openTest(student, id)).json().exam.id as number;
    const taking = await student.call('PUT', `/api/exam/exam-started/${examId}/`);
    const [first] = taking.json().questions as { id: number }[];
    await student.call('POST', `/api/exam/${examId}/${first!.id}/answer/`, { student_answer: 'a' });
    expect((await progress(student, id)).test_state.exam.status).toBe('in_progress');
    t.clock.advance(HOUR);
    expect((await progress(teacher, id)).test_state).toMatchObject({
      status: 'completed',
      exam: { status: 'completed', score: 3, grade: 5 },
    });
  });
});
