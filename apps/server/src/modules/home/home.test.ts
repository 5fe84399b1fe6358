import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildCard, buildCategory, buildSchool, buildSchoolTest } from '../../../test/factories';
import { type Session, signIn as signInAs } from '../../../test/session';
import { classTeachers, schoolClasses } from '../../db/schema';
import { dayIn } from '../../lib/clock';
import { mondayOf } from './home.service';

let t: TestApp;
beforeAll(async () => {
  // Tokens outlive the days the tests move the clock by.
  t = await buildTestApp({ ACCESS_TOKEN_MINUTES: String(30 * 24 * 60) });
});
afterAll(() => t.close());

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const signIn = (overrides: Parameters<typeof signInAs>[1] = {}) => signInAs(t, overrides);
const at = (minutes: number) => new Date(t.clock.now().getTime() + minutes * MINUTE).toISOString();
// The school's people live in Sofia, so "today" is theirs at every hour the suite runs.
const ZONE = 'Europe/Sofia';
const day = (offsetDays = 0) => dayIn(ZONE, new Date(t.clock.now().getTime() + offsetDays * DAY));
const homeOf = async (as: Session) => {
  const response = await as.call('GET', '/api/home/');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

/** A school with a class "7А" taught by a teacher, its students in it, and a category of the teacher's. */
const school = async (students = 1) => {
  const { db } = t.database;
  const place = await buildSchool(db, { name: 'Vasil Levski School', availableStudents: 30 });
  const member = { schoolId: place.id, isOrganizationMember: true, timeZone: ZONE };
  // Premium: the free limit of active exams does not get in the way.
  const teacher = await signIn({
    ...member,
    isTeacher: true,
    firstName: 'Maria',
    lastName: 'Ivanova',
    trialEndDate: new Date(Date.now() + 10_000 * DAY),
  });
  const principal = await signIn({ ...member, isOrganizationHost: true });
  const [klass] = await db
    .insert(schoolClasses)
    .values({ schoolId: place.id, name: '7А', schoolYear: '2026/2027' })
    .returning();
  await db
    .insert(classTeachers)
    .values({ classId: klass!.id, teacherId: teacher.user.id, role: 'class_teacher' });
  const pupils: Session[] = [];
  for (let i = 0; i < students; i++)
    pupils.push(await signIn({ ...member, isStudent: true, schoolClassId: klass!.id }));
  const category = await buildCategory(db, { userId: teacher.user.id, name: 'Rivers' });
  await buildCard(db, { categoryId: category.id });
  await buildCard(db, { categoryId: category.id });
  return { place, teacher, principal, klass: klass!, pupils, category };
};

const assignPath = async (teacher: Session, studentId: number, categoryId: number) => {
  const response = await teacher.call('POST', '/api/learning-paths/list-teachers/', [
    {
      name: 'Rivers of Europe',
      assigned_user: studentId,
      category: categoryId,
      start_at: day(),
      end_at: day(7),
      daily_cards_flip_target: 20,
      learned_card_volume_verbal: 2,
    },
  ]);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().created[0] as number;
};

const giveExam = async (teacher: Session, studentIds: number[], startIn: number, minutes = 60) => {
  const test = await buildSchoolTest(t.database.db, teacher.user.id);
  const response = await teacher.call('POST', '/api/exam/exams/', {
    school_test: test.id,
    student: studentIds,
    start_at: at(startIn),
    end_at: at(startIn + minutes),
  });
  expect(response.statusCode, response.body).toBe(201);
  return { test, examIds: response.json().created as number[] };
};

describe("a student's home", () => {
  it("shows today's path target with its progress, an exam ahead to be started when open, and its result", async () => {
    const { teacher, pupils, category } = await school();
    const student = pupils[0]!;
    const pathId = await assignPath(teacher, student.user.id, category.id);
    const { examIds } = await giveExam(teacher, [student.user.id], 90);

    // Two answers on the path today.
    const deck = await student.call(
      'GET',
      `/api/learning-paths/card-text-students/?learning_path_id=${pathId}&type=verbal`,
    );
    const row = deck.json()[0];
    for (let i = 0; i < 2; i++)
      await student.call('PUT', `/api/learning-paths/card-text-students/${row.id}/`, {
        category: category.id,
        first_side: 'x',
        second_side: 'y',
        guesses_score: 1,
      });

    let home = await homeOf(student);
    expect(home.roles).toEqual(['student']);
    expect(home.uses_teacher_tools).toBe(false);
    expect(home.learner).toBeNull();
    expect(home.student.paths).toEqual([
      expect.objectContaining({
        id: pathId,
        category_name: 'Rivers',
        daily_flip_target: 20,
        flips_today: 2,
        learned_today: 1,
        completed: false,
      }),
    ]);
    expect(home.student.exams).toEqual([
      expect.objectContaining({ id: examIds[0], test_name: 'Rivers', open: false, start_exam_at: at(90) }),
    ]);

    // Open once its window has come; the result shows once it is completed.
    t.clock.advance(91 * MINUTE);
    home = await homeOf(student);
    expect(home.student.exams[0]).toMatchObject({ open: true, is_exam_started: false });
    await student.call('PUT', `/api/exam/exam-started/${examIds[0]}/`);
    await student.call('PUT', `/api/exam/exam-completed/${examIds[0]}/`);
    home = await homeOf(student);
    expect(home.student.exams).toEqual([]);
    expect(home.student.results).toEqual([
      expect.objectContaining({ id: examIds[0], score: 0, total_score: 4, grade: 2 }),
    ]);

    // A week later the result is no longer news, and the path has ended.
    t.clock.advance(8 * DAY);
    home = await homeOf(student);
    expect(home.student).toMatchObject({ paths: [], exams: [], results: [] });
  });

  it('lists the categories sent to them, newest first, with how many wait', async () => {
    const { teacher, pupils } = await school();
    const student = pupils[0]!;
    for (const name of ['Rivers', 'Mountains']) {
      const category = await buildCategory(t.database.db, { userId: teacher.user.id, name });
      await buildCard(t.database.db, { categoryId: category.id });
      const sent = await teacher.call('PUT', `/api/card/private/${category.id}/`, {
        receivers_ids: [student.user.id],
      });
      expect(sent.statusCode, sent.body).toBeLessThan(300);
      t.clock.advance(MINUTE);
    }
    const home = await homeOf(student);
    expect(home.sent_to_me.count).toBe(2);
    expect(home.sent_to_me.offers.map((offer: { category_name: string }) => offer.category_name)).toEqual([
      'Mountains',
      'Rivers',
    ]);
    expect(home.sent_to_me.offers[0].sender_name).toBe('Maria Ivanova');
  });
});

describe("a learner's home", () => {
  it('starts empty for a new learner, without teacher tools', async () => {
    const learner = await signIn({ trialEndDate: null });
    const home = await homeOf(learner);
    expect(home).toMatchObject({
      roles: ['learner'],
      uses_teacher_tools: false,
      student: null,
      teacher: null,
      principal: null,
      sent_to_me: { offers: [], count: 0 },
      learner: {
        due_cards_len: 0,
        continue_category: null,
        categories_count: 0,
        answers_today: 0,
        daily_limit: 30,
        streak_days: 0,
        practised_today: false,
      },
    });
  });

  it('continues the category answered last, counts the day against the limit and keeps the streak', async () => {
    const learner = await signIn({ trialEndDate: null });
    const older = await buildCategory(t.database.db, { userId: learner.user.id, name: 'Capitals' });
    const olderCard = await buildCard(t.database.db, { categoryId: older.id });
    const newer = await buildCategory(t.database.db, { userId: learner.user.id, name: 'Verbs' });
    await buildCard(t.database.db, { categoryId: newer.id });
    const practise = () => learner.call('PUT', `/api/card/card-text/${olderCard.id}/`, { guesses_score: 1 });
    t.clock.advance(MINUTE);
    expect((await practise()).statusCode).toBe(200);
    t.clock.advance(DAY);
    expect((await practise()).statusCode).toBe(200);
    expect((await practise()).statusCode).toBe(200);

    let home = await homeOf(learner);
    expect(home.learner).toMatchObject({
      continue_category: { id: older.id, name: 'Capitals', type_of_cards: 'text' },
      categories_count: 2,
      answers_today: 2,
      daily_limit: 30,
      streak_days: 2,
      practised_today: true,
    });

    // The streak holds through a day not yet practised, and breaks after a day missed.
    t.clock.advance(DAY);
    home = await homeOf(learner);
    expect(home.learner).toMatchObject({ streak_days: 2, practised_today: false, answers_today: 0 });
    t.clock.advance(DAY);
    expect((await homeOf(learner)).learner.streak_days).toBe(0);
  });

  it('has no daily limit for a premium learner, and counts cards due for review', async () => {
    const learner = await signIn({ trialEndDate: new Date(Date.now() + 10_000 * DAY) });
    const category = await buildCategory(t.database.db, { userId: learner.user.id });
    const card = await buildCard(t.database.db, { categoryId: category.id });
    await learner.call('POST', `/api/review/cards/${card.id}/`, { mode: 'verbal', correct: false });
    t.clock.advance(2 * MINUTE);
    const home = await homeOf(learner);
    expect(home.learner).toMatchObject({ daily_limit: null, due_cards_len: 1 });
  });
});

describe("a teacher's home", () => {
  it("shows running, upcoming and ended sittings, and the class's week", async () => {
    const { teacher, pupils, category, klass } = await school(3);
    const ids = pupils.map((pupil) => pupil.user.id);
    await giveExam(teacher, ids, -10, 30);
    await giveExam(teacher, ids.slice(0, 2), 2 * 24 * 60);
    const pathId = await assignPath(teacher, ids[0]!, category.id);
    const deck = await pupils[0]!.call(
      'GET',
      `/api/learning-paths/card-text-students/?learning_path_id=${pathId}&type=verbal`,
    );
    await pupils[0]!.call('PUT', `/api/learning-paths/card-text-students/${deck.json()[0].id}/`, {
      category: category.id,
      first_side: 'x',
      second_side: 'y',
      guesses_score: 1,
    });

    let home = await homeOf(teacher);
    expect(home.roles).toEqual(['learner', 'teacher']);
    expect(home.uses_teacher_tools).toBe(true);
    expect(
      home.teacher.sittings.map((s: { state: string; students: number }) => [s.state, s.students]),
    ).toEqual([
      ['running', 3],
      ['upcoming', 2],
    ]);
    expect(home.teacher.classes).toEqual([
      { id: klass.id, name: '7А', students: 3, active_students: 1, path_answers: 1 },
    ]);
    expect(home.teacher.to_review).toBe(0);

    t.clock.advance(30 * MINUTE);
    home = await homeOf(teacher);
    expect(home.teacher.sittings.map((s: { state: string }) => s.state)).toEqual(['upcoming', 'ended']);
    expect(home.teacher.to_review).toBe(1);
  });

  it('shows teacher tools to a learner once they have made a test, beside their own day', async () => {
    const learner = await signIn();
    const me = async () => (await learner.call('GET', '/api/user/users/me/')).json().uses_teacher_tools;
    expect((await homeOf(learner)).uses_teacher_tools).toBe(false);
    expect(await me()).toBe(false);
    await buildSchoolTest(t.database.db, learner.user.id);
    expect(await me()).toBe(true);
    const home = await homeOf(learner);
    expect(home.uses_teacher_tools).toBe(true);
    expect(home.roles).toEqual(['learner', 'teacher']);
    expect(home.teacher).toMatchObject({ sittings: [], classes: [], to_review: 0 });
    expect(home.learner).not.toBeNull();
  });
});

describe("a principal's home", () => {
  it("shows the school at a glance: classes, people, seats and the teachers' week", async () => {
    const { teacher, principal, pupils, category, place } = await school(2);
    await assignPath(teacher, pupils[0]!.user.id, category.id);
    await assignPath(teacher, pupils[1]!.user.id, category.id);
    await giveExam(teacher, [pupils[0]!.user.id], 1);
    const home = await homeOf(principal);
    expect(home.roles).toEqual(['principal']);
    expect(home.student).toBeNull();
    expect(home.learner).toBeNull();
    expect(home.principal).toEqual({
      school: { id: place.id, name: 'Vasil Levski School' },
      classes: 1,
      students: 2,
      teachers: 1,
      seats: 30,
      // Two students' paths of one category are one path as the teacher counts them.
      paths_this_week: 1,
      exams_this_week: 1,
      teachers_this_week: [
        { id: teacher.user.id, first_name: 'Maria', last_name: 'Ivanova', paths: 1, exams: 1 },
      ],
    });
  });
});

describe('the cost of a home', () => {
  it('reads in the same number of statements with one item or many, for each role', async () => {
    const small = await school(1);
    const large = await school(4);
    for (const { teacher, pupils, category } of [small, large]) {
      for (const pupil of pupils) {
        await assignPath(teacher, pupil.user.id, category.id);
        await giveExam(teacher, [pupil.user.id], 30);
      }
    }
    const statementsOf = async (as: Session) => {
      t.database.queries.length = 0;
      await homeOf(as);
      return t.database.queries.length;
    };
    for (const role of ['teacher', 'principal'] as const)
      expect(await statementsOf(large[role])).toBe(await statementsOf(small[role]));
    expect(await statementsOf(large.pupils[3]!)).toBe(await statementsOf(small.pupils[0]!));
  });

  it('refuses a guest', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/home/' })).statusCode).toBe(401);
  });

  it('keeps an auto-created student to what their reduced menu has', async () => {
    const { place } = await school();
    const created = await signIn({ schoolId: place.id, isStudent: true, isAutoCreated: true });
    const home = await homeOf(created);
    expect(home.student).toBeNull();
    expect(home.teacher).toBeNull();
    expect(home.roles).toEqual(['learner']);
  });
});

it('counts the week from Monday', () => {
  expect(mondayOf('2026-11-26')).toBe('2026-11-23');
  expect(mondayOf('2026-11-23')).toBe('2026-11-23');
  expect(mondayOf('2026-11-29')).toBe('2026-11-23');
});
