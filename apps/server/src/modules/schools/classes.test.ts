import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildSchool, buildSchoolTest, buildUser } from '../../../test/factories';
import { type Session, signIn as signInAs } from '../../../test/session';
import { classTeachers, exams, schoolClasses, schoolTests, users } from '../../db/schema';
import { schoolYearOf } from './classes.policy';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let unique = 0;
const email = () => `class${++unique}${Math.random().toString(36).slice(2, 7)}@example.com`;
const db = () => t.database.db;
const signIn = (overrides: Parameters<typeof signInAs>[1] = {}) => signInAs(t, overrides);

/** A school with a signed-in principal, a teacher of 7А (signed in), a teacher of no class, and students. */
const schoolWithClasses = async () => {
  const school = await buildSchool(db(), { availableStudents: 50 });
  const member = { schoolId: school.id, isOrganizationMember: true };
  const principal = await signIn({ ...member, isOrganizationHost: true });
  const teacher = await signIn({ ...member, isTeacher: true });
  const colleague = await signIn({ ...member, isTeacher: true });
  const a = await principal.call('POST', '/api/school/classes/', { name: '7А', school_year: '2026/2027' });
  const b = await principal.call('POST', '/api/school/classes/', { name: '7Б', school_year: '2026/2027' });
  const [classA, classB] = [a.json().id as number, b.json().id as number];
  const student = (classId: number) =>
    buildUser(db(), { ...member, isStudent: true, email: email(), schoolClassId: classId });
  const [inA, inB] = [await student(classA), await student(classB)];
  const assigned = await principal.call('PUT', `/api/school/classes/${classA}/teachers/${teacher.user.id}/`, {
    role: 'class_teacher',
  });
  expect(assigned.statusCode).toBe(200);
  return { school, principal, teacher, colleague, classA, classB, inA, inB };
};

const csv = (text: string) => ({ file: { name: 'students.csv', type: 'text/csv', data: Buffer.from(text) } });
const upload = (as: Session, text: string) =>
  as.send('POST', '/api/school/bulk-create-users/', {}, csv(text));
const classOf = async (address: string) => {
  const [row] = await db()
    .select({ name: schoolClasses.name, year: schoolClasses.schoolYear })
    .from(users)
    .leftJoin(schoolClasses, eq(schoolClasses.id, users.schoolClassId))
    .where(eq(users.email, address));
  return row;
};

describe('a school year', () => {
  it('starts on 1 August', () => {
    expect(schoolYearOf(new Date('2026-07-31T23:59:00Z'))).toBe('2025/2026');
    expect(schoolYearOf(new Date('2026-08-01T00:00:00Z'))).toBe('2026/2027');
  });
});

