/**
 * The school's data set and loads: a school of 1,000 students, each with 30 learning paths of its teacher
 * (30,000 paths over 30 categories of 20 cards, each student's rows and five days of progress on every
 * path) and two categories of their own; then the teacher's paths page, a student's report page and a path
 * answer, each at a fixed rate and measured over HTTP against the started server.
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import type { DatabaseHandle } from '../src/db/client';
import type { SeedLog } from './data-set';

export const SCHOOL_SHAPE = { students: 1000, pathsPerStudent: 30, cardsPerCategory: 20 } as const;
/** The seeded school's name: a data set of another version is replaced. */
const SCHOOL = 'Bench school 1';
const teacherEmail = 'bench-teacher@example.com';
const studentEmail = (n: number) => `bench-student-${n}@example.com`;

const rowsOf = async <T>(handle: DatabaseHandle, query: ReturnType<typeof sql>) =>
  ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;

export type SchoolDataSet = {
  teacherId: number;
  studentIds: number[];
  answerRows: { userId: number; rowId: number }[];
};

/** Seeds the school unless it is there, one set-based statement per table; answers what the loads need. */
export const seedSchool = async (handle: DatabaseHandle, log: SeedLog): Promise<SchoolDataSet> => {
  const { students, pathsPerStudent, cardsPerCategory } = SCHOOL_SHAPE;
  const [existing] = await rowsOf<{ id: number }>(handle, sql`select id from schools where name = ${SCHOOL}`);
  if (!existing) {
    log(`Seeding the school: ${students} students with ${pathsPerStudent} learning paths each…`);
    const started = performance.now();
    await handle.db.transaction(async (tx) => {
      const run = (query: ReturnType<typeof sql>) => tx.execute(query);
      await run(sql`delete from users where email = ${teacherEmail} or email like 'bench-student-%'`);
      const [school] = (
        (await run(
          sql`insert into schools (name, available_students) values (${SCHOOL}, ${students}) returning id`,
        )) as unknown as { rows: { id: number }[] }
      ).rows;
      await run(sql`insert into users (email, first_name, last_name, is_active, school_id, is_teacher,
          is_organization_member, trial_end_date)
        values (${teacherEmail}, 'Bench', 'Teacher', true, ${school!.id}, true, true, now() + interval '10 years')`);
      await run(sql`insert into users (email, first_name, last_name, is_active, school_id, is_student, is_organization_member)
        select 'bench-student-' || n || '@example.com', 'Student', 'Number ' || n, true, ${school!.id}, true, true
        from generate_series(1, ${students}) n`);
      // The teacher's categories, and two of each student's own, with their cards.
      await run(sql`insert into categories (user_id, name, type_of_cards, created_at)
        select u.id, 'Path category ' || k, 'text', now() - (k || ' minutes')::interval
        from users u, generate_series(1, ${pathsPerStudent}) k where u.email = ${teacherEmail}`);
      await run(sql`insert into categories (user_id, name, type_of_cards, created_at)
        select u.id, 'Own category ' || k, 'text', now() - (k || ' days')::interval
        from users u, generate_series(1, 2) k where u.email like 'bench-student-%'`);
      await run(sql`insert into cards (category_id, first_side, second_side, tag, guesses_score, incorrect_guesses_score)
        select c.id, 'Front ' || k, 'Back ' || k, case when k % 2 = 0 then 'even' else 'odd' end, k % 12, k % 3
        from categories c join users u on u.id = c.user_id, generate_series(1, ${cardsPerCategory}) k
        where u.email = ${teacherEmail} or u.email like 'bench-student-%'`);
      await run(sql`insert into learning_paths (name, created_by_id, assigned_user_id, category_id, tags, start_at, end_at,
          daily_flip_target, daily_learn_target, deck_size, learned_volume_verbal, learned_volume_typing, verbal, typing, created_at)
        select c.name, t.id, s.id, c.id, case when s.id % 3 = 0 then '{even}'::text[] else '{}'::text[] end,
          '2000-01-01', '2999-12-31', 20, 5, 20, 10, 10, true, true, c.created_at + (s.id || ' seconds')::interval
        from users t join categories c on c.user_id = t.id, users s
        where t.email = ${teacherEmail} and s.email like 'bench-student-%'`);
      await run(sql`insert into learning_path_cards (path_id, card_id, guesses_score, incorrect_guesses_score)
        select p.id, k.id, (p.id + k.id) % 12, (p.id + 2 * k.id) % 3
        from learning_paths p join cards k on k.category_id = p.category_id
          and (cardinality(p.tags) = 0 or k.tag = any(p.tags))
        join users t on t.id = p.created_by_id where t.email = ${teacherEmail}`);
      await run(sql`insert into learning_path_progress (path_id, day, flips_verbal, flips_typing, learned_verbal, learned_typing)
        select p.id, current_date - d, 10 + d, d, d % 3, d % 2
        from learning_paths p join users t on t.id = p.created_by_id, generate_series(0, 4) d
        where t.email = ${teacherEmail}`);
    });
    // As autovacuum leaves a table after a bulk load: counted from its indexes alone.
    for (const table of [
      'learning_paths',
      'learning_path_cards',
      'learning_path_progress',
      'cards',
      'categories',
      'users',
    ])
      await handle.db.execute(sql.raw(`vacuum analyze ${table}`));
    log(`  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const [teacher] = await rowsOf<{ id: number }>(
    handle,
    sql`select id from users where email = ${teacherEmail}`,
  );
  const studentIds = (
    await rowsOf<{ id: number }>(
      handle,
      sql`select id from users where email like 'bench-student-%' order by id`,
    )
  ).map((row) => row.id);
  // Each of 200 students answers the cards of their first path, one answer at a time as a person does:
  // consecutive calls go to different students.
  const answerRows = (
    await rowsOf<{ user_id: number; row_id: number }>(
      handle,
      sql`select p.assigned_user_id as user_id, r.id as row_id from learning_paths p
        join learning_path_cards r on r.path_id = p.id
        where p.assigned_user_id in (select id from users where email like 'bench-student-%' order by id limit 200)
          and p.name = 'Path category 1'
        order by r.card_id, p.assigned_user_id`,
    )
  ).map((row) => ({ userId: row.user_id, rowId: row.row_id }));
  return { teacherId: teacher!.id, studentIds, answerRows };
};

/** Access tokens as the server signs them (plugins/auth.ts), for a server started with this secret. */
export const tokensFor = async (userIds: number[], secret: string, minutes: number) => {
  const key = new TextEncoder().encode(secret);
  const expires = Math.floor(Date.now() / 1000) + minutes * 60;
  const tokens = new Map<number, string>();
  for (const userId of new Set(userIds)) {
    const token = await new SignJWT({ token_type: 'access', user_id: userId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(expires)
      .sign(key);
    tokens.set(userId, `JWT ${token}`);
  }
  return tokens;
};

export type Call = { method: 'GET' | 'PUT'; path: string; authorization: string; body?: string };
export type SchoolPhase = {
  name: string;
  rate: number;
  count: number;
  failed: number;
  p50: number;
  p99: number;
};

/**
 * One load at a fixed rate, paced as the practice loads are (`load.ts`, spread): each of the 10
 * connections is its own autocannon run with its share of the rate, started 1/10 of a second after the
 * previous one, so that requests arrive spread over each second rather than all at its start.
 */
const CONNECTIONS = 10;
export const measure = async (url: string, name: string, calls: Call[], rate: number, seconds: number) => {
  let next = 0;
  const latencies: number[] = [];
  let failed = 0;
  const run = (share: number, delayMs: number) =>
    new Promise<void>((resolve, reject) => {
      setTimeout(() => {
        const instance = autocannon(
          {
            url,
            connections: 1,
            overallRate: share,
            duration: seconds,
            ignoreCoordinatedOmission: true,
            requests: [
              {
                setupRequest: (request) => {
                  const call = calls[next++ % calls.length]!;
                  return {
                    ...request,
                    method: call.method,
                    path: call.path,
                    headers: {
                      authorization: call.authorization,
                      accept: 'application/json',
                      ...(call.body ? { 'content-type': 'application/json' } : {}),
                    },
                    body: call.body,
                  };
                },
              },
            ],
          },
          (error) => (error ? reject(error) : resolve()),
        );
        instance.on('response', (_client, statusCode, _bytes, responseTime) => {
          if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
          else failed++;
        });
      }, delayMs);
    });
  await Promise.all(
    Array.from({ length: CONNECTIONS }, (_, i) =>
      run(Math.floor(rate / CONNECTIONS) + (i < rate % CONNECTIONS ? 1 : 0), (i * 1000) / CONNECTIONS),
    ),
  );
  const sorted = Float64Array.from(latencies).sort();
  const percentile = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
  return {
    name,
    rate,
    count: latencies.length + failed,
    failed,
    p50: Math.round(percentile(0.5) * 100) / 100,
    p99: Math.round(percentile(0.99) * 100) / 100,
  } satisfies SchoolPhase;
};

/** The school's three loads against a running server; the targets are checked by the caller. */
export const runSchoolPhases = async (
  url: string,
  data: SchoolDataSet,
  options: { secret: string; minutes: number; rate: number; seconds: number; warmup: number },
) => {
  const tokens = await tokensFor(
    [data.teacherId, ...data.answerRows.map((row) => row.userId)],
    options.secret,
    options.minutes,
  );
  const teacher = tokens.get(data.teacherId)!;
  const pages = Math.ceil((data.studentIds.length * SCHOOL_SHAPE.pathsPerStudent) / 20);
  const pathPages: Call[] = Array.from({ length: 200 }, (_, i) => ({
    method: 'GET',
    path: `/api/learning-paths/list-teachers/?page=${1 + ((i * 37) % pages)}${i % 2 ? '&sort_by=name&sort_order=asc' : ''}`,
    authorization: teacher,
  }));
  const reportPages: Call[] = data.studentIds.map((_, i) => ({
    method: 'GET',
    path: `/api/card/reports/?userEmail=${encodeURIComponent(studentEmail(i + 1))}`,
    authorization: teacher,
  }));
  const answers: Call[] = data.answerRows.map((row, i) => ({
    method: 'PUT',
    path: `/api/learning-paths/card-text-students/${row.rowId}/`,
    authorization: tokens.get(row.userId)!,
    body: JSON.stringify(i % 2 ? { incorrect_guesses_score: 1 } : { guesses_score: 1 }),
  }));
  const phases: SchoolPhase[] = [];
  for (const [name, calls] of [
    ["teacher's paths page: GET /api/learning-paths/list-teachers/?page", pathPages],
    ["student's report page: GET /api/card/reports/?userEmail", reportPages],
    ['path answer: PUT /api/learning-paths/card-text-students/{id}/', answers],
  ] as const) {
    await measure(url, name, calls, options.rate, options.warmup);
    phases.push(await measure(url, name, calls, options.rate, options.seconds));
  }
  return phases;
};
