import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildCard, buildCategory, buildFriendship, buildSchool, buildUser } from '../../../test/factories';
import { type Session, signIn as signInAs } from '../../../test/session';
import { dayIn } from '../../lib/clock';

let t: TestApp;
beforeAll(async () => {
  // Tokens outlive the days the tests move the clock by.
  t = await buildTestApp({ ACCESS_TOKEN_MINUTES: String(60 * 24 * 60) });
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const db = () => t.database.db;
const signIn = (overrides: Parameters<typeof signInAs>[1] = {}) => signInAs(t, overrides);
const day = (offsetDays = 0) => dayIn('UTC', new Date(t.clock.now().getTime() + offsetDays * DAY));

/** A school with its principal, a teacher of 7А, a colleague teaching nothing, a student in 7А and one in 7Б. */
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
  const category = await buildCategory(db(), { userId: teacher.user.id, name: 'Rivers' });
  await buildCard(db(), { categoryId: category.id, tag: 'a' });
  return { principal, teacher, colleague, classA, classB, inA, inB, newcomer, category };
};

const settings = (categoryId: number, overrides: Record<string, unknown> = {}) => ({
  name: 'Rivers of Europe',
  category: categoryId,
  start_at: day(),
  end_at: day(7),
  ...overrides,
});

const give = async (as: Session, body: object) => {
  const response = await as.call('POST', '/api/learning-paths/assignments/', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; students_count: number };
};
const pathsOf = async (student: Session) => {
  const response = await student.call('GET', '/api/learning-paths/list-students/');
  expect(response.statusCode).toBe(200);
  return response.json().results as { id: number; name: string; assignment: number | null }[];
};
const answer = (as: Session, rowId: number) =>
  as.call('PUT', `/api/learning-paths/card-text-students/${rowId}/`, {
    category: 1,
    first_side: 'x',
    second_side: 'y',
    guesses_score: 99,
  });
const moveTo = async (principal: Session, student: Session, classId: number | null) => {
  const moved = await principal.call('PUT', `/api/school/school-students/${student.user.id}/class/`, {
    class_id: classId,
  });
  expect(moved.statusCode, moved.body).toBe(204);
};

describe('giving a path to a class', () => {
  it('makes one assignment with a path per student of the class, listed once to the teacher', async () => {
    const { teacher, classA, inA, inB, category } = await school();
    const assignment = await give(teacher, settings(category.id, { school_class: classA }));
    expect(assignment).toMatchObject({
      students_count: 1,
      target: { kind: 'class', id: classA, name: '7А' },
    });
    expect(await pathsOf(inA)).toEqual([
      expect.objectContaining({ name: 'Rivers of Europe', assignment: assignment.id }),
    ]);
    expect(await pathsOf(inB)).toEqual([]);

    const list = await teacher.call('GET', '/api/learning-paths/assignments/');
    expect(list.json()).toMatchObject({ count: 1, results: [{ id: assignment.id, students_count: 1 }] });
    // The spec's list still names each student's path; `named=true` leaves the assignment's out.
    const perStudent = await teacher.call('GET', '/api/learning-paths/list-teachers/');
    expect(perStudent.json().count).toBe(1);
    const named = await teacher.call('GET', '/api/learning-paths/list-teachers/?named=true');
    expect(named.json().count).toBe(0);
    const details = await teacher.call('GET', `/api/learning-paths/assignments/${assignment.id}/`);
    expect(details.json().paths).toEqual([
      expect.objectContaining({ assigned_user: expect.objectContaining({ id: inA.user.id }) }),
    ]);
  });

  it('is for the teachers of the class and its principal; other classes and groups are not found', async () => {
    const { principal, colleague, classA, category } = await school();
    const other = await school();
    const colleagueCategory = await buildCategory(db(), { userId: colleague.user.id });
    const notTaught = await colleague.call(
      'POST',
      '/api/learning-paths/assignments/',
      settings(colleagueCategory.id, { school_class: classA }),
    );
    expect(notTaught.statusCode).toBe(404);
    const elsewhere = await other.teacher.call(
      'POST',
      '/api/learning-paths/assignments/',
      settings(other.category.id, { school_class: classA }),
    );
    expect(elsewhere.statusCode).toBe(404);
    const principalCategory = await buildCategory(db(), { userId: principal.user.id });
    await give(principal, settings(principalCategory.id, { school_class: classA }));

    const group = await other.teacher.call('POST', '/api/user-groups/list/paginated/', { name: 'Mine' });
    const notMine = await colleague.call(
      'POST',
      '/api/learning-paths/assignments/',
      settings(colleagueCategory.id, { user_group: group.json().id }),
    );
    expect(notMine.statusCode).toBe(404);
    const both = await colleague.call(
      'POST',
      '/api/learning-paths/assignments/',
      settings(colleagueCategory.id, { user_group: group.json().id, school_class: classA }),
    );
    expect(both.statusCode).toBe(400);
    expect(both.json().school_class).toBeDefined();
    const notMyCategory = await principal.call(
      'POST',
      '/api/learning-paths/assignments/',
      settings(category.id, { school_class: classA }),
    );
    expect(notMyCategory.statusCode).toBe(400);
    expect(notMyCategory.json().category).toBeDefined();
  });
});

describe('an assignment follows its class', () => {
  it('gives its path to a student who joins the class and takes it from one who leaves', async () => {
    const { principal, teacher, classA, classB, inA, newcomer, category } = await school();
    const assignment = await give(teacher, settings(category.id, { school_class: classA }));
    expect(await pathsOf(newcomer)).toEqual([]);

    await moveTo(principal, newcomer, classA);
    const [given] = await pathsOf(newcomer);
    expect(given).toEqual(expect.objectContaining({ assignment: assignment.id }));
    // The late joiner is told of it as the class was, in the teacher's name.
    const notices = (await newcomer.call('GET', '/api/notifications/')).json().results;
    expect(notices).toEqual([
      expect.objectContaining({
        kind: 'path_assigned',
        values: expect.objectContaining({
          path: given!.id,
          from: expect.stringContaining(teacher.user.firstName),
        }),
      }),
    ]);

    // A path made for the student by name stays when they leave the class.
    const named = await teacher.call('POST', '/api/learning-paths/list-teachers/', [
      { ...settings(category.id), assigned_user: inA.user.id, name: 'Extra' },
    ]);
    expect(named.statusCode).toBe(201);
    await moveTo(principal, inA, classB);
    expect((await pathsOf(inA)).map((path) => path.name)).toEqual(['Extra']);

    const details = await teacher.call('GET', `/api/learning-paths/assignments/${assignment.id}/`);
    expect(details.json().students_count).toBe(1);

    // Leaving the school is leaving the class.
    const left = await newcomer.call('DELETE', '/api/school/membership/');
    expect(left.statusCode, left.body).toBeLessThan(300);
    expect(await pathsOf(newcomer)).toEqual([]);
  });

  it('gives a student who joins after its last day nothing', async () => {
    const { principal, teacher, classA, newcomer, category } = await school();
    await give(teacher, settings(category.id, { school_class: classA, end_at: day(1) }));
    t.clock.advance(3 * DAY);
    await moveTo(principal, newcomer, classA);
    expect(await pathsOf(newcomer)).toEqual([]);
  });

  it('follows a student put in the class by the CSV import', async () => {
    const { principal, teacher, classA, category } = await school();
    await give(teacher, settings(category.id, { school_class: classA }));
    const address = `imported${Math.random().toString(36).slice(2, 8)}@example.com`;
    const imported = await principal.send(
      'POST',
      '/api/school/bulk-create-users/',
      {},
      { file: { name: 's.csv', type: 'text/csv', data: Buffer.from(`${address},Ana,Petrova,7А\n`) } },
    );
    expect(imported.statusCode, imported.body).toBeLessThan(300);
    const rows = (await db().execute(
      sql`select count(*)::int as n from learning_paths p join users u on u.id = p.assigned_user_id where u.email = ${address}`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]!.n).toBe(1);
  });
});

describe('an assignment follows its group', () => {
  it('gives its path to reached people added to the group and takes it from those removed', async () => {
    const { teacher, inA, inB, category } = await school();
    const stranger = await buildUser(db());
    const friend = await signIn();
    await buildFriendship(db(), teacher.user.id, friend.user.id);
    const group = (await teacher.call('POST', '/api/user-groups/list/paginated/', { name: 'Club' })).json();
    await teacher.call('PUT', `/api/user-groups/details-add/${group.id}/`, { user_ids: [inA.user.id] });
    const assignment = await give(teacher, settings(category.id, { user_group: group.id }));
    expect(assignment.students_count).toBe(1);

    await teacher.call('PUT', `/api/user-groups/details-add/${group.id}/`, {
      user_ids: [inB.user.id, friend.user.id, stranger.id],
    });
    expect(await pathsOf(inB)).toEqual([expect.objectContaining({ assignment: assignment.id })]);
    expect(await pathsOf(friend)).toHaveLength(1);
    const strangers = (await db().execute(
      sql`select count(*)::int as n from learning_paths where assigned_user_id = ${stranger.id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(strangers.rows[0]!.n).toBe(0);

    await teacher.call('PUT', `/api/user-groups/details-remove/${group.id}/`, { user_ids: [inA.user.id] });
    expect(await pathsOf(inA)).toEqual([]);
  });
});

describe('editing', () => {
  it('changes an assignment for all its students and keeps their progress', async () => {
    const { teacher, classA, inA, category } = await school();
    const assignment = await give(teacher, settings(category.id, { school_class: classA }));
    const [path] = await pathsOf(inA);
    const deck = await inA.call(
      'GET',
      `/api/learning-paths/card-text-students/?learning_path_id=${path!.id}`,
    );
    const answered = await answer(inA, deck.json()[0].id);
    expect(answered.statusCode, answered.body).toBe(200);

    const edited = await teacher.call('PATCH', `/api/learning-paths/assignments/${assignment.id}/`, {
      name: 'Rivers and lakes',
      end_at: day(14),
      daily_cards_flip_target: 40,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Rivers and lakes',
      end_at: day(14),
      daily_cards_flip_target: 40,
    });
    const progress = await inA.call(
      'GET',
      `/api/learning-paths/learning-path-progress/?learning_path_id=${path!.id}`,
    );
    expect(progress.json()).toMatchObject({
      name: 'Rivers and lakes',
      end_at: day(14),
      daily_cards_flip_target: 40,
    });
    expect(progress.json().progress).toEqual([expect.objectContaining({ flip_cards_verbal: 1 })]);

    const backwards = await teacher.call('PATCH', `/api/learning-paths/assignments/${assignment.id}/`, {
      start_at: day(20),
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().end_at).toBeDefined();
    const noTest = await teacher.call('PATCH', `/api/learning-paths/assignments/${assignment.id}/`, {
      start_test_at: `${day(1)}T08:00:00Z`,
      end_test_at: `${day(2)}T08:00:00Z`,
    });
    expect(noTest.statusCode).toBe(400);
    // A student's path of the assignment changes only with it.
    const single = await teacher.call('PATCH', `/api/learning-paths/details-teachers/${path!.id}/`, {
      name: 'x',
    });
    expect(single.statusCode).toBe(409);
  });

  it('changes a named student’s path, keeping its progress; only its teacher may', async () => {
    const { teacher, colleague, inA, category } = await school();
    const made = await teacher.call('POST', '/api/learning-paths/list-teachers/', [
      { ...settings(category.id), assigned_user: inA.user.id },
    ]);
    const id = made.json().created[0] as number;
    const deck = await inA.call('GET', `/api/learning-paths/card-text-students/?learning_path_id=${id}`);
    await answer(inA, deck.json()[0].id);

    const edited = await teacher.call('PATCH', `/api/learning-paths/details-teachers/${id}/`, {
      start_at: day(-1),
      flip_cards_volume: 5,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ start_at: day(-1), flip_cards_volume: 5 });
    expect(edited.json().progress).toHaveLength(1);
    const bad = await teacher.call('PATCH', `/api/learning-paths/details-teachers/${id}/`, {
      start_at: day(3),
      end_at: day(2),
    });
    expect(bad.statusCode).toBe(400);
    const other = await colleague.call('PATCH', `/api/learning-paths/details-teachers/${id}/`, { name: 'x' });
    expect(other.statusCode).toBe(404);
    const student = await inA.call('PATCH', `/api/learning-paths/details-teachers/${id}/`, { name: 'x' });
    expect(student.statusCode).toBe(404);
  });

  it('deletes an assignment with its students’ paths', async () => {
    const { teacher, colleague, classA, inA, category } = await school();
    const assignment = await give(teacher, settings(category.id, { school_class: classA }));
    const refused = await colleague.call('DELETE', `/api/learning-paths/assignments/${assignment.id}/`);
    expect(refused.statusCode).toBe(404);
    const deleted = await teacher.call('DELETE', `/api/learning-paths/assignments/${assignment.id}/`);
    expect(deleted.statusCode).toBe(204);
    expect(await pathsOf(inA)).toEqual([]);
  });
});

describe('the assignment lists', () => {
  it('cost a fixed number of queries whatever the number of assignments and students', async () => {
    const cost = async (count: number) => {
      const { principal, teacher, classA, category } = await school();
      for (let i = 1; i < count; i++)
        await buildUser(db(), { schoolId: principal.user.schoolId, isStudent: true, schoolClassId: classA });
      const ids: number[] = [];
      for (let i = 0; i < count; i++)
        ids.push((await give(teacher, settings(category.id, { school_class: classA }))).id);
      t.database.queries.length = 0;
      const list = await teacher.call('GET', '/api/learning-paths/assignments/');
      expect(list.json().results).toHaveLength(count);
      const details = await teacher.call('GET', `/api/learning-paths/assignments/${ids[0]}/`);
      expect(details.json().paths).toHaveLength(count);
      return t.database.queries.length;
    };
    expect(await cost(2)).toBe(await cost(6));
  });
});