describe('the principal manages classes', () => {
  it('creates, lists with counts, renames and deletes classes; a name is unique per year', async () => {
    t.clock.set(new Date('2026-09-15T08:00:00Z'));
    const { principal, classA, classB, teacher } = await schoolWithClasses();
    const list = await principal.call('GET', '/api/school/classes/');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({ id: classA, name: '7А', students: 1, teachers: 1 }),
      expect.objectContaining({ id: classB, name: '7Б', students: 1, teachers: 0, class_teacher: null }),
    ]);
    expect(list.json()[0].class_teacher).toBe(`${teacher.user.firstName} ${teacher.user.lastName}`.trim());
    const twice = await principal.call('POST', '/api/school/classes/', {
      name: '7а',
      school_year: '2026/2027',
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().name).toBeDefined();
    const nextYear = await principal.call('POST', '/api/school/classes/', {
      name: '7А',
      school_year: '2027/2028',
    });
    expect(nextYear.statusCode).toBe(201);
    const badYear = await principal.call('POST', '/api/school/classes/', {
      name: '8А',
      school_year: '2026/2028',
    });
    expect(badYear.statusCode).toBe(400);

    const current = await principal.call('POST', '/api/school/classes/', { name: '5В' });
    expect(current.json()).toMatchObject({ name: '5В', school_year: '2026/2027', students: 0 });

    const renamed = await principal.call('PATCH', `/api/school/classes/${classB}/`, { name: '7В' });
    expect(renamed.json()).toMatchObject({ name: '7В' });
    const clash = await principal.call('PATCH', `/api/school/classes/${classB}/`, { name: '7А' });
    expect(clash.statusCode).toBe(400);

    expect((await principal.call('DELETE', `/api/school/classes/${classB}/`)).statusCode).toBe(204);
    const rows = await db().select().from(schoolClasses).where(eq(schoolClasses.id, classB));
    expect(rows).toEqual([]);
  });

  it('lists the newest year first, then by the grade a name starts with, then by name', async () => {
    const school = await buildSchool(db(), { availableStudents: 5 });
    const principal = await signIn({
      schoolId: school.id,
      isOrganizationMember: true,
      isOrganizationHost: true,
    });
    for (const [name, year] of [
      ['10Б', '2026/2027'],
      ['Подготвителна', '2026/2027'],
      ['7Б', '2026/2027'],
      ['7А', '2026/2027'],
      ['12А', '2025/2026'],
    ])
      expect(
        (await principal.call('POST', '/api/school/classes/', { name, school_year: year })).statusCode,
      ).toBe(201);
    const listed = await principal.call('GET', '/api/school/classes/');
    expect(listed.json().map((item: { name: string }) => item.name)).toEqual([
      '7А',
      '7Б',
      '10Б',
      'Подготвителна',
      '12А',
    ]);
  });

  it('moves a student between classes, and shows the class in the student list', async () => {
    const { principal, classB, inA, teacher } = await schoolWithClasses();
    const moved = await principal.call('PUT', `/api/school/school-students/${inA.id}/class/`, {
      class_id: classB,
    });
    expect(moved.statusCode).toBe(204);
    const list = await principal.call('GET', `/api/school/school-students/?search=${inA.email}`);
    expect(list.json().results[0].school_class).toMatchObject({ id: classB, name: '7Б' });
    const none = await principal.call('PUT', `/api/school/school-students/${inA.id}/class/`, {
      class_id: null,
    });
    expect(none.statusCode).toBe(204);
    expect(await classOf(inA.email)).toEqual({ name: null, year: null });
    // Only students have a class.
    const ofTeacher = await principal.call('PUT', `/api/school/school-students/${teacher.user.id}/class/`, {
      class_id: classB,
    });
    expect(ofTeacher.statusCode).toBe(400);
  });

  it('names one class teacher and subject teachers; only teachers of the school', async () => {
    const { principal, teacher, colleague, classA, inA } = await schoolWithClasses();
    const second = await principal.call(
      'PUT',
      `/api/school/classes/${classA}/teachers/${colleague.user.id}/`,
      {
        role: 'class_teacher',
      },
    );
    expect(second.statusCode).toBe(400);
    const subject = await principal.call(
      'PUT',
      `/api/school/classes/${classA}/teachers/${colleague.user.id}/`,
      {
        role: 'subject_teacher',
      },
    );
    expect(subject.statusCode).toBe(200);
    expect(subject.json().teacher_list).toEqual([
      expect.objectContaining({ id: teacher.user.id, role: 'class_teacher' }),
      expect.objectContaining({ id: colleague.user.id, role: 'subject_teacher' }),
    ]);
    const student = await principal.call('PUT', `/api/school/classes/${classA}/teachers/${inA.id}/`, {
      role: 'subject_teacher',
    });
    expect(student.statusCode).toBe(400);
    expect(
      (await principal.call('DELETE', `/api/school/classes/${classA}/teachers/${colleague.user.id}/`))
        .statusCode,
    ).toBe(204);
    const left = await db().select().from(classTeachers).where(eq(classTeachers.classId, classA));
    expect(left.map((row) => row.teacherId)).toEqual([teacher.user.id]);
  });

  it("another school's classes and students do not exist; a teacher cannot manage", async () => {
    const { principal, teacher, classA, inA } = await schoolWithClasses();
    const other = await schoolWithClasses();
    const foreign = [
      other.principal.call('GET', `/api/school/classes/${classA}/`),
      other.principal.call('PATCH', `/api/school/classes/${classA}/`, { name: 'X' }),
      other.principal.call('DELETE', `/api/school/classes/${classA}/`),
      other.principal.call('PUT', `/api/school/classes/${classA}/teachers/${other.teacher.user.id}/`, {
        role: 'subject_teacher',
      }),
      other.principal.call('PUT', `/api/school/school-students/${inA.id}/class/`, { class_id: other.classA }),
      principal.call('PUT', `/api/school/school-students/${inA.id}/class/`, { class_id: other.classA }),
      principal.call('PUT', `/api/school/classes/${classA}/teachers/${other.teacher.user.id}/`, {
        role: 'subject_teacher',
      }),
    ];
    for (const response of await Promise.all(foreign)) expect(response.statusCode).toBe(404);
    expect((await teacher.call('GET', '/api/school/classes/')).statusCode).toBe(403);
    expect((await teacher.call('PATCH', `/api/school/classes/${classA}/`, { name: 'X' })).statusCode).toBe(
      403,
    );
    expect(await classOf(inA.email)).toMatchObject({ name: '7А' });
  });
});

