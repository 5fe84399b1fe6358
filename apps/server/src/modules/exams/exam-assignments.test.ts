import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildFriendship, buildSchool, buildSchoolTest, buildUser } from '../../../test/factories';
import { type Session, signIn as signInAs } from '../../../test/session';

let t: TestApp;
beforeAll(async () => {
  // Tokens outlive the hours the tests move the clock by.
  t = await buildTestApp({ ACCESS_TOKEN_MINUTES: String(60 * 24 * 60) });
});
afterAll(() => t.close());

const HOUR = 60 * 60 * 1000;
const db = () => t.database.db;
const signIn = (overrides: Parameters<typeof signInAs>[1] = {}) => signInAs(t, overrides);
const at = (hours: number) => new Date(t.clock.now().getTime() + hours * HOUR).toISOString();

/** A school with its principal, a teacher of 7А and their test, a colleague teaching nothing, students. */
const school = async () => {
  const made = await buildSchool(db(), { availableStudents: 50 });
  const member = { schoolId: made.id, isOrganizationMember: true };
  const principal = await signIn({ ...member, isOrganizationHost: true });
  const teacher = await signIn({ ...member, isTeacher: true });
  const colleague = await signIn({ ...member, isTeacher: true });
  const classA = (await principal.call('POST', '/api/school/classes/', { name: '7А' })).json().id as number;
  const classB = (await principal.call('POST', '/api/school/classes/', { name: '7Б' })).json().id as number;
  await principal.call('PUT', `/api/school/classes/${classA}/teachers/${teacher.user.id}/`, {
    role: 'class_teacher',
  });
  const inA = await signIn({ ...member, isStudent: true, schoolClassId: classA });
  const inB = await signIn({ ...member, isStudent: true, schoolClassId: classB });
  const newcomer = await signIn({ ...member, isStudent: true });
  const test = await buildSchoolTest(db(), teacher.user.id);
  return { principal, teacher, colleague, classA, classB, inA, inB, newcomer, test };
};

const windowOf = (testId: number, overrides: Record<string, unknown> = {}) => ({
  school_test: testId,
  start_at: at(1),
  end_at: at(3),
  ...overrides,
});

