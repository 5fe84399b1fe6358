import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildSchool } from '../../../test/factories';
import { type Session, signIn as signInAs } from '../../../test/session';
import { column, rowsOf } from '../../db/rows';

/** The teacher watches a sitting and mends attempts: presence, the live view, reopening, extra time, events. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ ACCESS_TOKEN_MINUTES: String(30 * 24 * 60) });
});
afterAll(() => t.close());

const MINUTE = 60_000;
const at = (minutes: number) => new Date(t.clock.now().getTime() + minutes * MINUTE).toISOString();
const iso = (value: string | Date) => new Date(value).toISOString();

const classroom = async (students = 1, names: [string, string][] = []) => {
  const school = await buildSchool(t.database.db);
  const member = { schoolId: school.id, isOrganizationMember: true };
  const teacher = await signInAs(t, { ...member, isTeacher: true, firstName: 'Maria', lastName: 'Ivanova' });
  const pupils: Session[] = [];
  for (let i = 0; i < students; i++) {
    const [firstName, lastName] = names[i] ?? [`Pupil${i}`, `Last${i}`];
    pupils.push(await signInAs(t, { ...member, isStudent: true, firstName, lastName }));
  }
  return { school, teacher, pupils };
};

type Test = { id: number; questions: { id: number }[] };

/** A test of three one-point questions (correct answer a). */
const makeTest = async (teacher: Session): Promise<Test> => {
  const created = await teacher.call('POST', '/api/exam/test-teachers/', {
    name: 'Rivers',
    excellent_score_value: 3,
    very_good_score_value: 2,
    good_score_value: 1,
    satisfy_score_value: 0,
  });
  expect(created.statusCode, created.body).toBe(201);
  for (let i = 0; i < 3; i++)
    await teacher.call('POST', '/api/exam/test-teachers-questions/', {
      test: created.json().id,
      question_text: `Question ${i + 1}`,
      answer_a: 'Nile',
      answer_b: 'Danube',
      correct_answer: 'a',
      score_value: 1,
    });
  return (await teacher.call('GET', `/api/exam/test-teachers/${created.json().id}/`)).json();
};

