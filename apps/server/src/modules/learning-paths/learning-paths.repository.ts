import { type ScoreField, scoreFields } from '@flashcards/contract';
import { and, eq, getTableColumns, gte, inArray, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { memberOfTarget, targetMemberships } from '../../db/assignment-targets';
import type { Executor } from '../../db/client';
import { column, countRows, paginate, rowsOf } from '../../db/rows';
import {
  cards,
  learningPathCards,
  learningPathProgress,
  learningPathSessionAnswers,
  learningPaths,
  pathAssignments,
} from '../../db/schema';
import { matchesNameOrEmail } from '../../lib/people';
import { answerLog } from '../memory/memory.service';

export type PathInsert = typeof learningPaths.$inferInsert;
export type AssignmentInsert = typeof pathAssignments.$inferInsert;
export type Mode = 'verbal' | 'typing';

/** The cards of a path: the category's cards with one of its tags, or all of them when it has none. */
const pathCardFilter = (path: string, card: string) =>
  sql.raw(`${card}.category_id = ${path}.category_id
    and (cardinality(${path}.tags) = 0 or ${card}.tag = any(${path}.tags))`);

/** The score of a mode on a path card row, and whether it reached the path's learned volume. */
const learnedIn = (mode: Mode, row: string, path: string) =>
  sql.raw(
    mode === 'verbal'
      ? `${row}.guesses_score >= ${path}.learned_volume_verbal`
      : `${row}.guesses_score_typing >= ${path}.learned_volume_typing`,
  );

/**
 * A path with what its lists show: the two people, the category, the student's counts on it and the day
 * asked for (the requester's today). One row per path, computed in the statement that pages them.
 */
const pathSelect = (today: string) => sql`
  p.id, p.name, p.start_at::text as start_at, p.end_at::text as end_at, p.tags,
  p.daily_flip_target, p.daily_learn_target, p.deck_size, p.learned_volume_verbal, p.learned_volume_typing,
  p.verbal, p.typing, p.completed_verbal, p.completed_typing, p.created_at, p.created_by_id, p.assigned_user_id,
  cb.school_id as created_by_school_id,
  cb.first_name as created_by_first_name, cb.last_name as created_by_last_name, cb.avatar as created_by_avatar,
  au.first_name as assigned_first_name, au.last_name as assigned_last_name, au.avatar as assigned_avatar,
  c.id as category_id, c.name as category_name, c.type_of_cards,
  p.test_id, p.start_test_at, p.end_test_at, p.exam_id, p.assignment_id,
  ((p.end_at + 1)::timestamp at time zone au.time_zone) as path_ends_at,
  (select count(*)::int from cards pc where ${pathCardFilter('p', 'pc')}) as cards_len,
  (select count(*)::int from learning_path_cards lv where lv.path_id = p.id and ${learnedIn('verbal', 'lv', 'p')}) as learned_verbal_len,
  (select count(*)::int from learning_path_cards lt where lt.path_id = p.id and ${learnedIn('typing', 'lt', 'p')}) as learned_typing_len,
  (select row_to_json(d) from (select pr.id, pr.day::text as day, pr.flips_verbal, pr.flips_typing, pr.learned_verbal, pr.learned_typing
     from learning_path_progress pr where pr.path_id = p.id and pr.day = ${today}::date) d) as today`;

const pathFrom = sql`from learning_paths p
  join users cb on cb.id = p.created_by_id
  join users au on au.id = p.assigned_user_id
  join categories c on c.id = p.category_id`;

const progressRow = z.object({
  id: z.number(),
  day: column.day,
  flips_verbal: z.number(),
  flips_typing: z.number(),
  learned_verbal: z.number(),
  learned_typing: z.number(),
});
export type ProgressRow = z.infer<typeof progressRow>;

const pathRow = z.object({
  id: z.number(),
  name: z.string(),
  start_at: column.day,
  end_at: column.day,
  tags: z.array(z.string()),
  daily_flip_target: z.number(),
  daily_learn_target: z.number(),
  deck_size: z.number(),
  learned_volume_verbal: z.number(),
  learned_volume_typing: z.number(),
  verbal: z.boolean(),
  typing: z.boolean(),
  completed_verbal: z.boolean(),
  completed_typing: z.boolean(),
  created_at: column.time,
  created_by_id: z.number(),
  assigned_user_id: z.number(),
  /** The school of the path's teacher, whose principals see it read-only. */
  created_by_school_id: z.number().nullable(),
  created_by_first_name: z.string(),
  created_by_last_name: z.string(),
  created_by_avatar: z.string().nullable(),
  assigned_first_name: z.string(),
  assigned_last_name: z.string(),
  assigned_avatar: z.string().nullable(),
  category_id: z.number(),
  category_name: z.string(),
  type_of_cards: z.enum(['text', 'picture', 'kids']),
  cards_len: z.number(),
  learned_verbal_len: z.number(),
  learned_typing_len: z.number(),
  today: progressRow.nullable(),
  test_id: z.number().nullable(),
  start_test_at: column.time.nullable(),
  end_test_at: column.time.nullable(),
  exam_id: z.number().nullable(),
  assignment_id: z.number().nullable(),
  /** The end of the path's last day in its student's time zone. */
  path_ends_at: column.time,
});
export type PathRow = z.infer<typeof pathRow>;

export type PathListFilter = {
  side: 'teacher' | 'student';
  userId: number;
  sortBy: 'date' | 'alphabetical';
  sortOrder: 'asc' | 'desc';
  search?: string;
  /** Only the paths given to named students. */
  named: boolean;
  today: string;
  limit: number;
  offset: number;
};

/** One page of the paths I assigned (teacher) or that were assigned to me (student), and their count. */
export const pathsPage = async (db: Executor, filter: PathListFilter) => {
  const mine =
    filter.side === 'teacher'
      ? sql`p.created_by_id = ${filter.userId}`
      : sql`p.assigned_user_id = ${filter.userId}`;
  const named = filter.named ? sql`and p.assignment_id is null` : sql``;
  // The other person of the path: the student in the teacher's list, the teacher in the student's.
  const other = filter.side === 'teacher' ? 'au' : 'cb';
  const search = filter.search
    ? sql`and (lower(p.name) like ${`%${filter.search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`}
        or exists (select 1 from users "users" where "users"."id" = ${sql.raw(other)}.id and ${matchesNameOrEmail(filter.search)}))`
    : sql``;
  const direction = sql.raw(filter.sortOrder === 'asc' ? 'asc' : 'desc');
  const order =
    filter.sortBy === 'alphabetical'
      ? sql`p.name_key ${direction}, p.id ${direction}`
      : sql`p.created_at ${direction}, p.id ${direction}`;
  // The page's ids first, from the index of the order; the columns that cost (counts, people, today) only
  // for those: a select list is computed for the rows an offset skips too.
  const people = filter.search
    ? sql`join users cb on cb.id = p.created_by_id join users au on au.id = p.assigned_user_id`
    : sql``;
  return paginate(
    rowsOf(
      db,
      sql`with page as (select p.id from learning_paths p ${people} where ${mine} ${named} ${search}
          order by ${order} limit ${filter.limit} offset ${filter.offset})
        select ${pathSelect(filter.today)} ${pathFrom} join page on page.id = p.id order by ${order}`,
      pathRow,
    ),
    countRows(
      db,
      sql`select count(*)::int as total from learning_paths p ${people} where ${mine} ${named} ${search}`,
    ),
  );
};

export const findPath = async (db: Executor, id: number, today: string) =>
  (await rowsOf(db, sql`select ${pathSelect(today)} ${pathFrom} where p.id = ${id}`, pathRow))[0];

/** What deciding access to a path needs: its people, kind, days, modes and deck size, without its counts. */
const pathTerms = pathRow.pick({
  id: true,
  created_by_id: true,
  assigned_user_id: true,
  type_of_cards: true,
  start_at: true,
  end_at: true,
  verbal: true,
  typing: true,
  deck_size: true,
});
export type PathTerms = z.infer<typeof pathTerms>;

export const findPathTerms = async (db: Executor, id: number) =>
  (
    await rowsOf(
      db,
      sql`select p.id, p.created_by_id, p.assigned_user_id, c.type_of_cards, p.start_at::text as start_at,
          p.end_at::text as end_at, p.verbal, p.typing, p.deck_size
        from learning_paths p join categories c on c.id = p.category_id where p.id = ${id}`,
      pathTerms,
    )
  )[0];

/** A path's test terms, its row locked: opening and changing its test go one at a time. */
export const lockPathTest = async (db: Executor, id: number) =>
  (
    await rowsOf(
      db,
      sql`select p.id, p.created_by_id, p.assigned_user_id, p.start_at::text as start_at,
          p.end_at::text as end_at, p.test_id, p.exam_id
        from learning_paths p where p.id = ${id} for update`,
      z.object({
        id: z.number(),
        created_by_id: z.number(),
        assigned_user_id: z.number(),
        start_at: column.day,
        end_at: column.day,
        test_id: z.number().nullable(),
        exam_id: z.number().nullable(),
      }),
    )
  )[0];

export const setPathTest = (
  db: Executor,
  id: number,
  values: { testId: number | null; startTestAt: Date | null; endTestAt: Date | null; examId: number | null },
) =>
  db
    .update(learningPaths)
    .set({
      testId: values.testId,
      startTestAt: values.startTestAt,
      endTestAt: values.endTestAt,
      examId: values.examId,
    })
    .where(eq(learningPaths.id, id));

export const setPathExam = (db: Executor, id: number, examId: number) =>
  db.update(learningPaths).set({ examId }).where(eq(learningPaths.id, id));

/** A path's days, oldest first. */
export const progressOf = (db: Executor, pathId: number) =>
  rowsOf(
    db,
    sql`select id, day::text as day, flips_verbal, flips_typing, learned_verbal, learned_typing
      from learning_path_progress where path_id = ${pathId} order by day`,
    progressRow,
  );

export const deletePath = (db: Executor, id: number) =>
  db.execute(sql`delete from learning_paths where id = ${id}`);

/** The requester's categories among these ids, with their type. */
export const ownCategories = (db: Executor, me: number, ids: number[]) =>
  rowsOf(
    db,
    sql`select id, name, type_of_cards from categories where user_id = ${me} and id in ${ids}`,
    z.object({ id: z.number(), name: z.string(), type_of_cards: z.string() }),
  );

export const insertPaths = async (db: Executor, paths: PathInsert[]) =>
  (await db.insert(learningPaths).values(paths).returning({ id: learningPaths.id })).map((row) => row.id);

const pathCardRow = z.object({
  id: z.number(),
  card_id: z.number(),
  first_side: z.string(),
  second_side: z.string(),
  category_id: z.number(),
  tag: z.string(),
  created_at: column.time,
  updated_at: column.time,
  guesses_score: z.number(),
  incorrect_guesses_score: z.number(),
  guesses_score_typing: z.number(),
  incorrect_guesses_score_typing: z.number(),
  learned_verbal: z.boolean(),
  learned_typing: z.boolean(),
});
export type PathCardRow = z.infer<typeof pathCardRow>;

const pathCardColumns = sql.raw(`r.id, k.id as card_id, k.first_side, k.second_side, k.category_id, k.tag,
  k.created_at, r.updated_at, r.guesses_score, r.incorrect_guesses_score, r.guesses_score_typing,
  r.incorrect_guesses_score_typing,
  r.guesses_score >= p.learned_volume_verbal as learned_verbal,
  r.guesses_score_typing >= p.learned_volume_typing as learned_typing`);

/**
 * A deck of the path: its student's rows for the path's cards (made here for cards new to the path), at
 * most the path's deck size not yet learned in the mode, least practised first.
 */
export const deckOf = async (db: Executor, path: { id: number; deckSize: number }, mode: Mode) => {
  const pathId = path.id;
  await db.execute(sql`insert into learning_path_cards (path_id, card_id)
    select p.id, k.id from learning_paths p join cards k on ${pathCardFilter('p', 'k')}
    where p.id = ${pathId}
    on conflict do nothing`);
  const practised = sql.raw(
    mode === 'verbal'
      ? 'r.guesses_score + r.incorrect_guesses_score'
      : 'r.guesses_score_typing + r.incorrect_guesses_score_typing',
  );
  return rowsOf(
    db,
    sql`select ${pathCardColumns} from learning_paths p
      join learning_path_cards r on r.path_id = p.id
      join cards k on k.id = r.card_id and ${pathCardFilter('p', 'k')}
      where p.id = ${pathId} and not (${learnedIn(mode, 'r', 'p')})
      order by ${practised}, r.id limit ${path.deckSize}`,
    pathCardRow,
  );
};

/**
 * One answer in one statement: the student's row goes up by exactly one, the day's progress counts it
 * (and the card when it has just reached the path's volume), and the path is completed in the mode when
 * that was its last card to learn. Only the path's student, only in a mode the path studies, only between
 * its days, and only for an active account that is not a school's unclaimed one: otherwise no row, and
 * the caller finds out why. Prepared: built and planned once per connection, not per answer.
 */
const answerQuery = (db: Executor, column: ScoreField, kind: 'text' | 'picture') => {
  const typing = column.endsWith('_typing');
  const correct = !column.startsWith('incorrect');
  const score = sql.identifier(column);
  const volume = sql.raw(typing ? 'p.learned_volume_typing' : 'p.learned_volume_verbal');
  const flips = sql.raw(typing ? 'flips_typing' : 'flips_verbal');
  const learned = sql.raw(typing ? 'learned_typing' : 'learned_verbal');
  const completed = sql.raw(typing ? 'completed_typing' : 'completed_verbal');
  const userId = sql`${sql.placeholder('userId')}::integer`;
  // The path's day of the answer: today in the student's own time zone, from their row.
  const day = sql`(select day from today)`;
  const today = db.$with('today', { day: learningPathProgress.day }).as(sql`
    select (${sql.placeholder('now')}::timestamptz at time zone tz.time_zone)::date as day
    from users tz where tz.id = ${userId}`);
  // Whether the answer has just brought the card to the path's volume.
  const justLearned = correct ? sql`a.${score} = ${volume}` : sql`false`;

  const answered = db.$with('answered', getTableColumns(learningPathCards)).as(sql`
    update learning_path_cards r set ${score} = r.${score} + 1, updated_at = now()
    from learning_paths p, categories c
    where r.id = ${sql.placeholder('rowId')}::integer and p.id = r.path_id and c.id = p.category_id
      and p.assigned_user_id = ${userId} and c.type_of_cards = ${sql.raw(`'${kind}'`)}
      -- The account checks of the request (active; the token's version; not a school's unclaimed
      -- account), in this statement.
      and exists (select 1 from users su where su.id = ${userId} and su.is_active
        and su.token_version = ${sql.placeholder('tokenVersion')}::integer and not su.is_auto_created)
      and p.${sql.raw(typing ? 'typing' : 'verbal')}
      and ${day} between p.start_at and p.end_at
    returning r.*`);
  const counted = db.$with('counted', { id: learningPathProgress.id }).as(sql`
    insert into learning_path_progress as pr (path_id, day, ${flips}, ${learned})
    select a.path_id, ${day}, 1, (${justLearned})::int from answered a join learning_paths p on p.id = a.path_id
    on conflict (path_id, day) do update set
      ${flips} = pr.${flips} + 1, ${learned} = pr.${learned} + excluded.${learned}
    returning pr.id`);
  // The statement sees the other rows as they were before it: none of them may be left to learn.
  const finished = db.$with('finished', { id: learningPaths.id }).as(sql`
    update learning_paths p set ${completed} = true
    from answered a
    where p.id = a.path_id and ${justLearned} and not exists (
      select 1 from cards k left join learning_path_cards o on o.path_id = p.id and o.card_id = k.id
      where ${pathCardFilter('p', 'k')} and k.id <> a.card_id and coalesce(o.${score}, 0) < ${volume})
    returning p.id`);

  // The student's own memory of the card moves with the answer: logged here, folded when it is read.
  const logged = answerLog(db, {
    answered: sql`select card_id from answered`,
    userId,
    grade: sql.raw(correct ? '3::smallint' : '1::smallint'),
    source: sql`'path'::review_source`,
    now: sql`${sql.placeholder('now')}::timestamptz`,
  });

  // The session's last answer, kept so that it can be taken back (only with a session; never over another
  // user's session of the same name). Part of the statement: no extra round trip per answer.
  const session = sql`${sql.placeholder('session')}::uuid`;
  const remembered = db.$with('remembered', { sessionId: learningPathSessionAnswers.sessionId }).as(sql`
    insert into learning_path_session_answers as last
      (session_id, user_id, row_id, score_column, day, learned, completed, log_id, answered_at)
    select ${session}, ${userId}, a.id, ${sql.raw(`'${column}'`)}, ${day}, ${justLearned},
      exists (select 1 from finished), (select id from logged), ${sql.placeholder('now')}::timestamptz
    from answered a join learning_paths p on p.id = a.path_id
    where ${session} is not null
    on conflict (session_id) do update set
      row_id = excluded.row_id, score_column = excluded.score_column, day = excluded.day,
      learned = excluded.learned, completed = excluded.completed, log_id = excluded.log_id,
      answered_at = excluded.answered_at
    where last.user_id = excluded.user_id
    returning session_id`);

  // Data-modifying CTEs run whether or not the select reads them.
  return db
    .with(today, answered, counted, finished, logged, remembered)
    .select({
      id: answered.id,
      card_id: cards.id,
      first_side: cards.firstSide,
      second_side: cards.secondSide,
      category_id: cards.categoryId,
      tag: cards.tag,
      created_at: cards.createdAt,
      updated_at: answered.updatedAt,
      guesses_score: answered.guessesScore,
      incorrect_guesses_score: answered.incorrectGuessesScore,
      guesses_score_typing: answered.guessesScoreTyping,
      incorrect_guesses_score_typing: answered.incorrectGuessesScoreTyping,
      learned_verbal: sql<boolean>`${answered.guessesScore} >= ${learningPaths.learnedVolumeVerbal}`,
      learned_typing: sql<boolean>`${answered.guessesScoreTyping} >= ${learningPaths.learnedVolumeTyping}`,
    })
    .from(answered)
    .innerJoin(learningPaths, eq(learningPaths.id, answered.pathId))
    .innerJoin(cards, eq(cards.id, answered.cardId));
};

const kinds = ['text', 'picture'] as const;

/** The answer statements of every kind and score column, prepared under their own names. */
export const prepareAnswers = (db: Executor) =>
  Object.fromEntries(
    kinds.flatMap((kind) =>
      scoreFields.map((column) => [
        `${kind}:${column}`,
        answerQuery(db, column, kind).prepare(`path_answer_${kind}_${column}`),
      ]),
    ),
  ) as Record<`${'text' | 'picture'}:${ScoreField}`, ReturnType<ReturnType<typeof answerQuery>['prepare']>>;

export type AnswerStatements = ReturnType<typeof prepareAnswers>;

export const answer = async (
  statements: AnswerStatements,
  values: {
    rowId: number;
    userId: number;
    tokenVersion: number;
    kind: 'text' | 'picture';
    column: ScoreField;
    now: Date;
    /** The study session the answer belongs to, if the client named one. */
    session: string | null;
  },
): Promise<PathCardRow | undefined> => {
  const [row] = await statements[`${values.kind}:${values.column}`].execute({
    session: values.session,
    rowId: values.rowId,
    userId: values.userId,
    tokenVersion: values.tokenVersion,
    now: values.now.toISOString(),
  });
  return row;
};

/**
 * The rows of a card in these students' paths of its category (made if the card was never dealt to them),
 * with what the answer statement checks: the student's token version and the category's kind.
 */
export const pathRowsOfCard = async (tx: Executor, cardId: number, studentIds: number[]) => {
  if (studentIds.length === 0) return [];
  const students = sql`array[${sql.join(
    studentIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;
  await tx.execute(sql`insert into learning_path_cards (path_id, card_id)
    select p.id, k.id from cards k join learning_paths p on ${pathCardFilter('p', 'k')}
    where k.id = ${cardId} and p.assigned_user_id = any(${students})
    on conflict do nothing`);
  return rowsOf(
    tx,
    sql`select r.id, p.assigned_user_id as user_id, u.token_version, c.type_of_cards as kind
      from learning_path_cards r join learning_paths p on p.id = r.path_id
      join users u on u.id = p.assigned_user_id join categories c on c.id = p.category_id
      where r.card_id = ${cardId} and p.assigned_user_id = any(${students}) and c.type_of_cards <> 'kids'`,
    z.object({
      id: z.number(),
      user_id: z.number(),
      token_version: z.number(),
      kind: z.enum(['text', 'picture']),
    }),
  );
};

/** One answer counted by the answer statement inside the caller's transaction, unprepared (it is rare). */
export const answerWithin = async (
  tx: Executor,
  kind: 'text' | 'picture',
  column: ScoreField,
  values: { rowId: number; userId: number; tokenVersion: number; now: Date },
) => {
  const [row] = await answerQuery(tx, column, kind).execute({
    ...values,
    now: values.now.toISOString(),
    session: null,
  });
  return row;
};

/** The student's own path cards of these ids (their rows), with what the answer statement checks. */
export const ownPathCards = async (tx: Executor, userId: number, rowIds: number[]) => {
  if (rowIds.length === 0) return [];
  return rowsOf(
    tx,
    sql`select r.id, r.card_id, u.token_version, c.type_of_cards as kind
      from learning_path_cards r join learning_paths p on p.id = r.path_id
      join users u on u.id = p.assigned_user_id join categories c on c.id = p.category_id
      where r.id in (${sql.join(
        rowIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and p.assigned_user_id = ${userId} and c.type_of_cards <> 'kids'`,
    z.object({
      id: z.number(),
      card_id: z.number(),
      token_version: z.number(),
      kind: z.enum(['text', 'picture']),
    }),
  );
};

/** What an answer needs to know when the statement changed nothing: the row's path, and its student. */
export const pathOfRow = async (db: Executor, rowId: number) =>
  (
    await rowsOf(
      db,
      sql`select path_id from learning_path_cards where id = ${rowId}`,
      z.object({ path_id: z.number() }),
    )
  )[0]?.path_id;

/** The categories of the creator's paths still running on `today` (YYYY-MM-DD) or later. */
export const activePathCategories = async (tx: Executor, userId: number, today: string) => {
  const rows = await tx
    .selectDistinct({ categoryId: learningPaths.categoryId })
    .from(learningPaths)
    .where(and(eq(learningPaths.createdById, userId), gte(learningPaths.endAt, today)));
  return rows.map((row) => row.categoryId);
};

// ----- Assignments to a class or a group (docs/design.md "Assignments that follow a class") -----------

/** An assignment with its target's name, its category and how many students have its path. */
const assignmentRow = z.object({
  id: z.number(),
  created_by_id: z.number(),
  school_class_id: z.number().nullable(),
  user_group_id: z.number().nullable(),
  target_name: z.string(),
  name: z.string(),
  category_id: z.number(),
  category_name: z.string(),
  type_of_cards: z.enum(['text', 'picture', 'kids']),
  tags: z.array(z.string()),
  start_at: column.day,
  end_at: column.day,
  daily_flip_target: z.number(),
  daily_learn_target: z.number(),
  deck_size: z.number(),
  learned_volume_verbal: z.number(),
  learned_volume_typing: z.number(),
  verbal: z.boolean(),
  typing: z.boolean(),
  test_id: z.number().nullable(),
  start_test_at: column.time.nullable(),
  end_test_at: column.time.nullable(),
  created_at: column.time,
  students_count: z.number(),
});
export type AssignmentRow = z.infer<typeof assignmentRow>;

const assignmentSelect = sql`select a.id, a.created_by_id, a.school_class_id, a.user_group_id,
    coalesce(sc.name, ug.name) as target_name, a.name, a.category_id, c.name as category_name, c.type_of_cards,
    a.tags, a.start_at::text as start_at, a.end_at::text as end_at, a.daily_flip_target, a.daily_learn_target,
    a.deck_size, a.learned_volume_verbal, a.learned_volume_typing, a.verbal, a.typing, a.test_id,
    a.start_test_at, a.end_test_at, a.created_at,
    (select count(*)::int from learning_paths lp where lp.assignment_id = a.id) as students_count
  from path_assignments a
  join categories c on c.id = a.category_id
  left join school_classes sc on sc.id = a.school_class_id
  left join user_groups ug on ug.id = a.user_group_id`;

export const insertAssignment = async (db: Executor, values: AssignmentInsert) =>
  (await db.insert(pathAssignments).values(values).returning({ id: pathAssignments.id }))[0]!.id;

export const findAssignment = async (db: Executor, id: number) =>
  (await rowsOf(db, sql`${assignmentSelect} where a.id = ${id}`, assignmentRow))[0];

/** One page of the teacher's assignments, newest first, and their count. */
export const assignmentsPage = (db: Executor, userId: number, limit: number, offset: number) =>
  paginate(
    rowsOf(
      db,
      sql`${assignmentSelect} where a.created_by_id = ${userId}
        order by a.created_at desc, a.id desc limit ${limit} offset ${offset}`,
      assignmentRow,
    ),
    countRows(db, sql`select count(*)::int as total from path_assignments where created_by_id = ${userId}`),
  );

/** The paths of an assignment, its students by name, as the teacher's list shows them. */
export const assignmentPaths = (db: Executor, assignmentId: number, today: string) =>
  rowsOf(
    db,
    sql`select ${pathSelect(today)} ${pathFrom} where p.assignment_id = ${assignmentId}
      order by lower(au.last_name), lower(au.first_name), p.id`,
    pathRow,
  );

export const deleteAssignment = (db: Executor, id: number) =>
  db.delete(pathAssignments).where(eq(pathAssignments.id, id));

/** What editing changes: an assignment's settings, or a path's (the same names on both tables). */
export type PathEdit = Partial<
  Pick<
    AssignmentInsert,
    | 'name'
    | 'startAt'
    | 'endAt'
    | 'dailyFlipTarget'
    | 'dailyLearnTarget'
    | 'deckSize'
    | 'startTestAt'
    | 'endTestAt'
  >
>;

/** Whether an edit changes anything (an empty one has no statement to run). */
const changes = (edit: PathEdit) => Object.values(edit).some((value) => value !== undefined);

/** Changes an assignment and every path of it, in the caller's transaction; progress rows stay. */
export const updateAssignment = async (tx: Executor, id: number, edit: PathEdit) => {
  if (!changes(edit)) return;
  await tx.update(pathAssignments).set(edit).where(eq(pathAssignments.id, id));
  await tx.update(learningPaths).set(edit).where(eq(learningPaths.assignmentId, id));
};

export const updatePath = async (db: Executor, id: number, edit: PathEdit) => {
  if (changes(edit)) await db.update(learningPaths).set(edit).where(eq(learningPaths.id, id));
};

/** The assignment row, locked: edits and joins of one assignment go one at a time. */
export const lockAssignment = async (tx: Executor, id: number) =>
  (
    await rowsOf(
      tx,
      sql`select id from path_assignments where id = ${id} for update`,
      z.object({ id: z.number() }),
    )
  )[0];

/** Deletes, with their progress, the assignment paths of these people whose class or group they left. */
export const deleteLeftPaths = (tx: Executor, userIds: number[]) =>
  tx.execute(sql`delete from learning_paths p using path_assignments a
    where p.assignment_id = a.id and p.assigned_user_id in ${userIds}
      and not ${memberOfTarget(sql`p.assigned_user_id`)}`);

/**
 * The assignments not ended on `today` whose class or group these people are in and whose path they do
 * not have yet, each with the people who lack it.
 */
export const missingAssignmentPaths = async (tx: Executor, userIds: number[], today: string) =>
  rowsOf(
    tx,
    sql`with wanted as (${targetMemberships('path_assignments', userIds, sql`a.end_at >= ${today}::date`)})
      select w.assignment_id, array_agg(w.user_id order by w.user_id) as user_ids from wanted w
        where not exists (select 1 from learning_paths lp where lp.assignment_id = w.assignment_id and lp.assigned_user_id = w.user_id)
        group by w.assignment_id order by w.assignment_id`,
    z.object({ assignment_id: z.number(), user_ids: z.array(z.number()) }),
  );

/** The settings of these assignments, to make their members' paths from. */
export const assignmentSettings = (tx: Executor, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : tx.select().from(pathAssignments).where(inArray(pathAssignments.id, ids));
export type AssignmentSettings = typeof pathAssignments.$inferSelect;

/** Inserts paths, leaving out a student who already has one of the same assignment (a join racing another). */
export const insertAssignmentPaths = (db: Executor, paths: PathInsert[]) =>
  db
    .insert(learningPaths)
    .values(paths)
    .onConflictDoNothing()
    .returning({ id: learningPaths.id, assignedUserId: learningPaths.assignedUserId });

/** The session's last answer as kept (locked until the transaction ends). */
export const lockSessionAnswer = async (db: Executor, sessionId: string) => {
  const [row] = await db
    .select()
    .from(learningPathSessionAnswers)
    .where(eq(learningPathSessionAnswers.sessionId, sessionId))
    .for('update');
  return row;
};

/**
 * Takes a kept answer back: the row's score, and what it added to its day, down by one (never below zero);
 * the path no longer completed in the mode when the answer completed it; nothing left to undo.
 */
export const takeBack = async (
  db: Executor,
  kept: typeof learningPathSessionAnswers.$inferSelect & { rowId: number },
) => {
  const typing = kept.scoreColumn.endsWith('_typing');
  const score = sql.identifier(kept.scoreColumn);
  const flips = sql.raw(typing ? 'flips_typing' : 'flips_verbal');
  const learned = sql.raw(typing ? 'learned_typing' : 'learned_verbal');
  const completed = sql.raw(typing ? 'completed_typing' : 'completed_verbal');
  await db.execute(sql`
    with row as (
      update learning_path_cards set ${score} = greatest(${score} - 1, 0), updated_at = now()
      where id = ${kept.rowId} returning path_id),
    day as (
      update learning_path_progress set ${flips} = greatest(${flips} - 1, 0),
        ${learned} = greatest(${learned} - ${kept.learned ? 1 : 0}, 0)
      where path_id = (select path_id from row) and day = ${kept.day}),
    path as (
      update learning_paths set ${completed} = false
      where ${kept.completed} and id = (select path_id from row))
    update learning_path_session_answers set row_id = null where session_id = ${kept.sessionId}`);
};

/** Forgets the sessions whose last answer is older than `before`; they can no longer be taken back. */
export const forgetSessionsBefore = async (db: Executor, before: Date) => {
  const forgotten = await db
    .delete(learningPathSessionAnswers)
    .where(lt(learningPathSessionAnswers.answeredAt, before))
    .returning({ sessionId: learningPathSessionAnswers.sessionId });
  return forgotten.length;
};
