import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildCard, buildCategory, buildSchool, buildUser } from '../../../test/factories';
import { linkIn, type MailServer, startMailServer } from '../../../test/mail-server';
import { type Session, signIn as signInAs } from '../../../test/session';
import { cards, categories, schoolInvitations, schools, users } from '../../db/schema';
import { DAY } from '../../lib/clock';
import { initialPassword } from './schools.service';
import { readStudentFile } from './student-file';

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

let unique = 0;
const word = () => `zq${++unique}${Math.random().toString(36).slice(2, 7).replace(/\d/g, 'x')}`;
const email = () => `${word()}@example.com`;
const signIn = (overrides: Parameters<typeof signInAs>[1] = {}) => signInAs(t, overrides);
const db = () => t.database.db;

/** A school with a signed-in principal. */
const schoolWithPrincipal = async (seats = 10) => {
  const school = await buildSchool(db(), { availableStudents: seats });
  const principal = await signIn({
    schoolId: school.id,
    isOrganizationHost: true,
    isOrganizationMember: true,
  });
  return { school, principal };
};
const studentOf = (schoolId: number, overrides: Parameters<typeof buildUser>[1] = {}) =>
  buildUser(db(), { schoolId, isStudent: true, isOrganizationMember: true, ...overrides });

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
const mediaFile = (url: string) => path.join(t.dataDir, 'media', url.replace(/^\/media\//, ''));

const csv = (text: string | Buffer) => ({
  file: { name: 'students.csv', type: 'text/csv', data: Buffer.isBuffer(text) ? text : Buffer.from(text) },
});
const upload = (as: Session, text: string | Buffer, preview = false, headers: Record<string, string> = {}) =>
  as.send('POST', `/api/school/bulk-create-users/${preview ? '?preview=true' : ''}`, {}, csv(text), headers);
const accountOf = async (address: string) =>
  (await db().select().from(users).where(eq(users.email, address)))[0];

const invitationsOf = (userId: number) =>
  db().select().from(schoolInvitations).where(eq(schoolInvitations.userId, userId));

const uidAndToken = (link: string) => {
  const [uid, token] = link.split('/').slice(-2);
  return { uid: uid!, token: token! };
};
const login = (address: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/jwt/create/', payload: { email: address, password } });

describe('staff manage schools', () => {
  it('create, list with principals, search, change and delete schools; a logo is checked and replaced', async () => {
    const staff = await signIn({ isStaff: true });
    const name = `Alpha ${word()}`;
    const created = await staff.send(
      'POST',
      '/api/admin/schools/',
      { name, town: 'Varna', website: 'https://alpha.example', available_students: 3, is_paid: 'true' },
      { logo: { name: 'logo.png', type: 'image/png', data: await png() } },
    );
    expect(created.statusCode, created.body).toBe(201);
    const school = created.json();
    expect(school).toMatchObject({
      name,
      town: 'Varna',
      is_paid: true,
      available_students: 3,
      students: 0,
      free_seats: 3,
      principals_list: [],
    });
    expect(school.logo_url).toMatch(new RegExp(`^/media/schools/${school.id}/logo-.+\\.webp$`));
    expect(existsSync(mediaFile(school.logo_url))).toBe(true);

    const notImage = await staff.send(
      'PATCH',
      `/api/admin/schools/${school.id}/`,
      {},
      { logo: { name: 'logo.png', type: 'image/png', data: Buffer.from('not an image at all') } },
    );
    expect(notImage.statusCode, notImage.body).toBe(400);
    expect(notImage.json()).toHaveProperty('logo');

    const changed = await staff.send(
      'PATCH',
      `/api/admin/schools/${school.id}/`,
      { description: 'By the sea' },
      { logo: { name: 'logo.png', type: 'image/png', data: await png() } },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ name, description: 'By the sea' });
    expect(changed.json().logo_url).not.toBe(school.logo_url);
    expect(existsSync(mediaFile(school.logo_url))).toBe(false);
    expect(existsSync(mediaFile(changed.json().logo_url))).toBe(true);

    const principal = await buildUser(db(), {
      schoolId: school.id,
      isOrganizationHost: true,
      isOrganizationMember: true,
    });
    const list = await staff.call('GET', `/api/admin/schools/?search=${encodeURIComponent(name.slice(2))}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().results).toHaveLength(1);
    expect(list.json().results[0].principals_list).toEqual([
      {
        id: principal.id,
        email: principal.email,
        first_name: principal.firstName,
        last_name: principal.lastName,
        invited: true,
      },
    ]);
    const byTown = (await staff.call('GET', '/api/admin/schools/?search=varn')).json();
    expect(byTown.results.map((s: { id: number }) => s.id)).toContain(school.id);

    // Seats cannot go below the students it has; a school with students cannot go.
    await studentOf(school.id);
    await studentOf(school.id);
    const fewer = await staff.call('PATCH', `/api/admin/schools/${school.id}/`, { available_students: 1 });
    expect(fewer.statusCode).toBe(400);
    expect(fewer.json().available_students[0]).toContain('2');
    expect((await staff.call('DELETE', `/api/admin/schools/${school.id}/`)).statusCode).toBe(409);
    await db().update(users).set({ schoolId: null, isStudent: false }).where(eq(users.schoolId, school.id));
    await db().update(users).set({ schoolId: school.id }).where(eq(users.id, principal.id));

    const removed = await staff.call('DELETE', `/api/admin/schools/${school.id}/`);
    expect(removed.statusCode).toBe(204);
    expect((await staff.call('GET', `/api/admin/schools/${school.id}/`)).statusCode).toBe(404);
    expect(await accountOf(principal.email)).toMatchObject({
      schoolId: null,
      isOrganizationHost: false,
      isOrganizationMember: false,
    });
    expect(existsSync(mediaFile(changed.json().logo_url))).toBe(false);
  });

  it('are for staff only', async () => {
    const { school, principal } = await schoolWithPrincipal();
    for (const [method, url] of [
      ['GET', '/api/admin/schools/'],
      ['GET', `/api/admin/schools/${school.id}/`],
      ['DELETE', `/api/admin/schools/${school.id}/`],
    ] as const)
      expect((await principal.call(method, url)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/schools/' })).statusCode).toBe(401);
  });

  it('name principals: a new e-mail is invited to set a password, an existing account is told', async () => {
    const staff = await signIn({ isStaff: true });
    const school = await buildSchool(db(), { name: `Beta ${word()}` });
    const address = email();
    const invited = await staff.call(
      'POST',
      `/api/admin/schools/${school.id}/principals/`,
      { email: address, first_name: 'Elena', last_name: 'Dimova' },
      { 'accept-language': 'bg' },
    );
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json()).toMatchObject({ email: address, first_name: 'Elena', invited: true });
    expect(await accountOf(address)).toMatchObject({
      isActive: true,
      isAutoCreated: false,
      passwordHash: null,
      isOrganizationHost: true,
      schoolId: school.id,
      language: 'bg',
    });
    await t.runJobs();
    const message = await mail.nextTo(address);
    expect(message.subject).toBe('Вие сте директор на училище в Flashcards');
    expect(message.text).toContain(school.name);
    expect(message.text).toContain('14');
    const link = linkIn(message, `${PUBLIC_URL}/password/reset/confirm/`);
    // The link still works after a week (a reset link would have expired).
    t.clock.advance(7 * DAY);
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/user/users/reset_password_confirm/',
      payload: {
        ...uidAndToken(link),
        new_password: 'Lilac-Ferry-Quartz-42',
        re_new_password: 'Lilac-Ferry-Quartz-42',
      },
    });
    expect(set.statusCode, set.body).toBe(204);
    expect((await login(address, 'Lilac-Ferry-Quartz-42')).statusCode).toBe(200);
    const staffAgain = await signIn({ isStaff: true });
    const listed = (await staffAgain.call('GET', `/api/admin/schools/${school.id}/`)).json();
    expect(listed.principals_list).toEqual([expect.objectContaining({ email: address, invited: false })]);

    // An existing member of this school becomes its principal and gives up the seat.
    const student = await studentOf(school.id, { isTeacher: false });
    const promoted = await staffAgain.call('POST', `/api/admin/schools/${school.id}/principals/`, {
      email: student.email,
    });
    expect(promoted.statusCode).toBe(201);
    expect(await accountOf(student.email)).toMatchObject({ isOrganizationHost: true, isStudent: false });
    await t.runJobs();
    expect((await mail.nextTo(student.email)).text).toContain(school.name);

    // A member of another school is refused.
    const elsewhere = await studentOf((await buildSchool(db())).id);
    const refused = await staffAgain.call('POST', `/api/admin/schools/${school.id}/principals/`, {
      email: elsewhere.email,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toHaveProperty('email');

    // Removing a principal: the account stays and leaves the school.
    const gone = await staffAgain.call('DELETE', `/api/admin/schools/${school.id}/principals/${student.id}/`);
    expect(gone.statusCode).toBe(204);
    expect(await accountOf(student.email)).toMatchObject({ schoolId: null, isOrganizationHost: false });
    expect(
      (await staffAgain.call('DELETE', `/api/admin/schools/${school.id}/principals/${elsewhere.id}/`))
        .statusCode,
    ).toBe(404);
  });

  it('list a page of schools in a fixed number of queries whatever its size', async () => {
    const staff = await signIn({ isStaff: true });
    const prefix = word();
    const measure = async () => {
      t.database.queries.length = 0;
      const response = await staff.call('GET', `/api/admin/schools/?search=${prefix}`);
      expect(response.statusCode).toBe(200);
      return t.database.queries.length;
    };
    const addSchool = async () => {
      const school = await buildSchool(db(), { name: `${prefix} ${word()}` });
      await buildUser(db(), { schoolId: school.id, isOrganizationHost: true, isOrganizationMember: true });
    };
    await addSchool();
    const small = await measure();
    for (let i = 0; i < 12; i++) await addSchool();
    expect(await measure()).toBe(small);
  });
});

describe('the schools list and a member’s school', () => {
  it('lists every school by name without signing in, 20 a page, logos under /media', async () => {
    await buildSchool(db(), { name: 'aaa First school', logo: 'schools/1/logo-x.webp' });
    const response = await t.app.inject({ method: 'GET', url: '/api/school/schools-list/' });
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.results.length).toBeLessThanOrEqual(20);
    const names = page.results.map((s: { name: string }) => s.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const first = page.results.find((s: { name: string }) => s.name === 'aaa First school');
    expect(first.logo_url).toBe('/media/schools/1/logo-x.webp');
    expect(first).not.toHaveProperty('available_students');
  });

  it('lists a school its principal took off the list no more, and again once listed', async () => {
    const { school, principal } = await schoolWithPrincipal(5);
    await db().update(schools).set({ name: 'aaa Hidden school' }).where(eq(schools.id, school.id));
    const listedNames = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/school/schools-list/' }))
        .json()
        .results.map((item: { name: string }) => item.name);
    // Listed by default, as every school was before schools could choose.
    expect((await principal.call('GET', '/api/school/school-details/')).json().is_listed).toBe(true);
    expect(await listedNames()).toContain('aaa Hidden school');

    const hidden = await principal.call('PATCH', '/api/school/school-details/', { is_listed: false });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({ id: school.id, is_listed: false });
    expect(await listedNames()).not.toContain('aaa Hidden school');

    // Staff see it in their list and may list it again.
    const staff = await signIn({ isStaff: true });
    const admin = await staff.call('GET', `/api/admin/schools/${school.id}/`);
    expect(admin.json().is_listed).toBe(false);
    const relisted = await staff.send('PATCH', `/api/admin/schools/${school.id}/`, { is_listed: 'true' });
    expect(relisted.statusCode, relisted.body).toBe(200);
    expect(await listedNames()).toContain('aaa Hidden school');
  });

  it("refuses the list's switch to anyone but the school's principals", async () => {
    const { school } = await schoolWithPrincipal(5);
    const teacher = await signIn({ schoolId: school.id, isOrganizationMember: true, isTeacher: true });
    const refused = await teacher.call('PATCH', '/api/school/school-details/', { is_listed: false });
    expect(refused.statusCode).toBe(403);
    const outsider = await signIn();
    expect(
      (await outsider.call('PATCH', '/api/school/school-details/', { is_listed: false })).statusCode,
    ).toBe(403);
    const { principal } = await schoolWithPrincipal(5);
    const invalid = await principal.call('PATCH', '/api/school/school-details/', { is_listed: 'maybe' });
    expect(invalid.statusCode).toBe(400);
    const [row] = await db().select().from(schools).where(eq(schools.id, school.id));
    expect(row!.isListed).toBe(true);
  });

  it('shows a member their school with its counts and free seats; others are restricted', async () => {
    const { school, principal } = await schoolWithPrincipal(5);
    await studentOf(school.id);
    await studentOf(school.id);
    await buildUser(db(), { schoolId: school.id, isTeacher: true, isOrganizationMember: true });
    const details = (await principal.call('GET', '/api/school/school-details/')).json();
    expect(details).toMatchObject({
      id: school.id,
      students: 2,
      teachers: 1,
      principals: 1,
      available_students: 5,
      free_seats: 3,
    });
    const outsider = await signIn();
    const en = await outsider.call('GET', '/api/school/school-details/');
    expect(en.statusCode).toBe(403);
    expect(en.json().detail).toBe('Your account is restricted');
    const bg = await outsider.call('GET', '/api/school/school-details/', undefined, {
      'accept-language': 'bg',
    });
    expect(bg.json().detail).toBe('Нямате права за достъп до тази страница.');
  });
});

describe('principals manage their school', () => {
  it('refuse every call to members who are not principals, in English and Bulgarian', async () => {
    const school = await buildSchool(db());
    const teacher = await signIn({ schoolId: school.id, isTeacher: true, isOrganizationMember: true });
    const student = await studentOf(school.id);
    for (const as of [teacher, await signIn()])
      for (const [method, url, body] of [
        ['GET', '/api/school/school-students/', undefined],
        ['POST', '/api/school/register-student/', { first_name: 'A', last_name: 'B', email: email() }],
        ['PATCH', `/api/school/school-students/${student.id}/`, { is_teacher: true }],
        ['DELETE', `/api/school/school-students/${student.id}/`, undefined],
      ] as const) {
        const en = await as.call(method, url, body);
        expect(en.statusCode, `${method} ${url}`).toBe(403);
        expect(en.json().detail).toBe('Your account is restricted');
        const bg = await as.call(method, url, body, { 'accept-language': 'bg' });
        expect(bg.json().detail).toBe('Нямате права за достъп до тази страница.');
      }
    expect((await upload(teacher, `${email()},A,B`)).statusCode).toBe(403);
  });

  it('are confined to their own school: another school’s members and id are 404', async () => {
    const { principal } = await schoolWithPrincipal();
    const other = await buildSchool(db());
    const stranger = await studentOf(other.id);
    expect(
      (await principal.call('PATCH', `/api/school/school-students/${stranger.id}/`, { is_teacher: true }))
        .statusCode,
    ).toBe(404);
    expect((await principal.call('DELETE', `/api/school/school-students/${stranger.id}/`)).statusCode).toBe(
      404,
    );
    expect(
      (await principal.call('GET', `/api/school/school-students/?schoolId=${other.id}`)).statusCode,
    ).toBe(404);
    expect((await accountOf(stranger.email))?.schoolId).toBe(other.id);
  });

  it('list their members by name, searched by a part of the name or e-mail, filtered by role', async () => {
    const { school, principal } = await schoolWithPrincipal();
    const zed = await studentOf(school.id, { firstName: 'Zed', lastName: 'Zonov' });
    const ana = await studentOf(school.id, { firstName: 'Ana', lastName: 'Zonova' });
    const teacher = await buildUser(db(), {
      schoolId: school.id,
      isTeacher: true,
      isOrganizationMember: true,
      firstName: 'Boris',
      email: `boris.${word()}@school.example`,
    });
    await studentOf((await buildSchool(db())).id, { firstName: 'Ana', lastName: 'Zonova' });
    const ids = async (query: string) =>
      (await principal.call('GET', `/api/school/school-students/?${query}`))
        .json()
        .results.map((m: { id: number }) => m.id);
    expect(await ids('search=zonov')).toEqual([ana.id, zed.id]);
    expect(await ids(`search=boris.`)).toEqual([teacher.id]);
    expect(await ids('role=teacher')).toEqual([teacher.id]);
    expect(await ids('role=principal')).toEqual([principal.user.id]);
    expect(await ids(`schoolId=${school.id}&role=student`)).toEqual([ana.id, zed.id]);
    const page = (await principal.call('GET', '/api/school/school-students/')).json();
    expect(page.count).toBe(4);
    expect(page.results[0]).toMatchObject({ id: ana.id, is_student: true, auto_school_add: false });
  });

  it('list a page of members in a fixed number of queries whatever its size', async () => {
    const { school, principal } = await schoolWithPrincipal(100);
    const measure = async () => {
      t.database.queries.length = 0;
      expect((await principal.call('GET', '/api/school/school-students/')).statusCode).toBe(200);
      return t.database.queries.length;
    };
    await studentOf(school.id);
    const small = await measure();
    for (let i = 0; i < 25; i++) await studentOf(school.id);
    expect(await measure()).toBe(small);
  });

  it('register a student or a teacher; an existing e-mail is invited; members of a school are refused', async () => {
    const { school, principal } = await schoolWithPrincipal(1);
    const address = email();
    const created = await principal.call(
      'POST',
      '/api/school/register-student/',
      { first_name: 'Ivan', last_name: 'Petrov', email: address },
      { 'accept-language': 'bg' },
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      email: address,
      is_student: true,
      is_teacher: false,
      is_auto_created: true,
      auto_school_add: true,
    });
    expect(created.json().initial_password).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await accountOf(address)).toMatchObject({
      schoolId: school.id,
      school: school.name,
      town: school.town,
      language: 'bg',
      isActive: true,
    });
    expect((await login(address, created.json().initial_password)).statusCode).toBe(200);

    // The only seat is taken: another student is refused, a teacher takes no seat.
    const full = await principal.call('POST', '/api/school/register-student/', {
      first_name: 'No',
      last_name: 'Seat',
      email: email(),
    });
    expect(full.statusCode).toBe(400);
    const teacher = await principal.call('POST', '/api/school/register-student/', {
      first_name: 'Vera',
      last_name: 'Teacher',
      email: email(),
      is_teacher: true,
    });
    expect(teacher.statusCode).toBe(201);
    expect(teacher.json()).toMatchObject({ is_teacher: true, is_student: false });

    const existing = await buildUser(db());
    await db().update(schools).set({ availableStudents: 5 }).where(eq(schools.id, school.id));
    const invited = await principal.call('POST', '/api/school/register-student/', {
      first_name: 'Other',
      last_name: 'Name',
      email: existing.email.toUpperCase(),
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json()).toMatchObject({
      id: existing.id,
      initial_password: null,
      auto_school_add: false,
      is_invited: true,
      is_student: true,
      first_name: existing.firstName,
    });
    expect(await accountOf(existing.email)).toMatchObject({ schoolId: null, firstName: existing.firstName });

    const member = await studentOf(school.id);
    const again = await principal.call('POST', '/api/school/register-student/', {
      first_name: 'A',
      last_name: 'B',
      email: member.email,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().email[0]).toContain('already a member');
    const elsewhere = await studentOf((await buildSchool(db())).id);
    const refused = await principal.call('POST', '/api/school/register-student/', {
      first_name: 'A',
      last_name: 'B',
      email: elsewhere.email,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().email[0]).toContain('another school');
  });

  it('make a member a teacher, and a student again only with a free seat; a principal never becomes a student', async () => {
    const { school, principal } = await schoolWithPrincipal(1);
    const student = await studentOf(school.id);
    const toTeacher = await principal.call('PATCH', `/api/school/school-students/${student.id}/`, {
      is_teacher: true,
    });
    expect(toTeacher.json()).toMatchObject({ is_teacher: true, is_student: false });
    await studentOf(school.id);
    const noSeat = await principal.call('PATCH', `/api/school/school-students/${student.id}/`, {
      is_teacher: false,
    });
    expect(noSeat.statusCode).toBe(400);
    expect(noSeat.json().is_teacher[0]).toContain('no free seat');
    await db().update(schools).set({ availableStudents: 2 }).where(eq(schools.id, school.id));
    const back = await principal.call('PATCH', `/api/school/school-students/${student.id}/`, {
      is_teacher: false,
    });
    expect(back.json()).toMatchObject({ is_teacher: false, is_student: true });

    const self = await principal.call('PATCH', `/api/school/school-students/${principal.user.id}/`, {
      is_teacher: true,
    });
    expect(self.json()).toMatchObject({ is_teacher: true, is_student: false, is_organization_host: true });
    const selfBack = await principal.call('PATCH', `/api/school/school-students/${principal.user.id}/`, {
      is_teacher: false,
    });
    expect(selfBack.json()).toMatchObject({ is_teacher: false, is_student: false });
  });

  it('remove a created account with its cards and media, a joined one only from the school; not principals', async () => {
    const { school, principal } = await schoolWithPrincipal();
    const created = (
      await principal.call('POST', '/api/school/register-student/', {
        first_name: 'Gone',
        last_name: 'Soon',
        email: email(),
      })
    ).json();
    const category = await buildCategory(db(), { userId: created.id, typeOfCards: 'picture' });
    const card = await buildCard(db(), { categoryId: category.id });
    const file = path.join(t.dataDir, 'media', 'u', String(created.id), 'picture.webp');
    await t.services.storage.put(`u/${created.id}/picture.webp`, Buffer.from('x'), 'image/webp');
    expect(existsSync(file)).toBe(true);
    expect((await principal.call('DELETE', `/api/school/school-students/${created.id}/`)).statusCode).toBe(
      204,
    );
    expect(await db().select().from(users).where(eq(users.id, created.id))).toEqual([]);
    expect(await db().select().from(cards).where(eq(cards.id, card.id))).toEqual([]);
    expect(existsSync(file)).toBe(false);

    const joined = await buildUser(db(), {
      schoolId: school.id,
      isStudent: true,
      isOrganizationMember: true,
    });
    const joinedCard = await buildCard(db(), {
      categoryId: (await buildCategory(db(), { userId: joined.id })).id,
    });
    expect((await principal.call('DELETE', `/api/school/school-students/${joined.id}/`)).statusCode).toBe(
      204,
    );
    expect(await accountOf(joined.email)).toMatchObject({
      schoolId: null,
      isStudent: false,
      isOrganizationMember: false,
    });
    expect(await db().select().from(cards).where(eq(cards.id, joinedCard.id))).toHaveLength(1);

    const second = await buildUser(db(), {
      schoolId: school.id,
      isOrganizationHost: true,
      isOrganizationMember: true,
    });
    const refused = await principal.call('DELETE', `/api/school/school-students/${second.id}/`);
    expect(refused.statusCode).toBe(403);
    expect((await accountOf(second.email))?.schoolId).toBe(school.id);
  });
});

describe('a member leaving their school', () => {
  it('keeps a joined account with its cards; a created account, a principal and a non-member cannot leave', async () => {
    const school = await buildSchool(db(), { availableStudents: 5 });
    const member = { schoolId: school.id, isOrganizationMember: true };
    const joined = await signIn({ ...member, isStudent: true });
    await buildCategory(db(), { userId: joined.user.id });
    const left = await joined.call('DELETE', '/api/school/membership/');
    expect(left.statusCode, left.body).toBe(204);
    expect(await accountOf(joined.user.email)).toMatchObject({
      schoolId: null,
      isStudent: false,
      isOrganizationMember: false,
    });
    expect(await db().select().from(categories).where(eq(categories.userId, joined.user.id))).toHaveLength(1);

    const created = await signIn({ ...member, isStudent: true, autoSchoolAdd: true });
    const principal = await signIn({ ...member, isOrganizationHost: true });
    const outsider = await signIn();
    const refusals = [
      [created, 'Your account was created by your school, so it cannot leave it. Ask your principal.'],
      [principal, "A principal cannot leave the school here; the site's staff manage principals."],
      [outsider, 'Your account is restricted'],
    ] as const;
    for (const [session, detail] of refusals) {
      const refused = await session.call('DELETE', '/api/school/membership/');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toBe(detail);
    }
    expect((await accountOf(created.user.email))?.schoolId).toBe(school.id);
    expect((await accountOf(principal.user.email))?.schoolId).toBe(school.id);
  });
});

describe('students from a CSV file', () => {
  const lines = (count: number, from = 0) =>
    Array.from({ length: count }, (_, i) => `bulk.${word()}.${from + i}@example.com,First${i},Last${i}`);

  it('creates exactly 1000 students; 1001 lines are refused', async () => {
    // A school of its own app: the 1000 welcome mails it queues are not the other tests' to send.
    const main = t;
    t = await buildTestApp();
    try {
      await thousand();
    } finally {
      await t.close();
      t = main;
    }
  }, 120_000);

  const thousand = async () => {
    const { school, principal } = await schoolWithPrincipal(2000);
    const tooMany = await upload(principal, lines(1001).join('\n'));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().file[0]).toContain('1000');
    const rows = lines(1000);
    const response = await upload(principal, rows.join('\r\n'));
    expect(response.statusCode, response.body.slice(0, 300)).toBe(201);
    const result = response.json();
    expect(result).toMatchObject({ preview: false, created: 1000, invited: 0, free_seats: 1000 });
    expect(result.initial_passwords).toHaveLength(1000);
    expect(new Set(result.initial_passwords.map((p: { password: string }) => p.password)).size).toBe(1000);
    const members = await db().select().from(users).where(eq(users.schoolId, school.id));
    expect(members).toHaveLength(1001);
    const one = members.find((m) => m.id === result.initial_passwords[0].id)!;
    expect(one).toMatchObject({
      isActive: true,
      isAutoCreated: true,
      isStudent: true,
      isOrganizationMember: true,
      autoSchoolAdd: true,
      school: school.name,
    });
    expect(one.passwordHash).toMatch(/^\$argon2id\$/);
    expect(one.trialEndDate!.getTime()).toBe(t.clock.now().getTime() + 30 * DAY);
  };

  it('refuses the whole file for one bad line in the middle, naming it', async () => {
    const { school, principal } = await schoolWithPrincipal(50);
    const rows = lines(10);
    rows.splice(6, 0, 'not-an-email,Ana,Petrova');
    const response = await upload(principal, rows.join('\n'));
    expect(response.statusCode).toBe(400);
    expect(response.json().file).toEqual(['Line 7: "not-an-email" is not a valid e-mail address.']);
    const bg = await upload(principal, rows.join('\n'), false, { 'accept-language': 'bg' });
    expect(bg.json().file[0]).toMatch(/^Ред 7: /);
    expect(await db().select().from(users).where(eq(users.schoolId, school.id))).toHaveLength(1);
    for (const [text, line] of [
      ['a@example.com,Ana\n', 1],
      // The fourth column is the class; a fifth is one too many.
      ['a@example.com,Ana,Petrova,7А,extra\n', 1],
      [`${lines(1)[0]}\nb@example.com,,Petrova\n`, 2],
      [`x.${word()}@example.com,Ana,${'P'.repeat(151)}`, 1],
    ] as const) {
      const bad = await upload(principal, text);
      expect(bad.statusCode, text).toBe(400);
      expect(bad.json().file[0]).toMatch(new RegExp(`^Line ${line}: `));
    }
  });

  it('reads a BOM, semicolons, a header, quoted fields, blank lines and extra empty fields', async () => {
    const { school, principal } = await schoolWithPrincipal(50);
    const [a, b, c] = [email(), email(), email()];
    const text = `Имейл;Име;Фамилия\r\n\r\n${a};"Мария";"Иванова; младша"\r\n;;\r\n${b};Petar;Petrov;;\r\n"${c}";"O""Brien";Ann\r\n`;
    const response = await upload(
      principal,
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().rows).toEqual([
      {
        line: 3,
        email: a,
        first_name: 'Мария',
        last_name: 'Иванова; младша',
        class_name: '',
        action: 'create',
      },
      { line: 5, email: b, first_name: 'Petar', last_name: 'Petrov', class_name: '', action: 'create' },
      { line: 6, email: c, first_name: 'O"Brien', last_name: 'Ann', class_name: '', action: 'create' },
    ]);
    expect(await accountOf(a)).toMatchObject({ schoolId: school.id, lastName: 'Иванова; младша' });
    const header = await upload(principal, `E-mail,First Name,Last Name\n${email()},X,Y\n`);
    expect(header.json().created).toBe(1);
  });

  it('invites an existing e-mail; a member of another school is a bad line; a member stays', async () => {
    const { school, principal } = await schoolWithPrincipal(50);
    const existing = await buildUser(db());
    const member = await studentOf(school.id);
    const fresh = email();
    const response = await upload(
      principal,
      `${fresh},New,Person\n${existing.email.toUpperCase()},Any,Name\n${member.email},Any,Name\n`,
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ created: 1, invited: 1 });
    expect(response.json().rows.map((r: { action: string }) => r.action)).toEqual([
      'create',
      'invite',
      'member',
    ]);
    expect(response.json().initial_passwords.map((p: { email: string }) => p.email)).toEqual([fresh]);
    expect(await accountOf(existing.email)).toMatchObject({
      schoolId: null,
      isStudent: false,
      firstName: existing.firstName,
    });
    expect(await invitationsOf(existing.id)).toMatchObject([
      { schoolId: school.id, status: 'pending', isTeacher: false },
    ]);
    // The same file again: the invitation is not repeated.
    const again = await upload(
      principal,
      `${existing.email},Any,Name
${member.email},Any,Name
`,
    );
    expect(again.json()).toMatchObject({ created: 0, invited: 0 });
    expect(again.json().rows.map((r: { action: string }) => r.action)).toEqual(['invited', 'member']);
    expect(await invitationsOf(existing.id)).toHaveLength(1);

    const elsewhere = await studentOf((await buildSchool(db())).id);
    const refused = await upload(principal, `${email()},A,B\n${elsewhere.email},A,B\n`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().file[0]).toBe(`Line 2: ${elsewhere.email} is a member of another school.`);
  });

  it('refuses more students than free seats, a duplicate e-mail, text that is not UTF-8 and a too large file', async () => {
    const { school, principal } = await schoolWithPrincipal(2);
    const seats = await upload(principal, lines(3).join('\n'));
    expect(seats.statusCode).toBe(400);
    expect(seats.json().file[0]).toBe('The file adds 3 students, but the school has 2 free seats.');
    const address = email();
    const twice = await upload(principal, `${address},A,B\n${email()},C,D\n${address.toUpperCase()},E,F\n`);
    expect(twice.json().file).toEqual([`Line 3: the e-mail ${address} is also on line 1.`]);
    const latin1 = await upload(principal, Buffer.from(`${email()},J\xf6rg,M\xfcller\n`, 'latin1'));
    expect(latin1.statusCode).toBe(400);
    expect(latin1.json().file[0]).toContain('UTF-8');
    const large = await upload(principal, `${'x'.repeat(1024 * 1024)}\n`);
    expect(large.statusCode).toBe(413);
    expect((await principal.send('POST', '/api/school/bulk-create-users/', {})).statusCode).toBe(400);
    expect(await db().select().from(users).where(eq(users.schoolId, school.id))).toHaveLength(1);

    const full = await schoolWithPrincipal(0);
    const one = await upload(full.principal, `${email()},A,B\n`);
    expect(one.json().file).toEqual(['The file adds one student, but the school has no free seats.']);
  });

  it('previews what it would do and stores nothing', async () => {
    const { school, principal } = await schoolWithPrincipal(5);
    const existing = await buildUser(db());
    const fresh = email();
    await t.runJobs();
    const response = await upload(principal, `${fresh},A,B\n${existing.email},C,D\n`, true);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      preview: true,
      created: 1,
      invited: 1,
      free_seats: 5,
      initial_passwords: [],
    });
    expect(await accountOf(fresh)).toBeUndefined();
    expect((await accountOf(existing.email))?.schoolId).toBeNull();
    expect(await invitationsOf(existing.id)).toEqual([]);
    expect(await t.runJobs()).toBe(0);
    expect(await db().select().from(users).where(eq(users.schoolId, school.id))).toHaveLength(1);
  });

  it('mails each created account a link that sets its password and claims it, and invites existing accounts', async () => {
    const { school, principal } = await schoolWithPrincipal(5);
    const [a, b] = [email(), email()];
    const existing = await buildUser(db(), { language: 'bg' });
    const response = await upload(
      principal,
      `${a},Ana,Aneva\n${b},Boris,Borisov\n${existing.email},X,Y\n`,
      false,
      {
        'accept-language': 'bg',
      },
    );
    expect(response.statusCode).toBe(201);
    await t.runJobs();
    const first = await mail.nextTo(a);
    expect(first.subject).toBe('Вашият нов профил в Flashcards');
    expect(first.text).toContain(school.name);
    expect(first.text).toContain(principal.user.firstName);
    expect(first.text).toContain('14 дни');
    await mail.nextTo(b);
    const invitation = await mail.nextTo(existing.email);
    expect(invitation.subject).not.toContain(school.name);
    expect(invitation.text).toContain(school.name);
    expect(invitation.text).toContain('кани');
    expect(invitation.text).toContain(`${PUBLIC_URL}/profile`);
    // Running the job again sends no second welcome while the first is queued or sent.
    const link = linkIn(first, `${PUBLIC_URL}/password/reset/confirm/`);
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/user/users/reset_password_confirm/',
      payload: {
        ...uidAndToken(link),
        new_password: 'Lilac-Ferry-Quartz-42',
        re_new_password: 'Lilac-Ferry-Quartz-42',
      },
    });
    expect(set.statusCode, set.body).toBe(204);
    expect(await accountOf(a)).toMatchObject({ isAutoCreated: false });
    expect((await login(a, 'Lilac-Ferry-Quartz-42')).statusCode).toBe(200);
  });
});

const topic = {
  topic: 'Capitals of Europe',
  sideOne: 'a country',
  sideTwo: 'its capital',
  tag: '',
  level: 'easy',
  audienceAge: 10,
  language: 'English',
  cardNumber: 3,
};

describe('the welcome job', () => {
  it('mails a created account once however often it runs, and nobody who left or claimed the account', async () => {
    const { school, principal } = await schoolWithPrincipal();
    await t.runJobs();
    const address = email();
    const created = (
      await principal.call('POST', '/api/school/register-student/', {
        first_name: 'Once',
        last_name: 'Only',
        email: address,
      })
    ).json();
    const claimed = await studentOf(school.id, { isAutoCreated: false, autoSchoolAdd: true });
    const job = {
      schoolId: school.id,
      creatorId: principal.user.id,
      created: [created.id, claimed.id],
      invited: [],
    };
    await t.services.schools.sendWelcomeMails(job);
    await t.services.schools.sendWelcomeMails(job);
    await t.runJobs();
    await mail.nextTo(address);
    expect(mail.messages.filter((m) => m.to?.some((to) => to.address === address))).toHaveLength(1);
    expect(mail.messages.some((m) => m.to?.some((to) => to.address === claimed.email))).toBe(false);
  });
});

describe('accounts a school created', () => {
  it('sign in with the initial password, get the reduced menu, and are claimed by set_password', async () => {
    const { school, principal } = await schoolWithPrincipal();
    const address = email();
    const created = (
      await principal.call('POST', '/api/school/register-student/', {
        first_name: 'First',
        last_name: 'Login',
        email: address,
      })
    ).json();
    const signedIn = await login(address, created.initial_password);
    expect(signedIn.statusCode).toBe(200);
    let headers = { authorization: `JWT ${signedIn.json().access}` };
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, payload, headers });
    const me = (await call('GET', '/api/user/users/me/')).json();
    expect(me).toMatchObject({ is_auto_created: true, school_id: school.id });
    expect((await call('GET', '/api/user-groups/list/')).statusCode).toBe(403);
    expect((await call('POST', '/api/card/generate-flashcards/', topic)).statusCode).toBe(403);

    const wrong = await call('POST', '/api/user/users/set_password/', {
      current_password: 'nope',
      new_password: 'Lilac-Ferry-Quartz-42',
      re_new_password: 'Lilac-Ferry-Quartz-42',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ current_password: ['Invalid password.'] });
    const weak = await call('POST', '/api/user/users/set_password/', {
      current_password: created.initial_password,
      new_password: '123',
      re_new_password: '123',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toHaveProperty('new_password');
    const set = await call('POST', '/api/user/users/set_password/', {
      current_password: created.initial_password,
      new_password: 'Lilac-Ferry-Quartz-42',
      re_new_password: 'Lilac-Ferry-Quartz-42',
    });
    expect(set.statusCode, set.body).toBe(200);
    // The new password ended the sessions before it; this one goes on with the pair it was given.
    expect((await call('GET', '/api/user/users/me/')).statusCode).toBe(401);
    headers = { authorization: `JWT ${set.json().access}` };
    expect((await call('GET', '/api/user/users/me/')).json().is_auto_created).toBe(false);
    expect((await call('GET', '/api/user-groups/list/')).statusCode).toBe(200);
    expect((await call('POST', '/api/card/generate-flashcards/', topic)).statusCode).not.toBe(403);
    expect((await login(address, created.initial_password)).statusCode).toBe(401);
    expect((await login(address, 'Lilac-Ferry-Quartz-42')).statusCode).toBe(200);
  });

  it('are findable by members of their school only until claimed', async () => {
    const school = await buildSchool(db());
    const name = word();
    const unclaimed = await studentOf(school.id, {
      lastName: name,
      isAutoCreated: true,
      autoSchoolAdd: true,
    });
    const teacher = await signIn({ schoolId: school.id, isTeacher: true, isOrganizationMember: true });
    const outsider = await signIn();
    const otherSchool = await signIn({ schoolId: (await buildSchool(db())).id, isOrganizationMember: true });
    const found = async (as: Session) =>
      (await as.call('GET', `/api/friends/search-friends/?search=${name}`))
        .json()
        .results.map((p: { id: number }) => p.id);
    expect(await found(teacher)).toEqual([unclaimed.id]);
    expect(await found(outsider)).toEqual([]);
    expect(await found(otherSchool)).toEqual([]);
    await db().update(users).set({ isAutoCreated: false }).where(eq(users.id, unclaimed.id));
    expect(await found(outsider)).toEqual([unclaimed.id]);
  });
});

describe('a principal’s own account', () => {
  it('cannot be deleted by the last principal of a school, but can with a second one', async () => {
    const { school, principal } = await schoolWithPrincipal();
    const refused = await principal.call('DELETE', '/api/remove-user/');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('You are a school principal and cannot delete your account.');
    await buildUser(db(), { schoolId: school.id, isOrganizationHost: true, isOrganizationMember: true });
    expect((await principal.call('DELETE', '/api/remove-user/')).statusCode).toBe(204);
    expect(
      await db()
        .select()
        .from(users)
        .where(inArray(users.id, [principal.user.id])),
    ).toEqual([]);
  });

  it('carries its school in the user response', async () => {
    const { school, principal } = await schoolWithPrincipal();
    expect((await principal.call('GET', '/api/user/users/me/')).json().school_id).toBe(school.id);
    expect((await (await signIn()).call('GET', '/api/user/users/me/')).json().school_id).toBeNull();
  });
});

describe('initial passwords and the student file', () => {
  it('are two groups of five unambiguous characters', () => {
    for (let i = 0; i < 50; i++) expect(initialPassword()).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
  });

  it('reads an unclosed quote as a bad line', () => {
    const file = readStudentFile(Buffer.from('a@example.com,A,B\n"b@example.com,A,B\n'));
    expect(file.bad?.line).toBe(2);
  });
});
