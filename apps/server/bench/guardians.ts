/**
 * The guardians' weekly summaries of a school of 1,500 students in 60 classes, every student with a
 * confirmed guardian, some practice this week, a learning path with progress and three exams (one coming,
 * one graded this week, one missed): the worker's job is timed from its first statement until every
 * summary is queued (the mails are sent by their own jobs afterwards). Run again at once, it queues none.
 * With DATABASE_URL (PostgreSQL) or the embedded database of the bench.
 */
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { loadConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { createServices } from '../src/services';
import { benchTarget, openBenchDatabase, type SeedLog } from './data-set';

export const GUARDIAN_SHAPE = { students: 1500, classes: 60 } as const;
/** The target for preparing the whole school's summaries. */
export const GUARDIAN_TARGET_SECONDS = 60;
const SCHOOL = `Bench guardians school of ${GUARDIAN_SHAPE.students}`;
const teacherEmail = 'bench-guardians-teacher@example.com';

const run = (handle: DatabaseHandle, query: ReturnType<typeof sql>) => handle.db.execute(query);

/** Seeds the school afresh (its practice and exams are dated from now, so a new run needs new ones). */
const seedGuardianSchool = async (handle: DatabaseHandle, log: SeedLog) => {
  const { students, classes } = GUARDIAN_SHAPE;
  log(
    `Seeding ${students} students in ${classes} classes, each with a guardian, practice, a path and exams…`,
  );
  await handle.db.transaction(async (tx) => {
    const step = (query: ReturnType<typeof sql>) => tx.execute(query);
    await step(
      sql`delete from users where email = ${teacherEmail} or email like 'bench-guardians-student-%'`,
    );
    await step(sql`delete from schools where name = ${SCHOOL}`);
    await step(sql`insert into schools (name, available_students) values (${SCHOOL}, ${students})`);
    const school = sql`(select id from schools where name = ${SCHOOL})`;
    await step(sql`insert into school_classes (school_id, name, school_year)
      select ${school}, (5 + c / 6)::text || chr(1040 + c % 6), '2026/2027' from generate_series(0, ${classes - 1}) c`);
    await step(sql`insert into users (email, first_name, last_name, is_active, school_id, is_teacher, is_organization_member)
      values (${teacherEmail}, 'Bench', 'Teacher', true, ${school}, true, true)`);
    await step(sql`insert into users (email, first_name, last_name, is_active, school_id, is_student,
        is_organization_member, school_class_id, language, time_zone)
      select 'bench-guardians-student-' || n || '@example.com', 'Pupil', 'Number ' || n, true, ${school}, true, true,
        (select id from school_classes where school_id = ${school} order by id offset n % ${classes} limit 1),
        (case when n % 3 = 0 then 'en' else 'bg' end)::language, 'Europe/Sofia'
      from generate_series(1, ${students}) n`);
    const pupils = sql`(select id, row_number() over (order by id) as n from users
      where email like 'bench-guardians-student-%')`;
    const teacher = sql`(select id from users where email = ${teacherEmail})`;
    await step(sql`insert into guardians (student_id, email, language, set_by, link_key, token_hash, created_at, confirmed_at)
      select p.id, 'bench-guardians-parent-' || p.n || '@example.com', u.language, 'principal',
        'bench-' || p.id, 'bench-' || p.id, now(), now()
      from ${pupils} p join users u on u.id = p.id`);
    // Practice on every other day of the last week, and a path since a week ago with a day of progress in two.
    await step(sql`insert into user_activity (user_id, day, card_requests)
      select p.id, current_date - d, 10 + (p.n + d) % 20 from ${pupils} p, generate_series(0, 6) d
      where (p.n + d) % 2 = 0`);
    await step(
      sql`insert into categories (name, type_of_cards, user_id) select 'Bench guardians words', 'text', id from ${teacher} t`,
    );
    await step(sql`insert into learning_paths (name, created_by_id, assigned_user_id, category_id, start_at, end_at,
        daily_flip_target, daily_learn_target, deck_size, learned_volume_verbal, learned_volume_typing, verbal, typing)
      select 'Words ' || p.n % 7, t.id, p.id, (select id from categories where user_id = t.id), current_date - 7,
        current_date + 14, 20, 2, 10, 10, 10, true, false
      from ${pupils} p, ${teacher} t`);
    await step(sql`insert into learning_path_progress (path_id, day, flips_verbal)
      select lp.id, current_date - d, 5 + (lp.id + d) % 25 from learning_paths lp, generate_series(0, 6) d
      where lp.created_by_id = (select id from ${teacher} t) and (lp.id + d) % 2 = 0`);
    await step(sql`insert into school_tests (name, created_by_id, excellent_score, very_good_score, good_score, satisfy_score)
      select 'Bench guardians test', id, 4, 3, 2, 1 from ${teacher} t`);
    const test = sql`(select id from school_tests where created_by_id = (select id from ${teacher} t))`;
    // One coming in two days, one graded an hour ago, one missed two hours ago.
    await step(sql`insert into exams (test_id, student_id, teacher_id, start_at, end_at, started_at, completed_at, score, grade)
      select ${test}, p.id, (select id from ${teacher} t), now() + k.start_at, now() + k.end_at,
        case when k.kind = 'graded' then now() + k.start_at end,
        case when k.kind = 'graded' then now() + k.end_at end,
        case when k.kind = 'graded' then 3 end, case when k.kind = 'graded' then 2 + p.n % 5 end
      from ${pupils} p, (values ('coming', interval '2 days', interval '2 days 1 hour'),
        ('graded', interval '-2 hours', interval '-1 hour'),
        ('missed', interval '-3 hours', interval '-2 hours')) as k(kind, start_at, end_at)`);
  });
};

export type GuardiansRun = { seconds: number; queued: number; againSeconds: number; againQueued: number };

/** Seeds the school, then times the weekly job twice: all the summaries, then none (the week is sent). */
export const runGuardiansBench = async (log: SeedLog): Promise<GuardiansRun> => {
  const target = benchTarget();
  const { handle, close } = await openBenchDatabase(target);
  try {
    await seedGuardianSchool(handle, log);
    // Every guardian of the database gets this week's summary, whatever an earlier run sent.
    await run(handle, sql`update guardians set summary_week = null`);
    await run(handle, sql`analyze`);
    const config = loadConfig({
      ...process.env,
      DATABASE_URL: target.kind === 'postgres' ? target.url : undefined,
    });
    const services = await createServices({
      config,
      database: handle,
      log: pino({ level: 'warn' }),
      runJobs: false,
    });
    try {
      log(`Preparing the weekly summaries on ${target.label}…`);
      const started = performance.now();
      const queued = await services.guardians.sendWeeklySummaries();
      const seconds = (performance.now() - started) / 1000;
      const again = performance.now();
      const againQueued = await services.guardians.sendWeeklySummaries();
      const againSeconds = (performance.now() - again) / 1000;
      // The mails were only the measure: none is sent.
      await run(handle, sql`delete from pgboss.job where name = 'mail.send' and state = 'created'`);
      return { seconds, queued, againSeconds, againQueued };
    } finally {
      await services.jobs.stop();
    }
  } finally {
    await close();
  }
};

/** The report's lines. */
export const guardianLines = (result: GuardiansRun) => [
  `Guardians' weekly summaries (${GUARDIAN_SHAPE.students.toLocaleString('en')} students in ${GUARDIAN_SHAPE.classes} classes): ${result.queued} prepared and queued in ${result.seconds.toFixed(2)} s (${result.seconds < GUARDIAN_TARGET_SECONDS ? 'meets' : 'MISSES'} the ${GUARDIAN_TARGET_SECONDS} s target); run again the same week: ${result.againQueued} in ${result.againSeconds.toFixed(2)} s`,
];