describe('teachers see their classes', () => {
  it('a teacher of 7А reaches its students, not 7Б’s unless they teach it', async () => {
    const { principal, teacher, colleague, classA, classB, inA, inB } = await schoolWithClasses();
    const mine = await teacher.call('GET', '/api/school/my-classes/');
    expect(mine.json()).toEqual([expect.objectContaining({ id: classA, name: '7А', role: 'class_teacher' })]);
    const page = await teacher.call('GET', `/api/school/classes/${classA}/`);
    expect(page.statusCode).toBe(200);
    expect(page.json().student_list).toEqual([
      { id: inA.id, first_name: inA.firstName, last_name: inA.lastName, email: inA.email },
    ]);
    expect((await teacher.call('GET', `/api/school/classes/${classB}/`)).statusCode).toBe(404);
    expect((await colleague.call('GET', `/api/school/classes/${classA}/`)).statusCode).toBe(404);
    expect((await colleague.call('GET', '/api/school/my-classes/')).json()).toEqual([]);

    await principal.call('PUT', `/api/school/classes/${classB}/teachers/${teacher.user.id}/`, {
      role: 'subject_teacher',
    });
    const b = await teacher.call('GET', `/api/school/classes/${classB}/`);
    expect(b.json().student_list.map((s: { id: number }) => s.id)).toEqual([inB.id]);
    expect((await teacher.call('GET', '/api/school/my-classes/')).json()).toHaveLength(2);

    // A teacher who leaves the school keeps no reach.
    await db().update(users).set({ schoolId: null, isTeacher: false }).where(eq(users.id, teacher.user.id));
    expect((await teacher.call('GET', `/api/school/classes/${classA}/`)).statusCode).toBe(404);
  });
});

describe('the CSV of students with classes', () => {
  it('the three columns of the spec keep working; a fourth column puts students in classes', async () => {
    t.clock.set(new Date('2026-10-01T08:00:00Z'));
    const { principal, inA } = await schoolWithClasses();
    const [plain, a, b] = [email(), email(), email()];
    const three = await upload(principal, `${plain},Ana,Petrova\n`);
    expect(three.statusCode).toBe(201);
    expect(three.json().rows[0]).toMatchObject({ email: plain, class_name: '', action: 'create' });
    expect(await classOf(plain)).toEqual({ name: null, year: null });

    const four = await upload(
      principal,
      `Email,First Name,Last Name,Class\n${a},Ana,Ivanova,8А\n${b},Boris,Ivanov,8а\n${inA.email},X,Y,8А\n`,
    );
    expect(four.statusCode).toBe(201);
    expect(await classOf(a)).toEqual({ name: '8А', year: '2026/2027' });
    expect(await classOf(b)).toEqual({ name: '8А', year: '2026/2027' });
    // A student already in the school moves to the class the line names.
    expect(await classOf(inA.email)).toEqual({ name: '8А', year: '2026/2027' });
    const list = (await principal.call('GET', '/api/school/classes/')).json();
    expect(list.filter((c: { name: string }) => c.name === '8А')).toEqual([
      expect.objectContaining({ students: 3, school_year: '2026/2027' }),
    ]);
  });

  it('a class name too long is a bad line, and nothing is stored', async () => {
    const { principal } = await schoolWithClasses();
    const good = email();
    const response = await upload(
      principal,
      `${good},Ana,Petrova,7А\n${email()},Bo,Ivanov,${'x'.repeat(51)}\n`,
    );
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('Line 2');
    expect(await classOf(good)).toBeUndefined();
  });
});

