import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import {
  buildCard,
  buildCategory,
  buildFriendship,
  buildSchool,
  buildSchoolTest,
  buildUser,
} from '../../../test/factories';
import { type Session, signIn as signInAs } from '../../../test/session';
import { dayIn } from '../../lib/clock';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const trial = () => new Date(t.clock.now().getTime() + 30 * DAY);
const signIn = (overrides: Parameters<typeof signInAs>[1] = {}) => signInAs(t, overrides);
const reportsOf = (as: Session, email: string, extra = '') =>
  as.call('GET', `/api/card/reports/?userEmail=${encodeURIComponent(email)}${extra}`);

/** A premium teacher and a student of one school; the student has a category and a path of the teacher. */
const classroom = async () => {
  const school = await buildSchool(t.database.db);
  const teacher = await signIn({ schoolId: school.id, isTeacher: true, trialEndDate: trial() });
  const student = await signIn({
    schoolId: school.id,
    isStudent: true,
    firstName: 'Ana',
    lastName: 'Ivanova',
  });
  // Dates on the test's clock, which the path's creation reads too.
  const own = await buildCategory(t.database.db, {
    userId: student.user.id,
    name: 'My words',
    createdAt: t.clock.now(),
  });
  await buildCard(t.database.db, { categoryId: own.id, guessesScore: 10, incorrectGuessesScore: 2 });
  await buildCard(t.database.db, { categoryId: own.id, guessesScoreTyping: 3 });
  await buildCategory(t.database.db, { userId: student.user.id, typeOfCards: 'kids' });
  const rivers = await buildCategory(t.database.db, { userId: teacher.user.id, name: 'Rivers' });
  const danube = await buildCard(t.database.db, { categoryId: rivers.id, firstSide: 'Danube', tag: 'eu' });
  await buildCard(t.database.db, { categoryId: rivers.id, firstSide: 'Nile', tag: 'africa' });
  t.clock.advance(1000);
  const created = await teacher.call('POST', '/api/learning-paths/list-teachers/', [
    {
      name: 'European rivers',
      assigned_user: student.user.id,
      category: rivers.id,
      category_tags: ['eu'],
      start_at: dayIn('UTC', t.clock.now()),
      end_at: dayIn('UTC', new Date(t.clock.now().getTime() + 7 * DAY)),
      learned_card_volume_verbal: 1,
    },
  ]);
  const pathId = created.json().created[0] as number;
  const [row] = (
    await student.call('GET', `/api/learning-paths/card-text-students/?learning_path_id=${pathId}`)
  ).json();
  expect(
    (await student.call('PUT', `/api/learning-paths/card-text-students/${row.id}/`, { guesses_score: 1 }))
      .statusCode,
  ).toBe(200);
  return { school, teacher, student, own, rivers, danube, pathId };
};

