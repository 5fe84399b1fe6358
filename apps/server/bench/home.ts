/**
 * Students' homes: a school of 1,500 students in 60 classes of 25, each class with its teacher; every
 * student has three learning paths running today (with today's progress on one), an exam ahead, a result
 * of last week's exam and a category offered to them. Then the home of a random student
 * (`GET /api/home/`) at a fixed rate, measured over HTTP against the started server.
 */
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/db/client';
import type { SeedLog } from './data-set';
import { type Call, measure, type SchoolPhase, tokensFor } from './school';

export const HOME_SHAPE = { students: 1500, classes: 60, pathsPerStudent: 3 } as const;
/** The home's target (issue 31): every student's home under 50 ms at the 99th percentile. */
export const HOME_P99_MS = 50;
/** The school's name says its shape: a data set of another shape is replaced. */
const SCHOOL = `Bench home school of ${HOME_SHAPE.students} in ${HOME_SHAPE.classes} classes`;

const rowsOf = async <T>(handle: DatabaseHandle, query: ReturnType<typeof sql>) =>
  ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;

export type HomeDataSet = { studentIds: number[] };

/** Seeds the school unless it is there, one set-based statement per table. */
export const seedHomeSchool = async (handle: DatabaseHandle, log: SeedLog): Promise<HomeDataSet> => {
  const { students, classes, pathsPerStudent } = HOME_SHAPE;
  const [existing] = await rowsOf<{ id: number }>(handle, sql`select id from schools where name = ${SCHOOL}`);
  if (!existing) {
    log(`Seeding a school of ${students} students in ${classes} classes for their homes…`);
    const started = performance.now();
    await handle.db.transaction(async (tx) => {
      const run = (query: ReturnType<typeof sql>) => tx.execute(query);
      await run(sql`delete from users where email like 'bench-home-%'`);
      await run(sql`delete from schools where name like 'Bench home school%'`);
      const [school] = (
        (await run(
          sql`insert into schools (name, available_students) values (${SCHOOL}, ${students}) returning id`,
        )) as unknown as { rows: { id: number }[] }
      ).rows;
      const schoolId = school!.id;
      await run(sql`insert into school_classes (school_id, name, school_year)
        select ${schoolId}, (5 + (k - 1) / 10)::text || ' ' || k, '2026/2027' from generate_series(1, ${classes}) k`);
      // A teacher per class, its class teacher.
      await run(sql`insert into users (email, first_name, last_name, is_active, school_id, is_teacher,
          is_organization_member, trial_end_date)
        select 'bench-home-teacher-' || k || '@example.com', 'Teacher', 'Number ' || k, true, ${schoolId}, true, true,
          now() + interval '10 years'
        from generate_series(1, ${classes}) k`);
      await run(sql`insert into class_teachers (class_id, teacher_id, role)
        select c.id, t.id, 'class_teacher' from school_classes c
        join users t on t.email = 'bench-home-teacher-' || split_part(c.name, ' ', 2) || '@example.com'
        where c.school_id = ${schoolId}`);
      await run(sql`insert into users (email, first_name, last_name, is_active, school_id, is_student,
          is_organization_member, school_class_id)
        select 'bench-home-student-' || n || '@example.com', 'Student', 'Number ' || n, true, ${schoolId}, true, true,
          c.id
        from generate_series(1, ${students}) n
        join school_classes c on c.school_id = ${schoolId} and c.name like '% ' || (1 + (n - 1) % ${classes})`);
      // Each teacher's categories of 20 cards, one test of 10 questions, and a category of each offered.
      await run(sql`insert into categories (user_id, name, type_of_cards)
        select t.id, 'Home category ' || k, 'text' from users t, generate_series(1, ${pathsPerStudent}) k
        where t.email like 'bench-home-teacher-%'`);
      await run(sql`insert into cards (category_id, first_side, second_side)
        select c.id, 'Front ' || k, 'Back ' || k from categories c join users t on t.id = c.user_id,
          generate_series(1, 20) k
        where t.email like 'bench-home-teacher-%'`);
      await run(sql`insert into school_tests (name, created_by_id, excellent_score, very_good_score, good_score,
          satisfy_score)
        select 'Home test', t.id, 10, 8, 6, 4 from users t where t.email like 'bench-home-teacher-%'`);
      await run(sql`insert into test_questions (test_id, position, question_text, answer_a, answer_b,
          correct_answer, score_value)
        select s.id, k, 'Question ' || k, 'Yes', 'No', 'a', 1 from school_tests s
        join users t on t.id = s.created_by_id, generate_series(1, 10) k
        where t.email like 'bench-home-teacher-%'`);
      // The class's paths, running today, for each of its students.
      await run(sql`insert into learning_paths (name, created_by_id, assigned_user_id, category_id, start_at, end_at,
          daily_flip_target, daily_learn_target, deck_size, learned_volume_verbal, learned_volume_typing, verbal,
          typing)
        select c.name, ct.teacher_id, s.id, c.id, current_date - 3, current_date + 30, 20, 5, 20, 10, 10, true, false
        from users s join class_teachers ct on ct.class_id = s.school_class_id
        join categories c on c.user_id = ct.teacher_id
        where s.email like 'bench-home-student-%'`);
      await run(sql`insert into learning_path_progress (path_id, day, flips_verbal, learned_verbal)
        select p.id, current_date - d, 12 + d, d % 4 from learning_paths p
        join users s on s.id = p.assigned_user_id, generate_series(0, 2) d
        where s.email like 'bench-home-student-%' and p.name = 'Home category 1'`);
      // An exam ahead, and last week's, completed with its result.
      await run(sql`insert into exams (test_id, student_id, teacher_id, start_at, end_at)
        select st.id, s.id, ct.teacher_id, now() + interval '2 days', now() + interval '2 days 1 hour'
        from users s join class_teachers ct on ct.class_id = s.school_class_id
        join school_tests st on st.created_by_id = ct.teacher_id
        where s.email like 'bench-home-student-%'`);
      await run(sql`insert into exams (test_id, student_id, teacher_id, start_at, end_at, started_at, completed_at,
          completed_by, score, grade)
        select st.id, s.id, ct.teacher_id, now() - interval '3 days', now() - interval '3 days' + interval '1 hour',
          now() - interval '3 days', now() - interval '3 days' + interval '30 minutes', 'student', s.id % 11,
          greatest(2, least(6, 2 + (s.id % 11) / 2))
        from users s join class_teachers ct on ct.class_id = s.school_class_id
        join school_tests st on st.created_by_id = ct.teacher_id
        where s.email like 'bench-home-student-%'`);
      await run(sql`insert into private_offers (category_id, sender_id, receiver_id)
        select c.id, ct.teacher_id, s.id
        from users s join class_teachers ct on ct.class_id = s.school_class_id
        join categories c on c.user_id = ct.teacher_id and c.name = 'Home category 2'
        where s.email like 'bench-home-student-%'`);
    });
    for (const table of [
      'users',
      'school_classes',
      'class_teachers',
      'categories',
      'learning_paths',
      'learning_path_progress',
      'exams',
      'private_offers',
    ])
      await handle.db.execute(sql.raw(`vacuum analyze ${table}`));
    log(`  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const studentIds = (
    await rowsOf<{ id: number }>(
      handle,
      sql`select id from users where email like 'bench-home-student-%' order by id`,
    )
  ).map((row) => row.id);
  return { studentIds };
};

/** The homes of random students at a fixed rate: a few seconds to warm up, then the measured run. */
export const runHomePhase = async (
  url: string,
  data: HomeDataSet,
  options: { secret: string; minutes: number; rate: number; seconds: number; warmup: number },
): Promise<SchoolPhase> => {
  const tokens = await tokensFor(data.studentIds, options.secret, options.minutes);
  // A fixed shuffle (a multiplicative step through the list), so that runs compare.
  const count = data.studentIds.length;
  const homes: Call[] = Array.from({ length: count }, (_, i) => ({
    method: 'GET',
    path: '/api/home/',
    authorization: tokens.get(data.studentIds[(i * 7919) % count]!)!,
  }));
  const name = "a student's home: GET /api/home/";
  await measure(url, name, homes, options.rate, options.warmup);
  return measure(url, name, homes, options.rate, options.seconds);
};
