import { eq } from 'drizzle-orm';
import type { Email } from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildCard, buildCategory, buildSchool, buildSchoolTest } from '../../../test/factories';
import { linkIn, type MailServer, startMailServer } from '../../../test/mail-server';
import { type Session, signIn as signInAs } from '../../../test/session';
import { users } from '../../db/schema';
import { dayIn } from '../../lib/clock';

const MINUTE = 60_000;
let t: TestApp;
let mail: MailServer;

beforeAll(async () => {
  mail = await startMailServer();
  t = await buildTestApp({
    SMTP_URL: mail.url,
    MAIL_FROM: 'Cards <no-reply@cards.test>',
    SITE_NAME: 'Cards',
    PUBLIC_URL: 'http://cards.test',
    // Tokens outlive the hours the tests move the clock by.
    ACCESS_TOKEN_MINUTES: String(7 * 24 * 60),
  });
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

const db = () => t.database.db;
const signIn = (overrides: Parameters<typeof signInAs>[1] = {}) => signInAs(t, overrides);
const day = (offsetDays = 0) =>
  dayIn('UTC', new Date(t.clock.now().getTime() + offsetDays * 24 * 60 * MINUTE));
const at = (minutes: number) => new Date(t.clock.now().getTime() + minutes * MINUTE).toISOString();

/** A teacher of a new school with its students, and a category of the teacher's with a card. */
const classroom = async (students = 1, studentOverrides: Parameters<typeof signInAs>[1] = {}) => {
  const school = await buildSchool(db());
  const member = { schoolId: school.id, isOrganizationMember: true };
  const teacher = await signIn({ ...member, isTeacher: true, firstName: 'Vera', lastName: 'Koleva' });
  const pupils: Session[] = [];
  for (let i = 0; i < students; i++)
    pupils.push(await signIn({ ...member, isStudent: true, ...studentOverrides }));
  const category = await buildCategory(db(), { userId: teacher.user.id, name: 'Rivers' });
  await buildCard(db(), { categoryId: category.id });
  return { teacher, pupils, category };
};

const assignPath = async (
  teacher: Session,
  studentId: number,
  categoryId: number,
  name = 'Rivers of Europe',
) => {
  const response = await teacher.call('POST', '/api/learning-paths/list-teachers/', [
    { name, assigned_user: studentId, category: categoryId, start_at: day(), end_at: day(7) },
  ]);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { created: number[] }).created[0]!;
};

const giveExam = async (teacher: Session, students: number[], body: object = {}) => {
  const test = await buildSchoolTest(db(), teacher.user.id);
  const response = await teacher.call('POST', '/api/exam/exams/', {
    school_test: test.id,
    student: students,
    start_at: at(0),
    end_at: at(60),
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { created: number[] }).created;
};

type Listed = {
  id: number;
  kind: string;
  values: Record<string, unknown>;
  link: string;
  read_at: string | null;
};
const list = async (as: Session) => {
  const response = await as.call('GET', '/api/notifications/');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { count: number; results: Listed[] };
};
const unread = async (as: Session) => {
  const response = await as.call('GET', '/api/notifications/unread/');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { count: number; items: Record<string, number> };
};
const kinds = async (as: Session) => (await list(as)).results.map((row) => row.kind);

/** The minute's sweep, as the worker runs it, then the mails it queued. */
const sweep = async () => {
  await t.services.notifications.sweep();
  await t.runJobs();
};
const mailsTo = (address: string) => mail.messages.filter((m) => m.to?.some((to) => to.address === address));
const header = (message: Email, name: string) => message.headers.find((h) => h.key === name)?.value;

describe('notifications in the app', () => {
  it('tell a student of a path assigned to them, lead to it, count it under its menu item until read', async () => {
    const { teacher, pupils, category } = await classroom(2);
    const [student, classmate] = [pupils[0]!, pupils[1]!];
    const pathId = await assignPath(teacher, student.user.id, category.id);

    expect(await unread(student)).toEqual({
      count: 1,
      items: { sent_to_me: 0, my_learning_paths: 1, exams_assigned_to_me: 0, friends: 0 },
    });
    const [notice] = (await list(student)).results;
    expect(notice).toMatchObject({
      kind: 'path_assigned',
      values: { from: 'Vera Koleva', name: 'Rivers of Europe', path: pathId },
      link: `/learning-path-progress/${pathId}`,
      read_at: null,
    });
    expect((await unread(classmate)).count).toBe(0);
    expect((await unread(teacher)).count).toBe(0);

    // Another person's notification does not exist for them.
    expect((await classmate.call('POST', `/api/notifications/${notice!.id}/read/`)).statusCode).toBe(404);
    expect((await student.call('POST', `/api/notifications/${notice!.id}/read/`)).statusCode).toBe(204);
    expect((await unread(student)).count).toBe(0);
    expect((await list(student)).results[0]!.read_at).toEqual(t.clock.now().toISOString());
  });

  it('tell of exams given, categories sent, friend requests and the catalog’s decisions', async () => {
    const { teacher, pupils, category } = await classroom(2);
    const [student, classmate] = [pupils[0]!, pupils[1]!];
    await giveExam(teacher, [student.user.id, classmate.user.id]);
    expect(await kinds(student)).toEqual(['exam_assigned']);
    expect((await list(classmate)).results[0]).toMatchObject({
      values: { from: 'Vera Koleva', name: 'Rivers' },
      link: '/students-school-exams',
    });

    const sent = await teacher.call('PUT', `/api/card/private/${category.id}/`, {
      receivers_ids: [student.user.id],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const asked = await classmate.call('POST', '/api/friends/friendship-requests/', {
      to_user: student.user.id,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(await kinds(student)).toEqual(['friend_request', 'category_received', 'exam_assigned']);
    expect((await unread(student)).items).toEqual({
      sent_to_me: 1,
      my_learning_paths: 0,
      exams_assigned_to_me: 1,
      friends: 1,
    });

    // Marking one menu item's read leaves the others unread; marking all reads the rest.
    expect((await student.call('POST', '/api/notifications/read/', { item: 'friends' })).statusCode).toBe(
      204,
    );
    expect((await unread(student)).items.friends).toBe(0);
    expect((await unread(student)).count).toBe(2);
    expect((await student.call('POST', '/api/notifications/read/', {})).statusCode).toBe(204);
    expect((await unread(student)).count).toBe(0);
  });

  it('tell an author their catalog category was approved or rejected by a reviewer', async () => {
    const author = await signIn();
    const staff = await signIn({ isStaff: true });
    const publishAndDecide = async (name: string, decision: 'approve' | 'reject') => {
      const category = await buildCategory(db(), { userId: author.user.id, name });
      await buildCard(db(), { categoryId: category.id });
      const published = await author.call('PUT', `/api/card/market/${category.id}/`, {
        name,
        description: `About ${name}`,
        language: 'en',
        topic: 'education',
        market_accessible: true,
      });
      expect(published.statusCode, published.body).toBe(200);
      const { revision } = (await staff.call('GET', `/api/admin/market/${category.id}/`)).json();
      const decided = await staff.call('PUT', `/api/admin/market/${category.id}/${decision}/`, {
        revision,
        reason: 'Too short',
      });
      expect(decided.statusCode, decided.body).toBe(200);
    };
    await publishAndDecide('Capitals', 'approve');
    await publishAndDecide('Seas', 'reject');
    expect((await list(author)).results.map((row) => [row.kind, row.values])).toEqual([
      ['catalog_rejected', { category: 'Seas', reason: 'Too short' }],
      ['catalog_approved', { category: 'Capitals' }],
    ]);
  });

  it('tell students once that their exam opens in 10 minutes, and once that its results are published', async () => {
    const { teacher, pupils } = await classroom(2);
    const [student, absent] = [pupils[0]!, pupils[1]!];
    const [examId] = await giveExam(teacher, [student.user.id, absent.user.id], {
      start_at: at(30),
      end_at: at(90),
      show_results_after_end: true,
    });
    await sweep();
    expect(await kinds(student)).toEqual(['exam_assigned']);

    t.clock.advance(21 * MINUTE);
    await sweep();
    await sweep();
    expect(await kinds(student)).toEqual(['exam_soon', 'exam_assigned']);
    expect((await list(student)).results[0]!.values).toEqual({ exam: examId, name: 'Rivers' });

    t.clock.advance(10 * MINUTE);
    expect((await student.call('PUT', `/api/exam/exam-started/${examId}/`)).statusCode).toBe(200);
    // The window ends at minute 90 from its making.
    t.clock.advance(58 * MINUTE);
    await sweep();
    expect(await kinds(student)).toEqual(['exam_soon', 'exam_assigned']);
    t.clock.advance(2 * MINUTE);
    await sweep();
    await sweep();
    const [published] = (await list(student)).results;
    expect(published).toMatchObject({ kind: 'results_published', link: `/school-exam/${examId}` });
    expect((await unread(student)).items.exams_assigned_to_me).toBe(3);
    // Who never started has no results to see.
    expect(await kinds(absent)).toEqual(['exam_soon', 'exam_assigned']);
  });
});

describe('the cost of the bell', () => {
  it('reads the list and the counts in a fixed number of statements, however many there are', async () => {
    const { teacher, pupils, category } = await classroom(1);
    const student = pupils[0]!;
    const cost = async (url: string) => {
      t.database.queries.length = 0;
      expect((await student.call('GET', url)).statusCode).toBe(200);
      return t.database.queries.length;
    };
    await assignPath(teacher, student.user.id, category.id);
    const one = { list: await cost('/api/notifications/'), unread: await cost('/api/notifications/unread/') };
    for (let i = 0; i < 5; i++) await assignPath(teacher, student.user.id, category.id);
    await giveExam(teacher, [student.user.id]);
    expect({
      list: await cost('/api/notifications/'),
      unread: await cost('/api/notifications/unread/'),
    }).toEqual(one);
  });
});

describe('the e-mail digest', () => {
  it('gathers the notifications of 15 minutes into one mail in the recipient’s language, with a one-click unsubscribe', async () => {
    const { teacher, pupils, category } = await classroom(1, { language: 'bg', firstName: 'Ана' });
    const student = pupils[0]!;
    await assignPath(teacher, student.user.id, category.id, 'Реки');
    t.clock.advance(5 * MINUTE);
    await giveExam(teacher, [student.user.id]);
    await sweep();
    expect(mailsTo(student.user.email)).toHaveLength(0);

    t.clock.advance(11 * MINUTE);
    await sweep();
    const digest = await mail.nextTo(student.user.email);
    expect(digest.subject).toBe('Какво ново има за вас в Cards');
    expect(digest.text).toContain('Здравейте, Ана,');
    expect(digest.text).toContain(
      '- Vera Koleva ви възложи учебния път „Реки“.\n- Vera Koleva ви даде изпита „Rivers“.',
    );
    const page = linkIn(digest, 'http://cards.test/unsubscribe/');
    expect(page).toMatch(/\?lang=bg$/);
    const oneClick = header(digest, 'list-unsubscribe')!;
    expect(oneClick).toMatch(/^<http:\/\/cards\.test\/api\/notifications\/unsubscribe\/.+\/>$/);
    expect(header(digest, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    // Nothing is mailed twice.
    t.clock.advance(30 * MINUTE);
    await sweep();
    expect(mailsTo(student.user.email)).toHaveLength(1);

    // A forged token names nothing; the mail client's one-click POST turns the opt-in off.
    const url = oneClick.slice('<http://cards.test'.length, -1);
    const token = url.split('/').at(-2)!;
    const [id, optIn] = token.split('.');
    const forged = [
      `${id}.${optIn}.${'A'.repeat(43)}`,
      `${teacher.user.id}.${optIn}.${token.split('.')[2]}`,
      `${id}.receive_promo_emails.${token.split('.')[2]}`,
      'nonsense',
    ];
    for (const bad of forged)
      expect(
        (await t.app.inject({ method: 'POST', url: `/api/notifications/unsubscribe/${bad}/`, payload: {} }))
          .statusCode,
      ).toBe(404);
    const unsubscribed = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.statusCode, unsubscribed.body).toBe(200);
    expect(unsubscribed.json()).toEqual({ opt_in: 'receive_invitations_for_contest', language: 'bg' });
    const [account] = await db().select().from(users).where(eq(users.id, student.user.id));
    expect(account!.receiveInvitationsForContest).toBe(false);

    // Opted out: the bell still tells, the mail does not.
    await assignPath(teacher, student.user.id, category.id, 'Морета');
    t.clock.advance(16 * MINUTE);
    await sweep();
    expect((await unread(student)).items.my_learning_paths).toBe(2);
    expect(mailsTo(student.user.email)).toHaveLength(1);
  });

  it('leaves out what was read before it went, and what other mails tell already', async () => {
    const { teacher, pupils, category } = await classroom(2);
    const [reader, befriended] = [pupils[0]!, pupils[1]!];
    await assignPath(teacher, reader.user.id, category.id);
    expect((await reader.call('POST', '/api/notifications/read/', {})).statusCode).toBe(204);
    // A friend request is mailed at once by the friends' own notice; the digest does not repeat it.
    expect(
      (await reader.call('POST', '/api/friends/friendship-requests/', { to_user: befriended.user.id }))
        .statusCode,
    ).toBe(201);
    t.clock.advance(16 * MINUTE);
    await sweep();
    expect(mailsTo(reader.user.email)).toHaveLength(0);
    expect(mailsTo(befriended.user.email).map((m) => m.subject)).toEqual(['A new friend request on Cards']);
  });
});
