import type { Email } from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildCategory, buildSchool, buildSchoolTest, buildUser } from '../../../test/factories';
import { type MailServer, startMailServer } from '../../../test/mail-server';
import { signInAgain, signIn as signInAs } from '../../../test/session';
import { exams, learningPathProgress, learningPaths, userActivity } from '../../db/schema';
import { DAY, HOUR } from '../../lib/clock';
import { sendWeeklySummaries } from './guardians.jobs';

let mail: MailServer;
let t: TestApp;
beforeAll(async () => {
  mail = await startMailServer();
  t = await buildTestApp({ SMTP_URL: mail.url, PUBLIC_URL: 'https://cards.test' });
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

const db = () => t.database.db;
const signIn = (overrides: Parameters<typeof signInAs>[1] = {}) => signInAs(t, overrides);
let unique = 0;
const guardianEmail = () => `parent${++unique}-${Math.random().toString(36).slice(2, 7)}@example.com`;

/** Sunday 15 June 2031, 17:00 UTC: the weekly job's time; its week is Monday 9 to Sunday 15 June. */
const SUNDAY = new Date('2031-06-15T17:00:00Z');

/** A school with a signed-in principal and teacher, and a signed-in student. */
const school = async () => {
  const row = await buildSchool(db(), { availableStudents: 20 });
  const member = { schoolId: row.id, isOrganizationMember: true };
  return {
    school: row,
    principal: await signIn({ ...member, isOrganizationHost: true }),
    teacher: await signIn({ ...member, isTeacher: true }),
    student: await signIn({ ...member, isStudent: true, firstName: 'Maria', lastName: 'Ivanova' }),
  };
};

const runWeekly = async () => {
  await t.services.jobs.send(sendWeeklySummaries, {});
  await t.runJobs();
};
const inbox = (address: string) =>
  mail.messages.filter((message) => message.to?.some((to) => to.address === address));
const tokenIn = (message: Email, page: 'confirm' | 'unsubscribe') =>
  message.text?.match(new RegExp(`/guardian/${page}/([A-Za-z0-9_-]{43})`))?.[1] as string;
const header = (message: Email, name: string) =>
  message.headers.find((entry) => entry.key === name.toLowerCase())?.value;
const post = (url: string, payload?: object) => t.app.inject({ method: 'POST', url, payload });

describe('a guardian the principal sets', () => {
  it('is confirmed at once, told what they will receive, and gets the weekly summary once a week', async () => {
    t.clock.set(new Date(SUNDAY.getTime() - 2 * DAY));
    const { principal, student } = await school();
    const address = guardianEmail();
    const set = await principal.call('PUT', `/api/school/school-students/${student.user.id}/guardian/`, {
      email: address,
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      email: address,
      state: 'confirmed',
      set_by: 'principal',
      language: 'en',
    });
    const listed = await principal.call('GET', '/api/school/guardians/');
    expect(listed.json()).toEqual([
      expect.objectContaining({ student: student.user.id, state: 'confirmed' }),
    ]);

    await t.runJobs();
    const first = await mail.nextTo(address);
    expect(first.subject).toContain('Weekly summaries');
    expect(first.text).toContain('Maria Ivanova');
    expect(tokenIn(first, 'unsubscribe')).toBeTruthy();
    expect(header(first, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    t.clock.set(SUNDAY);
    await runWeekly();
    const summary = await mail.nextTo(address);
    expect(summary.subject).toBe('Your weekly summary from Flashcards');
    expect(summary.text).toContain('Maria Ivanova');
    expect(summary.html).toContain('Unsubscribe with one click');
    const oneClick = header(summary, 'List-Unsubscribe');
    expect(oneClick).toBe(
      `<https://cards.test/api/guardians/${tokenIn(summary, 'unsubscribe')}/unsubscribe/>`,
    );

    // The same week again (the job retried, or run twice): nothing more.
    t.clock.advance(HOUR);
    await runWeekly();
    expect(inbox(address)).toHaveLength(2);
    // The next week: the next summary.
    t.clock.advance(7 * DAY);
    await runWeekly();
    await mail.nextTo(address);
    expect(inbox(address)).toHaveLength(3);
  });

  it('is removed by the principal, and no summary goes', async () => {
    t.clock.set(new Date(SUNDAY.getTime() + 14 * DAY - HOUR));
    const { principal, student } = await school();
    const address = guardianEmail();
    const url = `/api/school/school-students/${student.user.id}/guardian/`;
    await principal.call('PUT', url, { email: address });
    expect((await principal.call('DELETE', url)).statusCode).toBe(204);
    expect((await principal.call('DELETE', url)).statusCode).toBe(404);
    t.clock.advance(HOUR);
    await runWeekly();
    expect(inbox(address).map((message) => message.subject)).toEqual(['Weekly summaries from Flashcards']);
  });
});

describe('who sets a guardian', () => {
  it("a principal only for their own school's students; teachers and students cannot", async () => {
    const { principal, teacher, student } = await school();
    const other = await school();
    const body = { email: guardianEmail() };
    const url = (id: number) => `/api/school/school-students/${id}/guardian/`;
    expect((await other.principal.call('PUT', url(student.user.id), body)).statusCode).toBe(404);
    expect((await other.principal.call('DELETE', url(student.user.id))).statusCode).toBe(404);
    // A teacher of the school is not a student.
    expect((await principal.call('PUT', url(teacher.user.id), body)).statusCode).toBe(404);
    expect((await teacher.call('PUT', url(student.user.id), body)).statusCode).toBe(403);
    expect((await student.call('PUT', url(student.user.id), body)).statusCode).toBe(403);
    expect((await teacher.call('GET', '/api/school/guardians/')).statusCode).toBe(403);
    expect((await other.principal.call('GET', '/api/school/guardians/')).json()).toEqual([]);
    // Only students set their own.
    expect((await teacher.call('PUT', '/api/user/guardian/', body)).json().code).toBe(
      'guardian_students_only',
    );
    expect((await principal.call('GET', '/api/user/guardian/')).statusCode).toBe(403);
  });

  it('a student cannot change the guardian the school set', async () => {
    const { principal, student } = await school();
    await principal.call('PUT', `/api/school/school-students/${student.user.id}/guardian/`, {
      email: guardianEmail(),
    });
    const mine = await student.call('GET', '/api/user/guardian/');
    expect(mine.json()).toMatchObject({ set_by: 'principal', state: 'confirmed' });
    const change = await student.call('PUT', '/api/user/guardian/', { email: guardianEmail() });
    expect(change.statusCode).toBe(403);
    expect(change.json().code).toBe('guardian_set_by_school');
    expect((await student.call('DELETE', '/api/user/guardian/')).statusCode).toBe(403);
  });

  it('a student sets at most 3 an hour, each a mail to someone else', async () => {
    const { student } = await school();
    for (let i = 0; i < 3; i++)
      expect((await student.call('PUT', '/api/user/guardian/', { email: guardianEmail() })).statusCode).toBe(
        200,
      );
    const fourth = await student.call('PUT', '/api/user/guardian/', { email: guardianEmail() });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().code).toBe('throttled');
  });
});

describe('a guardian the student sets', () => {
  it('gets no summary until confirming; the link works once, then unsubscribing stops the summaries', async () => {
    t.clock.set(new Date(SUNDAY.getTime() + 28 * DAY - DAY));
    const { student } = await school();
    const address = guardianEmail();
    const set = await student.call('PUT', '/api/user/guardian/', { email: address, language: 'bg' });
    expect(set.json()).toMatchObject({ state: 'waiting', set_by: 'student', language: 'bg' });
    await t.runJobs();
    const confirmation = await mail.nextTo(address);
    expect(confirmation.subject).toBe('Потвърдете седмичните обобщения от Flashcards');
    expect(header(confirmation, 'List-Unsubscribe')).toBeUndefined();
    const token = tokenIn(confirmation, 'confirm');

    t.clock.advance(DAY);
    await runWeekly();
    expect(inbox(address)).toHaveLength(1);

    const confirmed = await post(`/api/guardians/${token}/confirm/`);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      student_first_name: 'Maria',
      student_last_name: 'Ivanova',
      state: 'confirmed',
    });
    expect((await post(`/api/guardians/${token}/confirm/`)).json().code).toBe('guardian_already_confirmed');
    // A day later: the student signs in again.
    const again = await signInAgain(t, student);
    expect((await again.call('GET', '/api/user/guardian/')).json().state).toBe('confirmed');

    await runWeekly();
    const summary = await mail.nextTo(address);
    // In the guardian's language.
    expect(summary.subject).toBe('Вашето седмично обобщение от Flashcards');
    expect(summary.text).toContain('Упражнения');

    // A mail client's one-click unsubscription (RFC 8058): a form post to the header's address.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `/api/guardians/${tokenIn(summary, 'unsubscribe')}/unsubscribe/`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json().state).toBe('unsubscribed');
    // The page's link again: the same answer.
    expect((await post(`/api/guardians/${token}/unsubscribe/`)).json().state).toBe('unsubscribed');
    expect((await post(`/api/guardians/${token}/confirm/`)).json().code).toBe('guardian_unsubscribed');
    expect((await again.call('GET', '/api/user/guardian/')).json().state).toBe('unsubscribed');
    t.clock.advance(7 * DAY);
    await runWeekly();
    expect(inbox(address)).toHaveLength(2);
  });

  it('refuses forged and replaced links', async () => {
    const { student } = await school();
    const address = guardianEmail();
    await student.call('PUT', '/api/user/guardian/', { email: address });
    await t.runJobs();
    const token = tokenIn(await mail.nextTo(address), 'confirm');
    const forged = await post(`/api/guardians/${'A'.repeat(43)}/confirm/`);
    expect(forged.statusCode).toBe(404);
    expect(forged.json().code).toBe('guardian_link_invalid');
    // Not a token at all: the path names nothing.
    expect((await post('/api/guardians/not-a-token/unsubscribe/')).statusCode).toBe(404);
    // Replacing the guardian starts over: the first link names nobody any more.
    await student.call('PUT', '/api/user/guardian/', { email: guardianEmail() });
    expect((await post(`/api/guardians/${token}/confirm/`)).statusCode).toBe(404);
    expect((await post(`/api/guardians/${token}/unsubscribe/`)).statusCode).toBe(404);
    expect((await student.call('DELETE', '/api/user/guardian/')).statusCode).toBe(204);
    expect((await student.call('GET', '/api/user/guardian/')).json()).toBeNull();
  });
});

describe('the weekly summary', () => {
  it("tells the week's practice, paths against their target, missed work, coming exams and grades", async () => {
    t.clock.set(new Date(SUNDAY.getTime() + 35 * DAY));
    const now = t.clock.now();
    const day = (offset: number) => new Date(now.getTime() + offset * DAY).toISOString().slice(0, 10);
    const { principal, teacher, student } = await school();
    const address = guardianEmail();
    await principal.call('PUT', `/api/school/school-students/${student.user.id}/guardian/`, {
      email: address,
    });
    await t.runJobs();
    await mail.nextTo(address);

    const studentId = student.user.id;
    await db()
      .insert(userActivity)
      .values([
        { userId: studentId, day: day(-1), cardRequests: 12 },
        { userId: studentId, day: day(-3), cardRequests: 8 },
        // Last week's practice is not this week's.
        { userId: studentId, day: day(-8), cardRequests: 50 },
      ]);
    const category = await buildCategory(db(), { userId: teacher.user.id });
    const [path] = await db()
      .insert(learningPaths)
      .values({
        name: 'Irregular verbs',
        createdById: teacher.user.id,
        assignedUserId: studentId,
        categoryId: category.id,
        startAt: day(-2),
        endAt: day(10),
        dailyFlipTarget: 10,
        dailyLearnTarget: 1,
        deckSize: 10,
        learnedVolumeVerbal: 10,
        learnedVolumeTyping: 10,
        verbal: true,
        typing: false,
      })
      .returning();
    await db()
      .insert(learningPathProgress)
      .values([
        { pathId: path!.id, day: day(-2), flipsVerbal: 10 },
        { pathId: path!.id, day: day(-1), flipsVerbal: 4 },
      ]);
    const test = await buildSchoolTest(db(), teacher.user.id);
    const exam = (startOffsetHours: number, fields: Partial<typeof exams.$inferInsert> = {}) => ({
      testId: test.id,
      studentId,
      teacherId: teacher.user.id,
      startAt: new Date(now.getTime() + startOffsetHours * HOUR),
      endAt: new Date(now.getTime() + (startOffsetHours + 1) * HOUR),
      ...fields,
    });
    await db()
      .insert(exams)
      .values([
        exam(-48),
        exam(-72, {
          startedAt: new Date(now.getTime() - 72 * HOUR),
          completedAt: new Date(now.getTime() - 71.5 * HOUR),
          score: 4,
          grade: 6,
        }),
        exam(40),
        // Beyond the next 7 days.
        exam(9 * 24),
      ]);

    await runWeekly();
    const summary = await mail.nextTo(address);
    const text = summary.text ?? '';
    expect(text).toContain('20 cards practised, on 2 of 7 days');
    // The path ran 3 days of the week (today included): 30 cards of target, 14 practised.
    expect(text).toContain('Irregular verbs: 14 of 30 cards');
    expect(text).toContain('Irregular verbs: 2 days below the daily target');
    expect(text.match(/Exam missed: Rivers/g)).toHaveLength(1);
    expect(text.match(/Rivers: /g)).toHaveLength(2);
    expect(text).toContain('Rivers: 6');
    expect(summary.html).toContain('Grades this week');
  });

  it('is made with the same statements for one guardian or many, and never twice for a week', async () => {
    t.clock.set(new Date(SUNDAY.getTime() + 42 * DAY));
    const { principal } = await school();
    // Other tests' guardians are sent this week first.
    await runWeekly();
    const statements = async (students: number) => {
      for (let i = 0; i < students; i++) {
        const student = await buildUser(db(), {
          schoolId: principal.user.schoolId,
          isStudent: true,
          isOrganizationMember: true,
        });
        await principal.call('PUT', `/api/school/school-students/${student.id}/guardian/`, {
          email: guardianEmail(),
        });
      }
      await t.runJobs();
      const seen: string[] = [];
      t.database.queries.length = 0;
      const queued = await t.services.guardians.sendWeeklySummaries();
      seen.push(...t.database.queries.filter((query) => !query.includes('pgboss')));
      t.clock.advance(7 * DAY);
      return { queued, statements: seen.length };
    };
    const one = await statements(1);
    const many = await statements(3);
    expect(one.queued).toBeGreaterThan(0);
    expect(many.statements).toBe(one.statements);
    // Run again the same week: nothing.
    t.clock.advance(-7 * DAY);
    expect(await t.services.guardians.sendWeeklySummaries()).toBe(0);
  });
});