describe('reports', () => {
  it("show a reached student's categories and paths with their totals, newest first", async () => {
    const { teacher, student, own, rivers, pathId } = await classroom();
    const response = await reportsOf(teacher, student.user.email.toUpperCase());
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json();
    expect(page.count).toBe(2);
    expect(page.results).toEqual([
      expect.objectContaining({
        id: rivers.id,
        name: 'Rivers',
        learning_path: {
          id: pathId,
          name: 'European rivers',
          learned_card_volume_verbal: 1,
          learned_card_volume_typing: 10,
          test: null,
        },
        cards_len: 1,
        learned_cards_verbal_len: 1,
        total_guesses_score: 1,
        user: expect.objectContaining({ id: student.user.id, first_name: 'Ana', email: student.user.email }),
      }),
      expect.objectContaining({
        id: own.id,
        learning_path: null,
        type_of_cards: 'text',
        cards_len: 2,
        learned_cards_verbal_len: 1,
        learned_cards_typing_len: 0,
        total_guesses_score: 10,
        total_incorrect_guesses_score: 2,
        total_guesses_score_typing: 3,
      }),
    ]);
    const exported = (
      await teacher.call('GET', `/api/card/reports/export/?userEmail=${student.user.email}`)
    ).json();
    expect(exported).toEqual(page.results);
  });

  it('are for reached students only: others are not found', async () => {
    const { teacher } = await classroom();
    const stranger = await buildUser(t.database.db);
    const friend = await buildUser(t.database.db);
    await buildFriendship(t.database.db, teacher.user.id, friend.id);
    const elsewhere = await buildUser(t.database.db, { schoolId: (await buildSchool(t.database.db)).id });
    for (const email of [stranger.email, elsewhere.email, 'nobody@example.com', teacher.user.email])
      expect((await reportsOf(teacher, email)).statusCode, email).toBe(404);
    expect((await reportsOf(teacher, friend.email)).statusCode).toBe(200);
    // A classmate who is not a teacher reaches nobody of the school.
    const { school, student } = await classroom();
    const classmate = await signIn({ schoolId: school.id, isStudent: true, trialEndDate: trial() });
    expect((await reportsOf(classmate, student.user.email)).statusCode).toBe(404);
  });

  it("reach a school's students only: never its principals, teachers or staff members", async () => {
    const school = await buildSchool(t.database.db);
    const member = { schoolId: school.id, isOrganizationMember: true, trialEndDate: trial() };
    const principal = await signIn({ ...member, isOrganizationHost: true });
    const teacher = await signIn({ ...member, isTeacher: true });
    const secondPrincipal = await buildUser(t.database.db, { ...member, isOrganizationHost: true });
    const secondTeacher = await buildUser(t.database.db, { ...member, isTeacher: true });
    const student = await signIn({ ...member, isStudent: true });
    const classmate = await buildUser(t.database.db, { ...member, isStudent: true });
    // A staff member who was made a student of the school still keeps their cards.
    const staff = await buildUser(t.database.db, { ...member, isStudent: true, isStaff: true });
    const elsewhere = await signIn({
      schoolId: (await buildSchool(t.database.db)).id,
      isTeacher: true,
      trialEndDate: trial(),
    });
    const privateCategory = async (userId: number) => {
      const category = await buildCategory(t.database.db, { userId, name: `Private ${userId}` });
      await buildCard(t.database.db, { categoryId: category.id, firstSide: `secret ${userId}` });
      return category.id;
    };
    const cardsOf = (as: Session, email: string, categoryId: number) =>
      as.call(
        'GET',
        `/api/card/reports/cards/?userEmail=${encodeURIComponent(email)}&category_id=${categoryId}`,
      );
    const refused: [string, Session, { id: number; email: string }][] = [
      ['teacher on principal', teacher, principal.user],
      ['teacher on principal', teacher, secondPrincipal],
      ['teacher on teacher', teacher, secondTeacher],
      ['principal on teacher', principal, teacher.user],
      ['principal on principal', principal, secondPrincipal],
      ['student on student', student, classmate],
      ['teacher of another school', elsewhere, student.user],
      ['teacher on staff', teacher, staff],
      ['principal on staff', principal, staff],
    ];
    for (const [name, as, target] of refused) {
      const categoryId = await privateCategory(target.id);
      const rows = await reportsOf(as, target.email);
      expect(rows.statusCode, name).toBe(404);
      const cards = await cardsOf(as, target.email, categoryId);
      expect(cards.statusCode, name).toBe(404);
      expect(cards.body, name).not.toContain(`secret ${target.id}`);
    }
    for (const as of [teacher, principal]) {
      const categoryId = await privateCategory(classmate.id);
      expect((await reportsOf(as, classmate.email)).statusCode).toBe(200);
      const cards = await cardsOf(as, classmate.email, categoryId);
      expect(cards.statusCode).toBe(200);
      expect(cards.json().results[0].first_side).toBe(`secret ${classmate.id}`);
    }
    // The list of students holds the students alone, for the principal as for a teacher.
    for (const as of [teacher, principal]) {
      const listed = (await as.call('GET', '/api/card/reports/students/')).json();
      expect(listed.results.map((row: { id: number }) => row.id).sort()).toEqual(
        [student.user.id, classmate.id].sort(),
      );
    }
    // A teacher or principal who accepted another as a friend is reached as a friend, as anyone is.
    await buildFriendship(t.database.db, teacher.user.id, secondTeacher.id);
    expect((await reportsOf(teacher, secondTeacher.email)).statusCode).toBe(200);
  });

  it('need premium, and are refused to accounts a school created and nobody claimed', async () => {
    const { school, student } = await classroom();
    const free = await signIn({ schoolId: school.id, isTeacher: true });
    const refused = await reportsOf(free, student.user.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(
      "Reports are for subscribers. Subscribe to see your students' progress.",
    );
    expect((await free.call('GET', '/api/card/reports/students/')).statusCode).toBe(403);
    const unclaimed = await signIn({ isAutoCreated: true, trialEndDate: trial() });
    expect((await unclaimed.call('GET', '/api/card/reports/students/')).statusCode).toBe(403);
  });

  it('list the students I reach with their totals, searchable', async () => {
    const { teacher, student } = await classroom();
    const response = await teacher.call('GET', '/api/card/reports/students/');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().results).toEqual([
      expect.objectContaining({
        id: student.user.id,
        relation: 'school',
        categories_len: 1,
        learning_paths_len: 1,
        learned_cards_verbal_len: 2,
        last_active: dayIn('UTC', t.clock.now()),
      }),
    ]);
    expect((await teacher.call('GET', '/api/card/reports/students/?search=zzz')).json().count).toBe(0);
  });

  it("give each card of a category or a path with the student's scores", async () => {
    const { teacher, student, own, danube, pathId } = await classroom();
    const email = encodeURIComponent(student.user.email);
    const path = (
      await teacher.call('GET', `/api/card/reports/cards/?userEmail=${email}&learning_path_id=${pathId}`)
    ).json();
    expect(path.count).toBe(1);
    expect(path.results).toEqual([
      expect.objectContaining({
        id: danube.id,
        first_side: 'Danube',
        guesses_score: 1,
        learned_verbal: true,
      }),
    ]);
    expect(path.report).toMatchObject({ learning_path: { id: pathId } });
    const category = (
      await teacher.call('GET', `/api/card/reports/cards/?userEmail=${email}&category_id=${own.id}`)
    ).json();
    expect(category.results.map((card: { learned_verbal: boolean }) => card.learned_verbal)).toEqual([
      true,
      false,
    ]);
    // The teacher's own category is not the student's.
    const { rivers } = await classroom();
    expect(
      (await teacher.call('GET', `/api/card/reports/cards/?userEmail=${email}&category_id=${rivers.id}`))
        .statusCode,
    ).toBe(404);
    expect((await teacher.call('GET', `/api/card/reports/cards/?userEmail=${email}`)).statusCode).toBe(400);
  });

  it('cost a fixed number of queries whatever the page size', async () => {
    const cost = async (students: number) => {
      const school = await buildSchool(t.database.db);
      const teacher = await signIn({ schoolId: school.id, isTeacher: true, trialEndDate: trial() });
      let last = '';
      for (let i = 0; i < students; i++) {
        const student = await buildUser(t.database.db, { schoolId: school.id, isStudent: true });
        const category = await buildCategory(t.database.db, { userId: student.id });
        for (let j = 0; j < students; j++) await buildCategory(t.database.db, { userId: student.id });
        await buildCard(t.database.db, { categoryId: category.id });
        last = student.email;
      }
      t.database.queries.length = 0;
      expect((await teacher.call('GET', '/api/card/reports/students/')).json().results).toHaveLength(
        students,
      );
      expect((await reportsOf(teacher, last)).json().results).toHaveLength(students + 1);
      return t.database.queries.length;
    };
    expect(await cost(2)).toBe(await cost(8));
  });
});

