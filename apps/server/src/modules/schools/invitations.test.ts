import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildCategory, buildSchool, buildUser } from '../../../test/factories';
import { type MailServer, startMailServer } from '../../../test/mail-server';
import { type Session, signIn as signInAs } from '../../../test/session';
import { schoolInvitations, schools, users } from '../../db/schema';
import { dayIn } from '../../lib/clock';

let t: TestApp;
let mail: MailServer;
const PUBLIC_URL = 'http://cards.test';

beforeAll(async () => {
  mail = await startMailServer();
  t = await buildTestApp({ SMTP_URL: mail.url, PUBLIC_URL, MAIL_FROM: 'Cards <no-reply@cards.test>' });
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

const signIn = (overrides: Parameters<typeof signInAs>[1] = {}) => signInAs(t, overrides);
const db = () => t.database.db;

const schoolWithPrincipal = async (seats = 10) => {
  const school = await buildSchool(db(), { availableStudents: seats });
  const principal = await signIn({
    schoolId: school.id,
    isOrganizationHost: true,
    isOrganizationMember: true,
    firstName: 'Nadia',
    lastName: 'Georgieva',
  });
  return { school, principal };
};
const register = (principal: Session, address: string, extra: object = {}, language = 'en') =>
  principal.call(
    'POST',
    '/api/school/register-student/',
    { first_name: 'Any', last_name: 'Name', email: address, ...extra },
    { 'accept-language': language },
  );
const upload = (principal: Session, text: string) =>
  principal.send(
    'POST',
    '/api/school/bulk-create-users/',
    {},
    { file: { name: 'students.csv', type: 'text/csv', data: Buffer.from(text) } },
  );
const inbox = async (as: Session) => {
  const response = await as.call('GET', '/api/school/invitations/');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: number; school: { id: number; name: string }; is_teacher: boolean }[];
};
const members = async (principal: Session, query = '') => {
  const response = await principal.call('GET', `/api/school/school-students/${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().results as {
    id: number;
    is_invited: boolean;
    is_student: boolean;
    is_teacher: boolean;
  }[];
};
const accountOf = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
const invitationRows = (userId: number) =>
  db().select().from(schoolInvitations).where(eq(schoolInvitations.userId, userId));
const mailsTo = (address: string) => mail.messages.filter((m) => m.to?.some((to) => to.address === address));

describe('inviting an account of its own', () => {
  it('invites instead of joining, lists the person as invited, mails them once in their language', async () => {
    const { school, principal } = await schoolWithPrincipal();
    const learner = await signIn({ language: 'bg', firstName: 'Ivo' });
    await t.runJobs();

    const first = await register(principal, learner.user.email, {}, 'en');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ id: learner.user.id, is_invited: true, initial_password: null });
    expect((await accountOf(learner.user.id)).schoolId).toBeNull();
    // Asking again does not make a second invitation, nor a second mail.
    const second = await register(principal, learner.user.email);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({ is_invited: true });
    expect(await invitationRows(learner.user.id)).toHaveLength(1);

    await t.runJobs();
    const message = await mail.nextTo(learner.user.email);
    expect(message.subject).toBe('Покана да се присъедините към училище в Flashcards');
    expect(message.text).toContain(`Nadia Georgieva, директор на ${school.name}`);
    expect(message.text).toContain(`${PUBLIC_URL}/profile`);
    await t.runJobs();
    expect(mailsTo(learner.user.email)).toHaveLength(1);

    const listed = await members(principal);
    expect(listed.find((row) => row.id === learner.user.id)).toMatchObject({
      is_invited: true,
      is_student: true,
      is_teacher: false,
    });
    expect((await members(principal, '?role=student')).map((row) => row.id)).toContain(learner.user.id);
    expect((await members(principal, '?role=teacher')).map((row) => row.id)).not.toContain(learner.user.id);
    const details = await principal.call('GET', '/api/school/school-details/');
    expect(details.json()).toMatchObject({ students: 0 });

    const [invitation] = await inbox(learner);
    expect(invitation).toMatchObject({
      school: { id: school.id, name: school.name },
      is_teacher: false,
      invited_by: { first_name: 'Nadia', last_name: 'Georgieva' },
    });
  });

  it('accepting joins the school as a student, or as a teacher when invited as one', async () => {
    const { school, principal } = await schoolWithPrincipal(1);
    const student = await signIn();
    const teacher = await signIn();
    await register(principal, student.user.email);
    await register(principal, teacher.user.email, { is_teacher: true });

    const [asStudent] = await inbox(student);
    const accepted = await student.call('PUT', `/api/school/invitations/${asStudent!.id}/accept/`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ id: school.id, students: 1, free_seats: 0 });
    expect(await accountOf(student.user.id)).toMatchObject({
      schoolId: school.id,
      isStudent: true,
      isTeacher: false,
      isOrganizationMember: true,
      autoSchoolAdd: false,
    });
    expect(await inbox(student)).toEqual([]);
    expect((await members(principal)).find((row) => row.id === student.user.id)).toMatchObject({
      is_invited: false,
      is_student: true,
    });
    // Answered: neither answer reaches it again.
    expect((await student.call('PUT', `/api/school/invitations/${asStudent!.id}/accept/`)).statusCode).toBe(
      404,
    );
    expect((await student.call('PUT', `/api/school/invitations/${asStudent!.id}/decline/`)).statusCode).toBe(
      404,
    );

    // The only seat is taken, but a teacher takes none.
    const [asTeacher] = await inbox(teacher);
    expect(asTeacher).toMatchObject({ is_teacher: true });
    const joined = await teacher.call('PUT', `/api/school/invitations/${asTeacher!.id}/accept/`);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(await accountOf(teacher.user.id)).toMatchObject({
      schoolId: school.id,
      isTeacher: true,
      isStudent: false,
    });
  });

  it('a student is accepted only into a free seat, and the invitation waits', async () => {
    const { school, principal } = await schoolWithPrincipal(1);
    const learner = await signIn();
    await register(principal, learner.user.email);
    await buildUser(db(), { schoolId: school.id, isStudent: true, isOrganizationMember: true });
    const [invitation] = await inbox(learner);
    const full = await learner.call('PUT', `/api/school/invitations/${invitation!.id}/accept/`);
    expect(full.statusCode).toBe(400);
    expect(full.json().non_field_errors[0]).toContain('no free seat');
    expect((await accountOf(learner.user.id)).schoolId).toBeNull();
    await db().update(schools).set({ availableStudents: 2 }).where(eq(schools.id, school.id));
    expect((await learner.call('PUT', `/api/school/invitations/${invitation!.id}/accept/`)).statusCode).toBe(
      200,
    );
  });

  it('declining ends it: the school cannot invite the person again, one by one or by file', async () => {
    const { principal } = await schoolWithPrincipal();
    const learner = await signIn();
    await register(principal, learner.user.email);
    const [invitation] = await inbox(learner);
    const declined = await learner.call('PUT', `/api/school/invitations/${invitation!.id}/decline/`);
    expect(declined.statusCode, declined.body).toBe(204);
    expect(await inbox(learner)).toEqual([]);
    expect((await accountOf(learner.user.id)).schoolId).toBeNull();
    expect((await members(principal)).map((row) => row.id)).not.toContain(learner.user.id);
    expect((await learner.call('PUT', `/api/school/invitations/${invitation!.id}/accept/`)).statusCode).toBe(
      404,
    );

    const again = await register(principal, learner.user.email);
    expect(again.statusCode).toBe(400);
    expect(again.json().email[0]).toContain('declined');
    const file = await upload(principal, `new-${learner.user.email},A,B\n${learner.user.email},A,B\n`);
    expect(file.statusCode).toBe(400);
    expect(file.json().file[0]).toBe(
      `Line 2: ${learner.user.email} declined your school's invitation and cannot be invited again.`,
    );
  });

  it("another person's invitation does not exist to me", async () => {
    const { principal } = await schoolWithPrincipal();
    const learner = await signIn();
    const other = await signIn();
    await register(principal, learner.user.email);
    const [invitation] = await inbox(learner);
    expect(await inbox(other)).toEqual([]);
    expect((await other.call('PUT', `/api/school/invitations/${invitation!.id}/accept/`)).statusCode).toBe(
      404,
    );
    expect((await other.call('PUT', `/api/school/invitations/${invitation!.id}/decline/`)).statusCode).toBe(
      404,
    );
    expect(
      (await principal.call('PUT', `/api/school/invitations/${invitation!.id}/accept/`)).statusCode,
    ).toBe(404);
    expect((await accountOf(learner.user.id)).schoolId).toBeNull();
    expect(await inbox(learner)).toHaveLength(1);
  });

  it('the principal withdraws an invitation; a stranger is not theirs to remove', async () => {
    const { principal } = await schoolWithPrincipal();
    const learner = await signIn();
    await register(principal, learner.user.email);
    const [invitation] = await inbox(learner);
    const withdrawn = await principal.call('DELETE', `/api/school/school-students/${learner.user.id}/`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(204);
    expect(await inbox(learner)).toEqual([]);
    expect(await invitationRows(learner.user.id)).toEqual([]);
    expect((await learner.call('PUT', `/api/school/invitations/${invitation!.id}/accept/`)).statusCode).toBe(
      404,
    );
    expect(await accountOf(learner.user.id)).toMatchObject({ schoolId: null, isActive: true });
    const stranger = await buildUser(db());
    expect((await principal.call('DELETE', `/api/school/school-students/${stranger.id}/`)).statusCode).toBe(
      404,
    );
    // Another school's invitation is not this principal's to withdraw.
    const other = await schoolWithPrincipal();
    await register(other.principal, stranger.email);
    expect((await principal.call('DELETE', `/api/school/school-students/${stranger.id}/`)).statusCode).toBe(
      404,
    );
    expect(await invitationRows(stranger.id)).toHaveLength(1);
  });

  it('refuses staff, principals and members of another school, one by one and as a bad line of a file', async () => {
    const { principal } = await schoolWithPrincipal();
    const elsewhere = await buildSchool(db());
    const staff = await buildUser(db(), { isStaff: true });
    const head = await buildUser(db(), {
      schoolId: elsewhere.id,
      isOrganizationHost: true,
      isOrganizationMember: true,
    });
    const pupil = await buildUser(db(), {
      schoolId: elsewhere.id,
      isStudent: true,
      isOrganizationMember: true,
    });
    for (const [account, text] of [
      [staff, 'A staff account cannot be invited to a school.'],
      [head, 'This person is the principal of another school and cannot be invited.'],
      [pupil, 'This person is a member of another school.'],
    ] as const) {
      const refused = await register(principal, account.email, { is_teacher: true });
      expect(refused.statusCode, account.email).toBe(400);
      expect(refused.json()).toEqual({ email: [text] });
      expect(await invitationRows(account.id)).toEqual([]);
    }
    const staffLine = await upload(principal, `${`n-${staff.email}`},A,B\n${staff.email},A,B\n`);
    expect(staffLine.json().file).toEqual([
      `Line 2: ${staff.email} is a staff account and cannot be invited to a school.`,
    ]);
    const headLine = await upload(principal, `${head.email},A,B\n`);
    expect(headLine.json().file).toEqual([
      `Line 1: ${head.email} is the principal of another school and cannot be invited.`,
    ]);
    const bg = await principal.call(
      'POST',
      '/api/school/register-student/',
      { first_name: 'A', last_name: 'B', email: staff.email },
      { 'accept-language': 'bg' },
    );
    expect(bg.json().email[0]).toBe('Профил на администратор не може да бъде поканен в училище.');
    expect(
      await db()
        .select()
        .from(users)
        .where(eq(users.email, `n-${staff.email}`)),
    ).toEqual([]);
  });

  it('someone who joined another school meanwhile cannot accept: they leave theirs first', async () => {
    const { principal } = await schoolWithPrincipal();
    const learner = await signIn();
    await register(principal, learner.user.email);
    const [invitation] = await inbox(learner);
    const other = await buildSchool(db());
    await db()
      .update(users)
      .set({ schoolId: other.id, isStudent: true, isOrganizationMember: true })
      .where(eq(users.id, learner.user.id));
    const refused = await learner.call('PUT', `/api/school/invitations/${invitation!.id}/accept/`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().non_field_errors[0]).toContain('leave yours before joining another');
    expect((await accountOf(learner.user.id)).schoolId).toBe(other.id);
  });

  it('nobody of the school reaches the invited person until they accept', async () => {
    const { school, principal } = await schoolWithPrincipal();
    const teacher = await signIn({ schoolId: school.id, isTeacher: true, isOrganizationMember: true });
    const learner = await signIn();
    const category = await buildCategory(db(), { userId: teacher.user.id });
    await register(principal, learner.user.email);
    const day = (offset: number) => dayIn('UTC', new Date(t.clock.now().getTime() + offset * 86_400_000));
    const assign = () =>
      teacher.call('POST', '/api/learning-paths/list-teachers/', [
        {
          name: 'Rivers',
          assigned_user: learner.user.id,
          category: category.id,
          start_at: day(0),
          end_at: day(7),
        },
      ]);
    const before = await assign();
    expect(before.statusCode, before.body).toBe(201);
    expect(before.json()).toMatchObject({
      created: [],
      skipped: [{ assigned_user: learner.user.id, reason: 'not_reached' }],
    });
    const [invitation] = await inbox(learner);
    await learner.call('PUT', `/api/school/invitations/${invitation!.id}/accept/`);
    const after = await assign();
    expect(after.json().created).toHaveLength(1);
  });

  it('a person who left after accepting can be invited again, and is mailed again', async () => {
    const { principal } = await schoolWithPrincipal();
    const learner = await signIn();
    await register(principal, learner.user.email);
    await t.runJobs();
    await mail.nextTo(learner.user.email);
    const [first] = await inbox(learner);
    await learner.call('PUT', `/api/school/invitations/${first!.id}/accept/`);
    expect((await learner.call('DELETE', '/api/school/membership/')).statusCode).toBe(204);
    t.clock.advance(60_000);
    const again = await register(principal, learner.user.email);
    expect(again.json()).toMatchObject({ is_invited: true });
    await t.runJobs();
    await mail.nextTo(learner.user.email);
    expect(mailsTo(learner.user.email)).toHaveLength(2);
    expect(await inbox(learner)).toHaveLength(1);
  });
});