type Assignment = {
  id: number;
  students_count: number;
  started_count: number;
  completed_count: number;
  end_exam_at: string;
};
const give = async (as: Session, body: object) => {
  const response = await as.call('POST', '/api/exam/assignments/', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Assignment;
};
type StudentExam = { id: number; assignment: number | null; end_exam_at: string; extra_minutes: number };
const examsOf = async (student: Session) => {
  const response = await student.call('GET', '/api/exam/students-exams/');
  expect(response.statusCode).toBe(200);
  return response.json().results as StudentExam[];
};
const moveTo = async (principal: Session, student: Session, classId: number | null) => {
  const moved = await principal.call('PUT', `/api/school/school-students/${student.user.id}/class/`, {
    class_id: classId,
  });
  expect(moved.statusCode, moved.body).toBe(204);
};
const start = (as: Session, examId: number) => as.call('PUT', `/api/exam/exam-started/${examId}/`);
const edit = (as: Session, id: number, body: object) =>
  as.call('PATCH', `/api/exam/assignments/${id}/`, body);

describe('giving an exam to a class', () => {
  it('makes one assignment with an exam per student of the class, each told of it', async () => {
    const { teacher, classA, inA, inB, test } = await school();
    const assignment = await give(
      teacher,
      windowOf(test.id, { school_class: classA, shuffle_questions: true }),
    );
    expect(assignment).toMatchObject({
      students_count: 1,
      started_count: 0,
      target: { kind: 'class', id: classA, name: '7А' },
      school_test: { id: test.id, name: 'Rivers' },
      shuffle_questions: true,
    });
    expect(await examsOf(inA)).toEqual([
      expect.objectContaining({ assignment: assignment.id, shuffle_questions: true }),
    ]);
    expect(await examsOf(inB)).toEqual([]);
    const notices = (await inA.call('GET', '/api/notifications/')).json().results;
    expect(notices).toEqual([
      expect.objectContaining({
        kind: 'exam_assigned',
        values: expect.objectContaining({
          name: 'Rivers',
          from: expect.stringContaining(teacher.user.firstName),
        }),
      }),
    ]);

    const list = await teacher.call('GET', '/api/exam/assignments/');
    expect(list.json()).toMatchObject({ count: 1, results: [{ id: assignment.id, students_count: 1 }] });
    // The spec's list still names each student's exam.
    const perStudent = await teacher.call('GET', '/api/exam/exams/');
    expect(perStudent.json().results).toEqual([expect.objectContaining({ assignment: assignment.id })]);
    const details = await teacher.call('GET', `/api/exam/assignments/${assignment.id}/`);
    expect(details.json().exams).toEqual([
      expect.objectContaining({
        student: expect.objectContaining({ id: inA.user.id }),
        status: 'not_started',
      }),
    ]);
  });

  it('is for the teachers of the class and its principal; other classes, groups and tests are not found', async () => {
    const { principal, teacher, colleague, classA, test } = await school();
    const other = await school();
    const colleagueTest = await buildSchoolTest(db(), colleague.user.id);
    const notTaught = await colleague.call(
      'POST',
      '/api/exam/assignments/',
      windowOf(colleagueTest.id, { school_class: classA }),
    );
    expect(notTaught.statusCode).toBe(404);
    const elsewhere = await other.teacher.call(
      'POST',
      '/api/exam/assignments/',
      windowOf(other.test.id, { school_class: classA }),
    );
    expect(elsewhere.statusCode).toBe(404);
    const principalTest = await buildSchoolTest(db(), principal.user.id);
    await give(principal, windowOf(principalTest.id, { school_class: classA }));

    const notMyTest = await teacher.call(
      'POST',
      '/api/exam/assignments/',
      windowOf(colleagueTest.id, { school_class: classA }),
    );
    expect(notMyTest.statusCode).toBe(404);
    const group = await other.teacher.call('POST', '/api/user-groups/list/paginated/', { name: 'Mine' });
    const notMine = await colleague.call(
      'POST',
      '/api/exam/assignments/',
      windowOf(colleagueTest.id, { user_group: group.json().id }),
    );
    expect(notMine.statusCode).toBe(404);
    const both = await teacher.call(
      'POST',
      '/api/exam/assignments/',
      windowOf(test.id, { user_group: group.json().id, school_class: classA }),
    );
    expect(both.statusCode).toBe(400);
    expect(both.json().school_class).toBeDefined();
    const past = await teacher.call(
      'POST',
      '/api/exam/assignments/',
      windowOf(test.id, { school_class: classA, start_at: at(-3), end_at: at(-1) }),
    );
    expect(past.statusCode).toBe(400);
    expect(past.json().end_at).toBeDefined();
    await db().execute(sql`delete from test_questions where test_id = ${test.id}`);
    const empty = await teacher.call(
      'POST',
      '/api/exam/assignments/',
      windowOf(test.id, { school_class: classA }),
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().school_test).toBeDefined();
  });
});

describe('an exam given to a class follows it', () => {
  it('gives its exam to a student who joins and takes it from one who leaves before starting', async () => {
    const { principal, teacher, classA, classB, inA, newcomer, test } = await school();
    const assignment = await give(teacher, windowOf(test.id, { school_class: classA }));

    await moveTo(principal, newcomer, classA);
    expect(await examsOf(newcomer)).toEqual([expect.objectContaining({ assignment: assignment.id })]);
    const notices = (await newcomer.call('GET', '/api/notifications/')).json().results;
    expect(notices).toEqual([expect.objectContaining({ kind: 'exam_assigned' })]);

    // An exam given to the student by name stays when they leave the class.
    const named = await teacher.call('POST', '/api/exam/exams/', {
      ...windowOf(test.id),
      student: [inA.user.id],
    });
    expect(named.statusCode, named.body).toBe(201);
    await moveTo(principal, inA, classB);
    expect(await examsOf(inA)).toEqual([expect.objectContaining({ assignment: null })]);
    const details = await teacher.call('GET', `/api/exam/assignments/${assignment.id}/`);
    expect(details.json().students_count).toBe(1);

    // Leaving the school is leaving the class.
    const left = await newcomer.call('DELETE', '/api/school/membership/');
    expect(left.statusCode, left.body).toBeLessThan(300);
    expect(await examsOf(newcomer)).toEqual([]);
  });

  it('keeps an attempt the student started when they leave, and does not give it twice if they return', async () => {
    const { principal, teacher, classA, classB, inA, test } = await school();
    const assignment = await give(teacher, windowOf(test.id, { school_class: classA }));
    const [exam] = await examsOf(inA);
    t.clock.advance(2 * HOUR);
    expect((await start(inA, exam!.id)).statusCode).toBe(200);

    await moveTo(principal, inA, classB);
    expect((await examsOf(inA)).map((row) => row.id)).toEqual([exam!.id]);
    await moveTo(principal, inA, classA);
    expect((await examsOf(inA)).map((row) => row.id)).toEqual([exam!.id]);
    const details = (await teacher.call('GET', `/api/exam/assignments/${assignment.id}/`)).json();
    expect(details).toMatchObject({ students_count: 1, started_count: 1 });
  });

  it('gives a student who joins after its end nothing', async () => {
    const { principal, teacher, classA, newcomer, test } = await school();
    await give(teacher, windowOf(test.id, { school_class: classA }));
    t.clock.advance(4 * HOUR);
    await moveTo(principal, newcomer, classA);
    expect(await examsOf(newcomer)).toEqual([]);
  });
});

describe('an exam given to a group follows it', () => {
  it('gives its exam to reached people added to the group and takes it from those removed', async () => {
    const { teacher, inA, inB, test } = await school();
    const stranger = await buildUser(db());
    const friend = await signIn();
    await buildFriendship(db(), teacher.user.id, friend.user.id);
    const group = (await teacher.call('POST', '/api/user-groups/list/paginated/', { name: 'Club' })).json();
    await teacher.call('PUT', `/api/user-groups/details-add/${group.id}/`, { user_ids: [inA.user.id] });
    const assignment = await give(teacher, windowOf(test.id, { user_group: group.id }));
    expect(assignment).toMatchObject({ students_count: 1, target: { kind: 'group', name: 'Club' } });

    await teacher.call('PUT', `/api/user-groups/details-add/${group.id}/`, {
      user_ids: [inB.user.id, friend.user.id, stranger.id],
    });
    expect(await examsOf(inB)).toEqual([expect.objectContaining({ assignment: assignment.id })]);
    expect(await examsOf(friend)).toHaveLength(1);
    const strangers = (await db().execute(
      sql`select count(*)::int as n from exams where student_id = ${stranger.id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(strangers.rows[0]!.n).toBe(0);

    await teacher.call('PUT', `/api/user-groups/details-remove/${group.id}/`, { user_ids: [inA.user.id] });
    expect(await examsOf(inA)).toEqual([]);
  });
});

describe('editing an exam given to a class', () => {
  it('moves every student’s window and keeps their extra minutes', async () => {
    const { principal, teacher, classA, inA, newcomer, test } = await school();
    await moveTo(principal, newcomer, classA);
    const assignment = await give(teacher, windowOf(test.id, { school_class: classA }));
    const [exam] = await examsOf(inA);
    const extra = await teacher.call('PATCH', `/api/exam/exams/${exam!.id}/`, { extra_minutes: 15 });
    expect(extra.statusCode, extra.body).toBe(200);

    const moved = await edit(teacher, assignment.id, {
      start_at: at(2),
      end_at: at(5),
      time_limit_minutes: 20,
      leave_completes: true,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ end_exam_at: at(5), time_limit_minutes: 20, leave_completes: true });
    for (const student of [inA, newcomer])
      expect(await examsOf(student)).toEqual([
        expect.objectContaining({
          start_exam_at: at(2),
          end_exam_at: at(5),
          time_limit_minutes: 20,
          leave_completes: true,
        }),
      ]);
    expect((await examsOf(inA))[0]!.extra_minutes).toBe(15);

    const backwards = await edit(teacher, assignment.id, { start_at: at(6) });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().end_at).toBeDefined();
  });

  it('keeps the start and the attempt’s rules once a student has started; the end may still move', async () => {
    const { teacher, colleague, classA, inA, test } = await school();
    const assignment = await give(teacher, windowOf(test.id, { school_class: classA }));
    const [exam] = await examsOf(inA);
    t.clock.advance(2 * HOUR);
    const started = await start(inA, exam!.id);
    expect(started.statusCode).toBe(200);
    const question = started.json().questions[0].id as number;
    const answered = await inA.call('POST', `/api/exam/${exam!.id}/${question}/answer/`, {
      student_answer: 'a',
    });
    expect(answered.statusCode, answered.body).toBe(200);

    for (const change of [{ start_at: at(-1.5) }, { time_limit_minutes: 5 }, { shuffle_questions: true }]) {
      const refused = await edit(teacher, assignment.id, change);
      expect(refused.statusCode, JSON.stringify(change)).toBe(409);
      expect(refused.json().code).toBe('exam_assignment_started');
    }
    // Sending the values it has changes nothing, so it is no change of them.
    const same = await edit(teacher, assignment.id, { shuffle_questions: false, time_limit_minutes: null });
    expect(same.statusCode, same.body).toBe(200);
    const past = await edit(teacher, assignment.id, { end_at: at(-0.5) });
    expect(past.statusCode).toBe(400);
    const later = await edit(teacher, assignment.id, { end_at: at(4), show_results_after_end: true });
    expect(later.statusCode, later.body).toBe(200);
    const [after] = await examsOf(inA);
    expect(after).toMatchObject({
      id: exam!.id,
      end_exam_at: at(4),
      status: 'in_progress',
      answers_count: 1,
    });

    expect((await edit(colleague, assignment.id, { end_at: at(5) })).statusCode).toBe(404);
    expect((await edit(inA, assignment.id, { end_at: at(5) })).statusCode).toBe(404);
  });

  it('deletes an assignment with its students’ exams, for its teacher only', async () => {
    const { teacher, colleague, classA, inA, test } = await school();
    const assignment = await give(teacher, windowOf(test.id, { school_class: classA }));
    const refused = await colleague.call('DELETE', `/api/exam/assignments/${assignment.id}/`);
    expect(refused.statusCode).toBe(404);
    expect((await inA.call('GET', `/api/exam/assignments/${assignment.id}/`)).statusCode).toBe(404);
    const deleted = await teacher.call('DELETE', `/api/exam/assignments/${assignment.id}/`);
    expect(deleted.statusCode).toBe(204);
    expect(await examsOf(inA)).toEqual([]);
  });
});

describe('the gradebook', () => {
  it('has a column for an exam given to the class, apart from the same test given to named students', async () => {
    const { principal, teacher, classA, inA, newcomer, test } = await school();
    const assignment = await give(teacher, windowOf(test.id, { school_class: classA }));
    const named = await teacher.call('POST', '/api/exam/exams/', {
      ...windowOf(test.id, { start_at: at(4), end_at: at(5) }),
      student: [inA.user.id],
    });
    expect(named.statusCode, named.body).toBe(201);
    await moveTo(principal, newcomer, classA);

    const book = (await teacher.call('GET', `/api/school/classes/${classA}/gradebook/`)).json();
    expect(book.columns).toEqual([
      expect.objectContaining({ test_id: test.id, assignment: assignment.id }),
      expect.objectContaining({ test_id: test.id, assignment: null }),
    ]);
    const cells = Object.fromEntries(
      book.students.map((student: { id: number; cells: { state: string }[] }) => [
        student.id,
        student.cells.map((cell) => cell.state),
      ]),
    );
    expect(cells[inA.user.id]).toEqual(['pending', 'pending']);
    expect(cells[newcomer.user.id]).toEqual(['pending', 'not_given']);
  });
});

describe('the exam assignment lists', () => {
  it('cost a fixed number of queries whatever the number of assignments and students', async () => {
    const cost = async (count: number) => {
      const { principal, teacher, classA, test } = await school();
      for (let i = 1; i < count; i++)
        await buildUser(db(), { schoolId: principal.user.schoolId, isStudent: true, schoolClassId: classA });
      const ids: number[] = [];
      for (let i = 0; i < count; i++)
        ids.push((await give(teacher, windowOf(test.id, { school_class: classA }))).id);
      t.database.queries.length = 0;
      const list = await teacher.call('GET', '/api/exam/assignments/');
      expect(list.json().results).toHaveLength(count);
      const details = await teacher.call('GET', `/api/exam/assignments/${ids[0]}/`);
      expect(details.json().exams).toHaveLength(count);
      return t.database.queries.length;
    };
    expect(await cost(2)).toBe(await cost(6));
  });
});