describe("the principal among a teacher's people", () => {
  it('is listed among neither the students of reports and paths nor the candidates of an exam, even as a friend', async () => {
    const school = await buildSchool(t.database.db);
    const teacher = await signIn({ schoolId: school.id, isTeacher: true, trialEndDate: trial() });
    const principal = await buildUser(t.database.db, {
      schoolId: school.id,
      isOrganizationMember: true,
      isOrganizationHost: true,
      firstName: 'Директорка',
      lastName: 'Петрова',
    });
    const student = await buildUser(t.database.db, {
      schoolId: school.id,
      isStudent: true,
      firstName: 'Ученичка',
      lastName: 'Петрова',
    });
    await buildFriendship(t.database.db, teacher.user.id, principal.id);
    const ids = (response: { json: () => unknown }) => {
      const body = response.json() as { id: number }[] | { results: { id: number }[] };
      return (Array.isArray(body) ? body : body.results).map((person) => person.id);
    };
    const search = encodeURIComponent('Петрова');
    expect(ids(await teacher.call('GET', `/api/learning-paths/users-search/?search=${search}`))).toEqual([
      student.id,
    ]);
    expect(ids(await teacher.call('GET', `/api/exam/users-search/?search=${search}`))).toEqual([student.id]);
    expect(ids(await teacher.call('GET', `/api/card/reports/students/?search=${search}`))).toEqual([
      student.id,
    ]);
    expect((await reportsOf(teacher, principal.email)).statusCode).toBe(404);

    const test = await buildSchoolTest(t.database.db, teacher.user.id);
    const now = t.clock.now().getTime();
    const given = await teacher.call('POST', '/api/exam/exams/', {
      school_test: test.id,
      student: [student.id, principal.id],
      start_at: new Date(now).toISOString(),
      end_at: new Date(now + 3_600_000).toISOString(),
    });
    expect(given.statusCode, given.body).toBe(201);
    expect(given.json().created).toHaveLength(1);
    expect(given.json().skipped).toEqual([{ student: principal.id, reason: 'not_reached' }]);

    // A friend who leads another school stays a friend one may follow.
    const elsewhere = await buildSchool(t.database.db);
    const otherPrincipal = await buildUser(t.database.db, {
      schoolId: elsewhere.id,
      isOrganizationMember: true,
      isOrganizationHost: true,
      lastName: 'Петрова',
    });
    await buildFriendship(t.database.db, teacher.user.id, otherPrincipal.id);
    expect(ids(await teacher.call('GET', `/api/exam/users-search/?search=${search}`))).toContain(
      otherPrincipal.id,
    );
  });
});