describe('OneRoster 1.1 CSV', () => {
  const files = (overrides: Partial<Record<'orgs' | 'classes' | 'users' | 'enrollments', string>> = {}) => {
    const [s1, s2, t1] = [email(), email(), email()];
    const text = {
      orgs: 'sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId\norg1,,,Sofia School,school,,\n',
      classes:
        'sourcedId,status,dateLastModified,title,grades,courseSourcedId,classCode,classType,location,schoolSourcedId,termSourcedIds\n' +
        'c1,,,9А,09,,,homeroom,,org1,t1\nc2,,,9Б,09,,,homeroom,,org1,t1\n',
      users:
        'sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,middleName,identifier,email\n' +
        `u1,,,true,org1,student,,,Ana,Petrova,,,${s1}\n` +
        `u2,,,true,org1,student,,,Boris,Ivanov,,,${s2}\n` +
        `u3,,,true,org1,teacher,,,Vera,Koleva,,,${t1}\n` +
        'p1,,,true,org1,parent,,,Parent,Petrov,,,\n',
      enrollments:
        'sourcedId,status,dateLastModified,classSourcedId,schoolSourcedId,userSourcedId,role,primary\n' +
        'e1,,,c1,org1,u1,student,false\ne2,,,c2,org1,u2,student,false\ne3,,,c1,org1,u3,teacher,true\ne4,,,c2,org1,u3,teacher,false\n',
      ...overrides,
    };
    const parts = Object.fromEntries(
      Object.entries(text).map(([name, data]) => [
        name,
        { name: `${name}.csv`, type: 'text/csv', data: Buffer.from(data) },
      ]),
    );
    return { parts, s1, s2, t1, text };
  };

  it('creates the classes, students and teachers and puts them in their classes', async () => {
    t.clock.set(new Date('2026-10-01T08:00:00Z'));
    const { principal } = await schoolWithClasses();
    const { parts, s1, s2, t1 } = files();
    const response = await principal.send('POST', '/api/school/oneroster/', {}, parts);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ classes: 2, students: 2, teachers: 1, invited: 0 });
    expect(await classOf(s1)).toEqual({ name: '9А', year: '2026/2027' });
    expect(await classOf(s2)).toEqual({ name: '9Б', year: '2026/2027' });
    const teacher = (await db().select().from(users).where(eq(users.email, t1)))[0]!;
    expect(teacher).toMatchObject({ isTeacher: true, isStudent: false, schoolClassId: null });
    const taught = await db().select().from(classTeachers).where(eq(classTeachers.teacherId, teacher.id));
    expect(taught.map((row) => row.role).sort()).toEqual(['class_teacher', 'subject_teacher']);
  });

  it('a bad row is named with its file and line, and nothing is stored', async () => {
    const { principal } = await schoolWithClasses();
    const { parts, s1, text } = files();
    const bad = files({ enrollments: `${text.enrollments}e5,,,c9,org1,u2,student,false\n` });
    const response = await principal.send(
      'POST',
      '/api/school/oneroster/',
      {},
      { ...parts, enrollments: bad.parts.enrollments! },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().file[0]).toMatch(/enrollments\.csv, line 6: "c9" is not in classes\.csv/);
    expect(await classOf(s1)).toBeUndefined();

    const twoClasses = files({ enrollments: `${text.enrollments}e5,,,c2,org1,u1,student,false\n` });
    const second = await principal.send(
      'POST',
      '/api/school/oneroster/',
      {},
      { ...parts, enrollments: twoClasses.parts.enrollments! },
    );
    expect(second.json().file[0]).toMatch(/enrollments\.csv, line 6: .*one class/);

    const badEmail = files({ users: text.users.replace(s1, 'not-an-email') });
    const third = await principal.send(
      'POST',
      '/api/school/oneroster/',
      {},
      { ...parts, users: badEmail.parts.users! },
    );
    expect(third.json().file[0]).toMatch(/users\.csv, line 2: "not-an-email"/);

    const missing = await principal.send('POST', '/api/school/oneroster/', {}, { orgs: parts.orgs! });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().classes).toBeDefined();
  });

  it('refuses a class teacher for a class of the school that has another, naming the enrollment', async () => {
    t.clock.set(new Date('2026-10-01T08:00:00Z'));
    // 7А of 2026/2027 has its class teacher already; the files name another one for it.
    const { principal } = await schoolWithClasses();
    const { parts, s1 } = files({ classes: files().text.classes.replace(',9А,', ',7А,') });
    const response = await principal.send('POST', '/api/school/oneroster/', {}, parts);
    expect(response.statusCode).toBe(400);
    expect(response.json().file[0]).toMatch(
      /enrollments\.csv, line 4: the class already has another class teacher/,
    );
    expect(await classOf(s1)).toBeUndefined();
  });

  it('is the principal’s only', async () => {
    const { teacher } = await schoolWithClasses();
    const { parts } = files();
    expect((await teacher.send('POST', '/api/school/oneroster/', {}, parts)).statusCode).toBe(403);
  });
});

