import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { type DatabaseHandle, type DatabaseOptions, openDatabase } from '../src/db/client';
import { lockDataDir } from '../src/db/data-dir-lock';
import { migrateDatabase } from '../src/db/migrate';
import { hashPassword } from '../src/modules/auth/auth.service';

/** The password of every seeded user, for signing in through the API against a running server. */
export const BENCH_PASSWORD = 'Bench-Practice-Loop-42';
// The learners of the data set only: the school and exam benchmarks' accounts (bench-student-…) have no trial.
const EMAIL_PATTERN = '^bench-[0-9]+@example\\.com$';
export const benchEmail = (n: number) => `bench-${n}@example.com`;

export type Shape = {
  users: number;
  categoriesPerUser: number;
  cardsPerCategory: number;
  activityDays: number;
};
export const defaultShape: Shape = {
  users: 10_000,
  categoriesPerUser: 5,
  cardsPerCategory: 20,
  activityDays: 30,
};

export const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Where the bench keeps its data: DATABASE_URL, else DATA_DIR, else a folder of its own beside ./data. */
export const benchTarget = (env = process.env): DatabaseOptions & { label: string; dataDir?: string } => {
  if (env.DATABASE_URL) {
    const url = new URL(env.DATABASE_URL);
    return { kind: 'postgres', url: env.DATABASE_URL, label: `PostgreSQL (${url.pathname.slice(1)})` };
  }
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data/bench'));
  return { kind: 'pglite', dir: path.join(dataDir, 'db'), dataDir, label: `PGlite (${dataDir})` };
};

/** The bench has a database of its own; it is created on first use. */
const createPostgresDatabase = async (url: string) => {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
};

/** Opens and migrates the bench database (the server's own migrations), holding the data directory lock. */
export const openBenchDatabase = async (target: ReturnType<typeof benchTarget>) => {
  if (target.kind === 'postgres') await createPostgresDatabase(target.url);
  if (target.dataDir) await mkdir(target.dataDir, { recursive: true });
  const lock = target.dataDir
    ? await lockDataDir(target.dataDir, {
        onLost: (error) => {
          throw error;
        },
      })
    : undefined;
  try {
    const handle = await openDatabase(target);
    await migrateDatabase(handle);
    return {
      handle,
      close: async () => {
        await handle.close();
        await lock?.release();
      },
    };
  } catch (error) {
    await lock?.release();
    throw error;
  }
};

const run = (handle: DatabaseHandle, query: ReturnType<typeof sql>) => handle.db.execute(query);
const rowsOf = async <T>(handle: DatabaseHandle, query: ReturnType<typeof sql>) =>
  ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;

/** The seeded users (of the table aliased `alias`, if given). */
export const isBenchUser = (alias?: string) =>
  sql.raw(`${alias ? `${alias}.` : ''}email ~ '${EMAIL_PATTERN}'`);

export const countBenchUsers = async (handle: DatabaseHandle) => {
  const [row] = await rowsOf<{ total: number }>(
    handle,
    sql`select count(*)::integer as total from users where ${isBenchUser()}`,
  );
  return row?.total ?? 0;
};

/**
 * The scores card n (from 1) of category c is seeded with, in the order guesses_score,
 * incorrect_guesses_score, guesses_score_typing, incorrect_guesses_score_typing.
 */
const seededScores = (c: SQL, n: SQL) =>
  sql`(case when ${n} <= 3 then 10 + ${n} % 3 else (${c} + ${n}) % 8 end), (${c} * ${n}) % 5,
    (case when ${n} <= 2 then 10 else (${c} + ${n}) % 6 end), (${c} + 2 * ${n}) % 4`;

/**
 * Starts these users' decks afresh (every score zero, no completed category), so that a load practising a
 * few learners finds the same decks however many answers came before it, and no phase of the crowd or its
 * direct comparison runs out of cards to answer (their card would need ten correct answers, about twenty
 * answers, to leave the deck) and measures empty decks instead.
 */
export const resetLearners = async (handle: DatabaseHandle, userIds: number[]) => {
  const users = sql`array[${sql.join(
    userIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::integer[]`;
  await run(
    handle,
    sql`update cards set (guesses_score, incorrect_guesses_score, guesses_score_typing,
          incorrect_guesses_score_typing) = (0, 0, 0, 0)
        from categories where categories.id = cards.category_id and categories.user_id = any(${users})`,
  );
  await run(
    handle,
    sql`delete from category_completions where category_id in
          (select id from categories where user_id = any(${users}))`,
  );
};

export type SeedLog = (line: string) => void;