const give = async (
  teacher: Session,
  testId: number,
  students: Session[],
  window = { start: 0, end: 60 },
) => {
  const response = await teacher.call('POST', '/api/exam/exams/', {
    school_test: testId,
    student: students.map((s) => s.user.id),
    start_at: at(window.start),
    end_at: at(window.end),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().created as number[];
};

const start = (as: Session, id: number) => as.call('PUT', `/api/exam/exam-started/${id}/`);
const answer = (as: Session, id: number, questionId: number, key = 'a') =>
  as.call('POST', `/api/exam/${id}/${questionId}/answer/`, { student_answer: key });
const presence = (as: Session, id: number, state: 'here' | 'away') =>
  as.call('POST', `/api/exam/exams/${id}/presence/`, { state });
const reopen = (as: Session, id: number, minutes: number) =>
  as.call('POST', `/api/exam/exams/${id}/reopen/`, { minutes });
const detail = (as: Session, id: number) => as.call('GET', `/api/exam/exams/${id}/`);
const live = (as: Session, testId: number, query = '') =>
  as.call('GET', `/api/exam/test-teachers/${testId}/live/${query}`);

const seen = async (id: number) =>
  (
    await rowsOf(
      t.database.db,
      sql`select last_seen_at, away from exams where id = ${id}`,
      z.object({ last_seen_at: column.time.nullable(), away: z.boolean() }),
    )
  )[0]!;
const kinds = async (as: Session, id: number) =>
  ((await detail(as, id)).json().events as { kind: string }[]).map((event) => event.kind);

describe('presence', () => {
  it('is told by the exam page while the attempt is open; a change is recorded once', async () => {
    const { teacher, pupils } = await classroom(2);
    const [ana, boris] = pupils as [Session, Session];
    const test = await makeTest(teacher);
    const [id] = (await give(teacher, test.id, [ana], { start: 10, end: 70 })) as [number];

    // Before the start call: refused; to anyone but the exam's student, not found.
    const early = await presence(ana, id, 'here');
    expect([early.statusCode, early.json().code]).toEqual([403, 'exam_not_started']);
    expect((await presence(boris, id, 'here')).statusCode).toBe(404);
    expect((await presence(teacher, id, 'away')).statusCode).toBe(404);
    expect((await ana.call('POST', `/api/exam/exams/${id}/presence/`, { state: 'gone' })).statusCode).toBe(
      400,
    );

    t.clock.advance(10 * MINUTE);
    expect((await start(ana, id)).statusCode).toBe(200);
    expect(iso((await seen(id)).last_seen_at!)).toBe(t.clock.now().toISOString());

    t.clock.advance(MINUTE);
    expect((await presence(ana, id, 'away')).statusCode).toBe(204);
    expect(await seen(id)).toMatchObject({ away: true });
    t.clock.advance(MINUTE);
    // Told again: seen, but nothing new recorded.
    expect((await presence(ana, id, 'away')).statusCode).toBe(204);
    expect(iso((await seen(id)).last_seen_at!)).toBe(t.clock.now().toISOString());
    t.clock.advance(MINUTE);
    await presence(ana, id, 'here');
    await presence(ana, id, 'here');
    expect(await seen(id)).toMatchObject({ away: false });

    // An answer says she is there too.
    t.clock.advance(MINUTE);
    expect((await answer(ana, id, test.questions[0]!.id)).statusCode).toBe(200);
    expect(iso((await seen(id)).last_seen_at!)).toBe(t.clock.now().toISOString());
    expect(await kinds(teacher, id)).toEqual(['started', 'left', 'returned']);

    // After the end: over.
    t.clock.advance(60 * MINUTE);
    const late = await presence(ana, id, 'away');
    expect([late.statusCode, late.json().code]).toEqual([403, 'exam_over']);
    expect(await kinds(teacher, id)).toEqual(['started', 'left', 'returned', 'completed']);
  });
});

describe('events', () => {
  it('record starts, leaving, completion by the student or the server, and extra time, with who did it', async () => {
    const { teacher, pupils } = await classroom(2);
    const [ana, boris] = pupils as [Session, Session];
    const test = await makeTest(teacher);
    const [first, second] = (await give(teacher, test.id, [ana, boris])) as [number, number];
    await start(ana, first);
    t.clock.advance(MINUTE);
    await start(ana, first);
    await presence(ana, first, 'away');
    expect((await ana.call('PUT', `/api/exam/exam-completed/${first}/`)).json().events).toHaveLength(4);

    await start(boris, second);
    t.clock.advance(MINUTE);
    const extended = await teacher.call('PATCH', `/api/exam/exams/${second}/`, { extra_minutes: 15 });
    expect(extended.statusCode).toBe(200);
    t.clock.advance(80 * MINUTE);

    const mine = (await detail(ana, first)).json();
    expect(mine.events.map((e: { kind: string }) => e.kind)).toEqual([
      'started',
      'resumed',
      'left',
      'completed',
    ]);
    expect(mine.events[3]).toMatchObject({
      actor: { id: ana.user.id, first_name: ana.user.firstName },
      minutes: null,
    });
    const theirs = (await detail(teacher, second)).json();
    expect(theirs.events).toEqual([
      expect.objectContaining({ kind: 'started', actor: expect.objectContaining({ id: boris.user.id }) }),
      expect.objectContaining({
        kind: 'extra_time',
        minutes: 15,
        actor: { id: teacher.user.id, first_name: 'Maria', last_name: 'Ivanova' },
      }),
      // The server completed it at its end with the extra time.
      expect.objectContaining({ kind: 'completed', actor: null, at: iso(theirs.ends_at) }),
    ]);
    // Nobody else sees them.
    expect((await detail(ana, second)).statusCode).toBe(404);
  });
});

describe('reopening', () => {
  it('opens a completed attempt for at least the minutes given; it is graded again at its new end', async () => {
    const { teacher, pupils } = await classroom(1);
    const ana = pupils[0]!;
    const test = await makeTest(teacher);
    const [id] = (await give(teacher, test.id, [ana], { start: 0, end: 30 })) as [number];
    await start(ana, id);
    await answer(ana, id, test.questions[0]!.id);
    expect((await ana.call('PUT', `/api/exam/exam-completed/${id}/`)).json()).toMatchObject({ score: 1 });

    // The teacher only; not found for the student and another teacher; minutes within 1..240.
    const stranger = (await classroom(0)).teacher;
    expect((await reopen(stranger, id, 10)).statusCode).toBe(404);
    expect((await reopen(ana, id, 10)).statusCode).toBe(404);
    expect((await reopen(teacher, id, 0)).statusCode).toBe(400);
    expect((await reopen(teacher, id, 241)).statusCode).toBe(400);

    // Long after the end: the extra time reaches 10 minutes from now.
    t.clock.advance(50 * MINUTE);
    const opened = await reopen(teacher, id, 10);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({
      status: 'in_progress',
      completed_at: null,
      score: null,
      grade: null,
      extra_minutes: 30,
      ends_at: at(10),
    });
    // Open again: a second reopen is a conflict.
    const twice = await reopen(teacher, id, 10);
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'exam_not_completed']);

    // The student comes back and answers again.
    expect((await start(ana, id)).statusCode).toBe(200);
    expect((await answer(ana, id, test.questions[1]!.id)).statusCode).toBe(200);
    expect((await answer(ana, id, test.questions[2]!.id)).statusCode).toBe(200);

    // At the new end the job grades it again, by the server.
    t.clock.advance(10 * MINUTE);
    expect(await t.runJobs()).toBeGreaterThanOrEqual(1);
    const graded = (await detail(teacher, id)).json();
    expect(graded).toMatchObject({ status: 'completed', score: 3, grade: 6, completed_at: graded.ends_at });
    expect(graded.events.map((e: { kind: string; minutes: number | null }) => [e.kind, e.minutes])).toEqual([
      ['started', null],
      ['completed', null],
      ['reopened', 10],
      ['resumed', null],
      ['completed', null],
    ]);
    expect(graded.events[2].actor).toMatchObject({ id: teacher.user.id, last_name: 'Ivanova' });
    expect((await answer(ana, id, test.questions[0]!.id, 'b')).json().code).toBe('exam_over');
  });

  it('never shortens the time left, and refuses attempts that are open or never started', async () => {
    const { teacher, pupils } = await classroom(3);
    const [ana, boris, vera] = pupils as [Session, Session, Session];
    const test = await makeTest(teacher);
    const [a, b, c] = (await give(teacher, test.id, [ana, boris, vera])) as [number, number, number];
    await start(ana, a);
    await ana.call('PUT', `/api/exam/exam-completed/${a}/`);
    // Completed early, with 60 minutes still left: reopened for 5, the window stays as it was.
    const kept = await reopen(teacher, a, 5);
    expect(kept.json()).toMatchObject({ status: 'in_progress', extra_minutes: 0, ends_at: at(60) });
    // In progress, and never started (even after the end, missed): nothing to reopen.
    await start(boris, b);
    expect((await reopen(teacher, b, 5)).statusCode).toBe(409);
    expect((await reopen(teacher, c, 5)).statusCode).toBe(409);
    t.clock.advance(61 * MINUTE);
    const missed = await reopen(teacher, c, 5);
    expect([missed.statusCode, missed.json().code]).toEqual([409, 'exam_not_completed']);
    // Boris's attempt ended with the window: it may be reopened now.
    expect((await reopen(teacher, b, 5)).json()).toMatchObject({ status: 'in_progress', ends_at: at(5) });
  });

  it('reopens within the extra time a teacher may give, and refuses an attempt that ended longer ago', async () => {
    const { teacher, pupils } = await classroom(2);
    const [ana, boris] = pupils as [Session, Session];
    const test = await makeTest(teacher);
    const [a, b] = (await give(teacher, test.id, [ana, boris], { start: 0, end: 30 })) as [number, number];
    for (const [pupil, id] of [
      [ana, a],
      [boris, b],
    ] as const) {
      await start(pupil, id);
      await pupil.call('PUT', `/api/exam/exam-completed/${id}/`);
    }
    // 590 minutes after the end, 10 more minutes make 600 of extra time: the most a teacher may give.
    t.clock.advance((30 + 590) * MINUTE);
    expect((await reopen(teacher, a, 10)).json()).toMatchObject({
      status: 'in_progress',
      extra_minutes: 600,
    });
    // One more minute asked is more than that: refused, and the attempt stays completed as it was.
    const late = await reopen(teacher, b, 11);
    expect([late.statusCode, late.json().code]).toEqual([409, 'exam_reopen_too_late']);
    expect((await detail(teacher, b)).json()).toMatchObject({ status: 'completed', extra_minutes: 0 });
  });
});

