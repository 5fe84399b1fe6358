/**
 * The gradebook's data set and load: a class of 30 students of a school, its class teacher, and 40 tests
 * of the teacher each given to every student this school year (1,200 exams: most graded, some missed, the
 * last ones not yet open); then the class's gradebook, asked at a fixed rate over HTTP against the started
 * server (issue: under 100 ms for 30 students by 40 exams).
 */
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/db/client';
import type { SeedLog } from './data-set';
import { type Call, measure, type SchoolPhase, tokensFor } from './school';

export const GRADEBOOK_SHAPE = { students: 30, exams: 40 } as const;
/** The p99 target of the gradebook call (issue: under 100 ms). */
export const GRADEBOOK_P99_MS = 100;
/** The seeded school's name: a data set of another version is replaced. */
const SCHOOL = 'Bench gradebook school 1';
const teacherEmail = 'bench-gradebook-teacher@example.com';

const rowsOf = async <T>(handle: DatabaseHandle, query: ReturnType<typeof sql>) =>
  ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;

export type GradebookDataSet = { teacherId: number; classId: number };

/** Seeds the class unless it is there, one set-based statement per table. */
export const seedGradebook = async (handle: DatabaseHandle, log: SeedLog): Promise<GradebookDataSet> => {
  const { students, exams } = GRADEBOOK_SHAPE;
  const [existing] = await rowsOf<{ id: number }>(handle, sql`select id from schools where name = ${SCHOOL}`);
  if (!existing) {
    log(`Seeding the gradebook: a class of ${students} students with ${exams} exams each…`);
    await handle.db.transaction(async (tx) => {
      const run = (query: ReturnType<typeof sql>) => tx.execute(query);
      await run(
        sql`delete from users where email = ${teacherEmail} or email like 'bench-gradebook-student-%'`,
      );
      const [school] = (
        (await run(
          sql`insert into schools (name, available_students) values (${SCHOOL}, ${students}) returning id`,
        )) as unknown as { rows: { id: number }[] }
      ).rows;
      // The school year of today, as the server names it (classes.policy.ts: from 1 August).
      const [schoolClass] = (
        (await run(sql`insert into school_classes (school_id, name, school_year)
          select ${school!.id}, '7А', y || '/' || (y + 1)
          from (select extract(year from now() - interval '7 months')::int as y) years
          returning id`)) as unknown as { rows: { id: number }[] }
      ).rows;
      await run(sql`insert into users (email, first_name, last_name, is_active, school_id, is_teacher,
          is_organization_member, trial_end_date)
        values (${teacherEmail}, 'Bench', 'Teacher', true, ${school!.id}, true, true, now() + interval '10 years')`);
      await run(sql`insert into users (email, first_name, last_name, is_active, school_id, is_student,
          is_organization_member, school_class_id)
        select 'bench-gradebook-student-' || n || '@example.com', 'Student', 'Number ' || n, true,
          ${school!.id}, true, true, ${schoolClass!.id}
        from generate_series(1, ${students}) n`);
      await run(sql`insert into class_teachers (class_id, teacher_id, role)
        select ${schoolClass!.id}, id, 'class_teacher'::class_teacher_role from users where email = ${teacherEmail}`);
      await run(sql`insert into school_tests (name, created_by_id, excellent_score, very_good_score, good_score,
          satisfy_score)
        select 'Test ' || k, u.id, 9, 7, 5, 3 from users u, generate_series(1, ${exams}) k
        where u.email = ${teacherEmail}`);
      // Test k opened k days ago for an hour (the last two open tomorrow): every 7th exam was missed.
      await run(sql`insert into exams (test_id, student_id, teacher_id, start_at, end_at, started_at,
          completed_at, completed_by, score, grade)
        select t.id, s.id, t.created_by_id, w.start_at, w.start_at + interval '1 hour',
          case when w.done and (s.id + k) % 7 <> 0 then w.start_at end,
          case when w.done and (s.id + k) % 7 <> 0 then w.start_at + interval '30 minutes' end,
          case when w.done and (s.id + k) % 7 <> 0 then 'student' end,
          case when w.done and (s.id + k) % 7 <> 0 then (s.id * k) % 10 end,
          case when w.done and (s.id + k) % 7 <> 0 then 2 + (s.id * k) % 5 end
        from school_tests t
          join users tu on tu.id = t.created_by_id and tu.email = ${teacherEmail}
          cross join lateral (select substring(t.name from 6)::int as k) kk
          cross join lateral (select
            date_trunc('day', now()) - (${exams} - 2 - kk.k) * interval '1 day' as start_at,
            kk.k <= ${exams} - 2 as done) w
          join users s on s.school_class_id = ${schoolClass!.id}`);
    });
    for (const table of ['exams', 'school_tests', 'users', 'class_teachers', 'school_classes'])
      await handle.db.execute(sql.raw(`vacuum analyze ${table}`));
  }
  const [row] = await rowsOf<{ teacher_id: number; class_id: number }>(
    handle,
    sql`select ct.teacher_id, ct.class_id from class_teachers ct join users u on u.id = ct.teacher_id
      where u.email = ${teacherEmail}`,
  );
  return { teacherId: row!.teacher_id, classId: row!.class_id };
};

/** The class teacher asks for the gradebook at `rate` req/s: a warm-up, then the measured run. */
export const runGradebookPhase = async (
  url: string,
  data: GradebookDataSet,
  options: { secret: string; minutes: number; rate: number; seconds: number; warmup: number },
): Promise<SchoolPhase> => {
  const tokens = await tokensFor([data.teacherId], options.secret, options.minutes);
  const calls: Call[] = [
    {
      method: 'GET',
      path: `/api/school/classes/${data.classId}/gradebook/`,
      authorization: tokens.get(data.teacherId)!,
    },
  ];
  const name = `class gradebook (${GRADEBOOK_SHAPE.students} students × ${GRADEBOOK_SHAPE.exams} exams): GET /api/school/classes/{id}/gradebook/`;
  await measure(url, name, calls, options.rate, options.warmup);
  return measure(url, name, calls, options.rate, options.seconds);
};