describe('the gradebook', () => {
  /** A test of the teacher named `name`, given as an exam to the student with this outcome. */
  const testNamed = async (teacherId: number, name: string) => {
    const test = await buildSchoolTest(db(), teacherId);
    await db().update(schoolTests).set({ name }).where(eq(schoolTests.id, test.id));
    return test.id;
  };
  const exam = (
    testId: number,
    teacherId: number,
    studentId: number,
    start: string,
    outcome: { grade: number } | 'missed' | 'waiting',
  ) => {
    const startAt = new Date(start);
    const endAt = new Date(startAt.getTime() + 3_600_000);
    const done = typeof outcome === 'object';
    return db()
      .insert(exams)
      .values({
        testId,
        studentId,
        teacherId,
        startAt,
        endAt,
        startedAt: done ? startAt : null,
        completedAt: done ? endAt : null,
        completedBy: done ? 'student' : null,
        score: done ? outcome.grade : null,
        grade: done ? outcome.grade : null,
      });
  };

  /** 7А with two students and exams of five tests this school year, one of last year and one of 7Б. */
  const gradedClass = async () => {
    t.clock.set(new Date('2026-10-20T08:00:00Z'));
    const setup = await schoolWithClasses();
    const { school, teacher, classA, inA, inB } = setup;
    await db().update(users).set({ firstName: 'Анна', lastName: 'Петрова' }).where(eq(users.id, inA.id));
    const second = await buildUser(db(), {
      schoolId: school.id,
      isOrganizationMember: true,
      isStudent: true,
      email: email(),
      firstName: 'Борис',
      lastName: 'Иванов',
      schoolClassId: classA,
    });
    const me = teacher.user.id;
    const rivers = await testNamed(me, 'Реки');
    const formula = await testNamed(me, '=HYPERLINK("http://evil.example")');
    const later = await testNamed(me, 'Планини');
    const seas = await testNamed(me, 'Морета');
    const lakes = await testNamed(me, 'Езера');
    const old = await testNamed(me, 'Миналогодишен');
    await exam(rivers, me, inA.id, '2026-10-01T07:00:00Z', { grade: 5 });
    await exam(rivers, me, second.id, '2026-10-02T07:00:00Z', { grade: 6 });
    await exam(formula, me, inA.id, '2026-10-05T07:00:00Z', 'missed');
    await exam(seas, me, inA.id, '2026-10-10T07:00:00Z', { grade: 5 });
    await exam(lakes, me, inA.id, '2026-10-12T07:00:00Z', { grade: 4 });
    await exam(later, me, inA.id, '2026-10-25T07:00:00Z', 'waiting');
    await exam(old, me, inA.id, '2026-06-01T07:00:00Z', { grade: 2 });
    await exam(rivers, me, inB.id, '2026-10-01T07:00:00Z', { grade: 3 });
    return { ...setup, second, tests: { rivers, formula, later, seas, lakes } };
  };

  it("shows the class's students by the exams of the school year, with absent and pending cells and averages", async () => {
    const { teacher, classA, inA, second, tests } = await gradedClass();
    t.database.queries.length = 0;
    const response = await teacher.call('GET', `/api/school/classes/${classA}/gradebook/`);
    expect(response.statusCode, response.body).toBe(200);
    const queries = t.database.queries.length;
    const book = response.json();
    expect(book.class).toMatchObject({ id: classA, name: '7А', school_year: '2026/2027' });
    expect(book.columns.map((column: { test_id: number }) => column.test_id)).toEqual([
      tests.rivers,
      tests.formula,
      tests.seas,
      tests.lakes,
      tests.later,
    ]);
    expect(book.columns[0]).toEqual({
      test_id: tests.rivers,
      assignment: null,
      name: 'Реки',
      date: '2026-10-01T07:00:00.000Z',
    });
    const graded = (grade: number) => ({ state: 'graded', grade });
    expect(book.students).toEqual([
      {
        id: inA.id,
        first_name: 'Анна',
        last_name: 'Петрова',
        cells: [
          graded(5),
          { state: 'absent', grade: null },
          graded(5),
          graded(4),
          { state: 'pending', grade: null },
        ],
        average: 4.67,
      },
      {
        id: second.id,
        first_name: 'Борис',
        last_name: 'Иванов',
        cells: [graded(6), ...Array.from({ length: 4 }, () => ({ state: 'not_given', grade: null }))],
        average: 6,
      },
    ]);

    // A fixed number of queries, however many students and exams.
    for (let index = 0; index < 3; index++) {
      const more = await buildUser(db(), {
        schoolId: inA.schoolId,
        isOrganizationMember: true,
        isStudent: true,
        email: email(),
        schoolClassId: classA,
      });
      await exam(tests.lakes, teacher.user.id, more.id, '2026-10-12T07:00:00Z', { grade: 3 });
    }
    t.database.queries.length = 0;
    const bigger = await teacher.call('GET', `/api/school/classes/${classA}/gradebook/`);
    expect(bigger.json().students).toHaveLength(5);
    expect(t.database.queries.length).toBe(queries);
  });

  it('grades an attempt whose end has come before showing it', async () => {
    const { teacher, classA, inA } = await gradedClass();
    const test = await testNamed(teacher.user.id, 'Острови');
    await db()
      .insert(exams)
      .values({
        testId: test,
        studentId: inA.id,
        teacherId: teacher.user.id,
        startAt: new Date('2026-10-20T07:00:00Z'),
        endAt: new Date('2026-10-20T07:30:00Z'),
        startedAt: new Date('2026-10-20T07:05:00Z'),
      });
    const book = (await teacher.call('GET', `/api/school/classes/${classA}/gradebook/`)).json();
    const index = book.columns.findIndex((column: { test_id: number }) => column.test_id === test);
    // No answers: the fail grade, counted in the average.
    expect(book.students[0].cells[index]).toEqual({ state: 'graded', grade: 2 });
  });

  it('exports the CSV e-diaries take in, in the language of the request, formula-safe', async () => {
    const { teacher, classA } = await gradedClass();
    const response = await teacher.call('GET', `/api/school/classes/${classA}/gradebook/export/`, undefined, {
      'accept-language': 'bg',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain(
      encodeURIComponent('7А 2026/2027'.replace('/', ' ')),
    );
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const lines = response.body.slice(1).trimEnd().split('\r\n');
    expect(lines).toEqual([
      `№,Име,Реки (01.10.2026),"'=HYPERLINK(""http://evil.example"") (05.10.2026)",Морета (10.10.2026),Езера (12.10.2026),Планини (25.10.2026),Среден успех`,
      '1,Анна Петрова,5,отсъства,5,4,,"4,67"',
      '2,Борис Иванов,6,,,,,"6,00"',
    ]);
    const english = await teacher.call('GET', `/api/school/classes/${classA}/gradebook/export/`, undefined, {
      'accept-language': 'en',
    });
    expect(english.body.slice(1).split('\r\n')[1]).toBe('1,Анна Петрова,5,absent,5,4,,4.67');
  });

  it("reaches the class's teachers and the school's principals only", async () => {
    const { principal, teacher, colleague, classA, classB, school } = await gradedClass();
    const book = (as: Session, id: number) => as.call('GET', `/api/school/classes/${id}/gradebook/`);
    const file = (as: Session, id: number) => as.call('GET', `/api/school/classes/${id}/gradebook/export/`);
    expect((await book(teacher, classA)).statusCode).toBe(200);
    expect((await book(teacher, classB)).statusCode).toBe(404);
    expect((await file(teacher, classB)).statusCode).toBe(404);
    expect((await book(colleague, classA)).statusCode).toBe(404);
    expect((await book(principal, classB)).statusCode).toBe(200);
    expect((await file(principal, classB)).statusCode).toBe(200);
    const student = await signIn({
      schoolId: school.id,
      isOrganizationMember: true,
      isStudent: true,
      schoolClassId: classA,
    });
    expect((await book(student, classA)).statusCode).toBe(404);
    const elsewhere = await buildSchool(db());
    const otherPrincipal = await signIn({
      schoolId: elsewhere.id,
      isOrganizationMember: true,
      isOrganizationHost: true,
    });
    expect((await book(otherPrincipal, classA)).statusCode).toBe(404);
    // A subject teacher of 7Б reaches it once named.
    await principal.call('PUT', `/api/school/classes/${classB}/teachers/${colleague.user.id}/`, {
      role: 'subject_teacher',
    });
    expect((await book(colleague, classB)).statusCode).toBe(200);
    expect((await book(colleague, classA)).statusCode).toBe(404);
  });
});