const timed = async <T>(log: SeedLog, label: string, work: () => Promise<T>) => {
  const started = performance.now();
  const result = await work();
  log(`${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return result;
};

/**
 * Makes the data set with a few set-based statements (generate_series), in chunks so that progress shows
 * and no statement grows with the data set. Scores vary: the first cards of every category are already
 * learned, the others are on their way, so decks hold fewer cards than the category.
 */
const insertDataSet = async (handle: DatabaseHandle, shape: Shape, trialDays: number, log: SeedLog) => {
  // One hash for everyone: argon2id is slow on purpose.
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  await timed(log, `${shape.users} users`, () =>
    run(
      handle,
      sql`insert into users (email, password_hash, first_name, last_name, is_active, language, trial_end_date,
            accepted_terms_at, last_login_at, created_at, updated_at)
          select 'bench-' || n || '@example.com', ${passwordHash}, 'Bench', 'User ' || n, true,
            (case when n % 3 = 0 then 'bg' else 'en' end)::language,
            now() + make_interval(days => ${trialDays}), now() - make_interval(days => n % 30),
            now() - make_interval(hours => n % 48), now() - make_interval(days => n % 30), now()
          from generate_series(1, ${shape.users}) as n`,
    ),
  );
  await timed(log, `${shape.users * shape.categoriesPerUser} categories`, () =>
    run(
      handle,
      sql`insert into categories (user_id, name, type_of_cards, description, language, created_at, updated_at)
          select u.id, 'Deck ' || c, 'text', 'Words of lesson ' || c, 'en',
            u.created_at + make_interval(mins => c), u.created_at + make_interval(mins => c)
          from users u cross join generate_series(1, ${shape.categoriesPerUser}) as c
          where ${isBenchUser('u')}
          order by u.id, c`,
    ),
  );

  const [range] = await rowsOf<{ low: number; high: number }>(
    handle,
    sql`select min(c.id) as low, max(c.id) as high from categories c join users u on u.id = c.user_id
        where ${isBenchUser('u')}`,
  );
  const step = Math.max(1, Math.floor(100_000 / shape.cardsPerCategory));
  await timed(log, `${shape.users * shape.categoriesPerUser * shape.cardsPerCategory} cards`, async () => {
    for (let low = range!.low; low <= range!.high; low += step) {
      const high = Math.min(range!.high, low + step - 1);
      await run(
        handle,
        sql`insert into cards (category_id, first_side, second_side, tag, guesses_score, incorrect_guesses_score,
              guesses_score_typing, incorrect_guesses_score_typing, created_at, updated_at)
            select c.id, 'Question ' || n || ' of deck ' || c.id, 'Answer ' || n || ': ' || md5(c.id || '-' || n),
              (case n % 4 when 0 then 'verbs' when 1 then 'nouns' else '' end),
              ${seededScores(sql`c.id`, sql`n`)},
              c.created_at + make_interval(secs => n), c.created_at + make_interval(secs => n)
            from categories c cross join generate_series(1, ${shape.cardsPerCategory}) as n
            where c.id between ${low} and ${high}
            order by c.id, n`,
      );
      log(`  cards of categories ${low}..${high}`);
    }
  });
  await timed(log, `activity of the last ${shape.activityDays} days`, () =>
    run(
      handle,
      sql`insert into user_activity (user_id, day, card_requests, learned_cards_verbal, learned_cards_typing)
          select u.id, current_date - d, 5 + (u.id + d) % 40, (u.id + d) % 3, (u.id * d) % 2
          from users u cross join generate_series(1, ${shape.activityDays}) as d
          where ${isBenchUser('u')} and (u.id + d) % 3 <> 0`,
    ),
  );
  await timed(log, 'analyze', () => run(handle, sql`analyze`));
};

/**
 * Seeds the data set unless it is there; an existing one only has its trials renewed, so the seeded users
 * stay premium (no daily limit) however long ago it was made.
 */
export const seedDataSet = async (
  handle: DatabaseHandle,
  {
    shape = defaultShape,
    trialDays = 30,
    reset = false,
    log,
  }: {
    shape?: Shape;
    trialDays?: number;
    reset?: boolean;
    log: SeedLog;
  },
) => {
  const existing = await countBenchUsers(handle);
  if (existing > 0 && (reset || existing !== shape.users)) {
    await timed(log, `removed the previous data set (${existing} users)`, () =>
      run(handle, sql`delete from users where ${isBenchUser()}`),
    );
  } else if (existing > 0) {
    await run(
      handle,
      sql`update users set trial_end_date = now() + make_interval(days => ${trialDays})
          where ${isBenchUser()} and (trial_end_date is null or trial_end_date < now() + interval '1 day')`,
    );
    log(`data set present: ${existing} users`);
    return { seeded: false };
  }
  await insertDataSet(handle, shape, trialDays, log);
  return { seeded: true };
};

export type Deck = { userId: number; categoryId: number };

/** Every (user, category) of the data set, for spreading the load. */
export const decksOfDataSet = (handle: DatabaseHandle) =>
  rowsOf<Deck>(
    handle,
    sql`select u.id as "userId", c.id as "categoryId" from users u join categories c on c.user_id = u.id
        where ${isBenchUser('u')} and c.type_of_cards = 'text' order by u.id, c.id`,
  );

export const dataSetSize = async (handle: DatabaseHandle) => {
  const [row] = await rowsOf<{ users: number; categories: number; cards: number }>(
    handle,
    sql`select (select count(*) from users)::integer as users, (select count(*) from categories)::integer as categories,
          (select count(*) from cards)::integer as cards`,
  );
  return row!;
};