describe('the live view', () => {
  it("shows one sitting's students with their progress and its counts, a page at a time, in a fixed number of queries", async () => {
    const { school, teacher, pupils } = await classroom(3, [
      ['Vera', 'Zheleva'],
      ['Ana', 'Atanasova'],
      ['Boris', 'Borisov'],
    ]);
    const [vera, ana, boris] = pupils as [Session, Session, Session];
    const test = await makeTest(teacher);
    // An earlier sitting of the same test, ended an hour ago, and the one running now.
    const [earlier, earlierMissed] = (await give(teacher, test.id, [ana, boris], { start: 0, end: 30 })) as [
      number,
      number,
    ];
    await start(ana, earlier);
    t.clock.advance(90 * MINUTE);
    const [v, a, b] = (await give(teacher, test.id, [vera, ana, boris], { start: 0, end: 45 })) as [
      number,
      number,
      number,
    ];
    await start(ana, a);
    await answer(ana, a, test.questions[0]!.id);
    await answer(ana, a, test.questions[1]!.id);
    t.clock.advance(MINUTE);
    await presence(ana, a, 'away');
    await start(boris, b);
    for (const q of test.questions) await answer(boris, b, q.id);
    await boris.call('PUT', `/api/exam/exam-completed/${b}/`);

    const response = await live(teacher, test.id);
    expect(response.statusCode, response.body).toBe(200);
    const view = response.json();
    expect(view.server_time).toBe(t.clock.now().toISOString());
    expect(view.test).toMatchObject({ id: test.id, questions_count: 3, total_score: 3 });
    expect(view.sittings).toHaveLength(2);
    expect(view.sitting).toEqual({ start_exam_at: at(-1), end_exam_at: at(44) });
    expect(view).toMatchObject({ count: 3, next: null, previous: null });
    expect(view.summary).toEqual({ not_started: 1, in_progress: 1, away: 1, completed: 1, missed: 0 });
    expect(view.results.map((row: { student: { first_name: string } }) => row.student.first_name)).toEqual([
      'Ana',
      'Boris',
      'Vera',
    ]);
    expect(view.results[0]).toMatchObject({
      id: a,
      status: 'in_progress',
      answers_count: 2,
      away: true,
      times_left: 1,
      last_seen_at: t.clock.now().toISOString(),
      completed_at: null,
    });
    expect(view.results[1]).toMatchObject({
      id: b,
      status: 'completed',
      answers_count: 3,
      score: 3,
      grade: 6,
    });
    expect(view.results[2]).toMatchObject({
      id: v,
      status: 'not_started',
      started_at: null,
      last_seen_at: null,
    });

    // The earlier sitting, by its moments: completed by the server at its end.
    const older = view.sittings[1];
    const chosen = await live(
      teacher,
      test.id,
      `?start_at=${encodeURIComponent(older.start_exam_at)}&end_at=${encodeURIComponent(older.end_exam_at)}`,
    );
    expect(chosen.json().results).toEqual([
      expect.objectContaining({ id: earlier, status: 'completed', completed_by: 'server', away: false }),
      expect.objectContaining({ id: earlierMissed, status: 'missed' }),
    ]);
    expect(chosen.json().summary).toEqual({
      not_started: 0,
      in_progress: 0,
      away: 0,
      completed: 1,
      missed: 1,
    });
    expect(
      (await live(teacher, test.id, `?start_at=${encodeURIComponent(older.start_exam_at)}`)).statusCode,
    ).toBe(400);

    // Another teacher, the students: not found.
    expect((await live((await classroom(0)).teacher, test.id)).statusCode).toBe(404);
    expect((await live(ana, test.id)).statusCode).toBe(404);

    const measure = async (query = '') => {
      t.database.queries.length = 0;
      expect((await live(teacher, test.id, query)).statusCode).toBe(200);
      return t.database.queries.length;
    };
    const small = await measure();
    // 21 more students, named to come after the first three: 24 in all, 20 a page.
    const more: Session[] = [];
    for (let i = 0; i < 21; i++)
      more.push(
        await signInAs(t, {
          schoolId: school.id,
          isOrganizationMember: true,
          isStudent: true,
          firstName: 'Zoya',
          lastName: `Zz${String(i).padStart(2, '0')}`,
        }),
      );
    const extra = await teacher.call('POST', '/api/exam/exams/', {
      school_test: test.id,
      student: more.map((p) => p.user.id),
      start_at: at(-1),
      end_at: at(44),
    });
    const created = extra.json().created as number[];
    expect(created).toHaveLength(21);
    for (const [index, pupil] of more.slice(0, 6).entries()) await start(pupil, created[index]!);
    const first = (await live(teacher, test.id)).json();
    expect(first).toMatchObject({ count: 24, previous: null });
    expect(first.next).toMatch(/\/live\/\?page=2$/);
    expect(first.results).toHaveLength(20);
    expect(first.results.slice(0, 3).map((row: { id: number }) => row.id)).toEqual([a, b, v]);
    expect(first.summary).toEqual({ not_started: 16, in_progress: 7, away: 1, completed: 1, missed: 0 });
    const second = (await live(teacher, test.id, '?page=2')).json();
    expect(second).toMatchObject({ count: 24, next: null });
    expect(second.previous).toMatch(/\/live\/$/);
    expect(second.results.map((row: { student: { last_name: string } }) => row.student.last_name)).toEqual([
      'Zz17',
      'Zz18',
      'Zz19',
      'Zz20',
    ]);
    expect(second.summary).toEqual(first.summary);
    expect((await live(teacher, test.id, '?page=3')).statusCode).toBe(404);
    expect(await measure()).toBe(small);
    expect(await measure('?page=2')).toBe(small);
  });
});
