import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { column, countRows, paginate, rowsOf } from '../../db/rows';
import { matchesNameOrEmail, reachedBy, reachedPersonRow, teachesStudent } from '../../lib/people';

/** A student the requester reaches, found by e-mail (the reports' `userEmail`). */
const studentRow = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  avatar: z.string().nullable(),
  email: z.string(),
});
export type StudentRow = z.infer<typeof studentRow>;

export const findReachedStudent = async (db: Executor, me: number, email: string) =>
  (
    await rowsOf(
      db,
      sql`select "users"."id", "users"."first_name", "users"."last_name", "users"."avatar", "users"."email"
        from users "users" where lower("users"."email") = lower(${email}) and ${reachedBy(me)}`,
      studentRow,
    )
  )[0];

const reportStudentRow = reachedPersonRow.extend({
  categories_len: z.number(),
  learning_paths_len: z.number(),
  learned_verbal_len: z.number(),
  learned_typing_len: z.number(),
  last_active: column.day.nullable(),
});
export type ReportStudentRow = z.infer<typeof reportStudentRow>;

/** A page of the students I reach, by name, with their totals over their categories and paths. */
export const studentsPage = async (
  db: Executor,
  filter: { me: number; search?: string; threshold: number; limit: number; offset: number },
) => {
  const where = sql`${reachedBy(filter.me)} ${filter.search ? sql`and ${matchesNameOrEmail(filter.search)}` : sql``}`;
  return paginate(
    rowsOf(
      db,
      sql`select "users"."id", "users"."first_name", "users"."last_name", "users"."email", "users"."avatar",
          "users"."is_student", "users"."is_teacher", ${teachesStudent(filter.me)} as by_school,
          (select count(*)::int from categories sc where sc.user_id = "users"."id" and sc.type_of_cards <> 'kids') as categories_len,
          (select count(*)::int from learning_paths sp where sp.assigned_user_id = "users"."id") as learning_paths_len,
          (select count(*)::int from cards k join categories kc on kc.id = k.category_id
            where kc.user_id = "users"."id" and kc.type_of_cards <> 'kids' and k.guesses_score >= ${filter.threshold})
          + (select count(*)::int from learning_path_cards r join learning_paths rp on rp.id = r.path_id
            where rp.assigned_user_id = "users"."id" and r.guesses_score >= rp.learned_volume_verbal) as learned_verbal_len,
          (select count(*)::int from cards k join categories kc on kc.id = k.category_id
            where kc.user_id = "users"."id" and kc.type_of_cards <> 'kids' and k.guesses_score_typing >= ${filter.threshold})
          + (select count(*)::int from learning_path_cards r join learning_paths rp on rp.id = r.path_id
            where rp.assigned_user_id = "users"."id" and r.guesses_score_typing >= rp.learned_volume_typing) as learned_typing_len,
          greatest(
            (select max(ua.day) from user_activity ua where ua.user_id = "users"."id"),
            (select max(pr.day) from learning_path_progress pr join learning_paths pp on pp.id = pr.path_id
              where pp.assigned_user_id = "users"."id"))::text as last_active
        from users "users" where ${where}
        order by lower("users"."first_name" || ' ' || "users"."last_name"), "users"."id"
        limit ${filter.limit} offset ${filter.offset}`,
      reportStudentRow,
    ),
    countRows(db, sql`select count(*)::int as total from users "users" where ${where}`),
  );
};

const reportRow = z.object({
  id: z.number(),
  name: z.string(),
  path_id: z.number().nullable(),
  path_name: z.string().nullable(),
  volume_verbal: z.number().nullable(),
  volume_typing: z.number().nullable(),
  date_created: column.time,
  type_of_cards: z.enum(['text', 'picture', 'kids']),
  /** A path's test with its exam's result (null: none, or not yet graded). */
  test: z
    .object({
      id: z.number(),
      name: z.string(),
      exam: z.number().nullable(),
      score: z.number().nullable(),
      grade: z.number().nullable(),
      total_score: z.number(),
    })
    .nullable(),
  cards_len: z.number(),
  learned_verbal_len: z.number(),
  learned_typing_len: z.number(),
  guesses: z.number(),
  incorrect: z.number(),
  guesses_typing: z.number(),
  incorrect_typing: z.number(),
});
export type ReportRow = z.infer<typeof reportRow>;

export type ReportScope = { categoryId: number } | { pathId: number } | undefined;

/** A scope's conditions on the categories (`c`) and the paths (`p`) of a report. */
const scopeFilters = (scope: ReportScope) => ({
  categoryScope: scope
    ? 'categoryId' in scope
      ? sql`and c.id = ${scope.categoryId}`
      : sql`and false`
    : sql``,
  pathScope: scope ? ('pathId' in scope ? sql`and p.id = ${scope.pathId}` : sql`and false`) : sql``,
});

/**
 * The student's report rows: their text and picture categories (their own scores, learned at the
 * threshold) and the paths assigned to them (their rows on the path, learned at the path's volumes),
 * newest first. A scope narrows it to one category or one path.
 */
const reportRowsQuery = (
  studentId: number,
  threshold: number,
  scope: ReportScope,
  /** Only the rows of a `page` CTE of (category or path) ids, when given. */
  paged = false,
) => {
  const { categoryScope, pathScope } = scopeFilters(scope);
  const categoryPage = paged ? sql`and c.id in (select id from page where path_id is null)` : sql``;
  const pathPage = paged ? sql`and p.id in (select path_id from page)` : sql``;
  return sql`
    select c.id, c.name, null::int as path_id, null::text as path_name, null::int as volume_verbal,
      null::int as volume_typing, c.created_at as date_created, c.type_of_cards::text as type_of_cards,
      null::json as test, a.*
    from categories c
    cross join lateral (select count(*)::int as cards_len,
        (count(*) filter (where k.guesses_score >= ${threshold}))::int as learned_verbal_len,
        (count(*) filter (where k.guesses_score_typing >= ${threshold}))::int as learned_typing_len,
        coalesce(sum(k.guesses_score), 0)::int as guesses,
        coalesce(sum(k.incorrect_guesses_score), 0)::int as incorrect,
        coalesce(sum(k.guesses_score_typing), 0)::int as guesses_typing,
        coalesce(sum(k.incorrect_guesses_score_typing), 0)::int as incorrect_typing
      from cards k where k.category_id = c.id) a
    where c.user_id = ${studentId} and c.type_of_cards <> 'kids' ${categoryScope} ${categoryPage}
    union all
    select c.id, c.name, p.id, p.name, p.learned_volume_verbal, p.learned_volume_typing, p.created_at,
      c.type_of_cards::text,
      (select json_build_object('id', t.id, 'name', t.name, 'exam', e.id, 'score', e.score, 'grade', e.grade,
          'total_score', (select coalesce(sum(q.score_value), 0)::int from test_questions q where q.test_id = t.id))
        from school_tests t left join exams e on e.id = p.exam_id where t.id = p.test_id),
      a.*
    from learning_paths p join categories c on c.id = p.category_id
    cross join lateral (select count(*)::int as cards_len,
        (count(*) filter (where r.guesses_score >= p.learned_volume_verbal))::int,
        (count(*) filter (where r.guesses_score_typing >= p.learned_volume_typing))::int,
        coalesce(sum(r.guesses_score), 0)::int, coalesce(sum(r.incorrect_guesses_score), 0)::int,
        coalesce(sum(r.guesses_score_typing), 0)::int, coalesce(sum(r.incorrect_guesses_score_typing), 0)::int
      from cards k left join learning_path_cards r on r.path_id = p.id and r.card_id = k.id
      where k.category_id = p.category_id and (cardinality(p.tags) = 0 or k.tag = any(p.tags))) a
    where p.assigned_user_id = ${studentId} ${pathScope} ${pathPage}`;
};

export const reportRowsPage = async (
  db: Executor,
  filter: { studentId: number; threshold: number; limit: number; offset: number; scope?: ReportScope },
) => {
  const order = sql`order by date_created desc, id desc, path_id desc nulls last`;
  const { categoryScope, pathScope } = scopeFilters(filter.scope);
  // The page's rows first, from their dates alone; the totals only for those.
  const page = sql`page as (
    select c.id, null::int as path_id, c.created_at as date_created from categories c
    where c.user_id = ${filter.studentId} and c.type_of_cards <> 'kids' ${categoryScope}
    union all
    select p.category_id, p.id, p.created_at from learning_paths p
    where p.assigned_user_id = ${filter.studentId} ${pathScope}
    ${order} limit ${filter.limit} offset ${filter.offset})`;
  const rows = reportRowsQuery(filter.studentId, filter.threshold, filter.scope, true);
  return paginate(
    rowsOf(db, sql`with ${page} select * from (${rows}) report ${order}`, reportRow),
    countRows(
      db,
      sql`select (select count(*)::int from categories c where c.user_id = ${filter.studentId} and c.type_of_cards <> 'kids')
        + (select count(*)::int from learning_paths p where p.assigned_user_id = ${filter.studentId}) as total`,
    ),
  );
};

export const oneReportRow = async (db: Executor, studentId: number, threshold: number, scope: ReportScope) =>
  (await rowsOf(db, reportRowsQuery(studentId, threshold, scope), reportRow))[0];

const reportCardRow = z.object({
  id: z.number(),
  first_side: z.string(),
  second_side: z.string(),
  tag: z.string(),
  guesses_score: z.number(),
  incorrect_guesses_score: z.number(),
  guesses_score_typing: z.number(),
  incorrect_guesses_score_typing: z.number(),
  learned_verbal: z.boolean(),
  learned_typing: z.boolean(),
});
export type ReportCardRow = z.infer<typeof reportCardRow>;

/** One page of a category's or a path's cards with the student's scores, in the cards' order. */
export const reportCardsPage = async (
  db: Executor,
  filter: {
    scope: NonNullable<ReportScope>;
    threshold: number;
    tags: string[];
    limit: number;
    offset: number;
  },
) => {
  const tagged = filter.tags.length > 0 ? sql`and k.tag in ${filter.tags}` : sql``;
  const source =
    'categoryId' in filter.scope
      ? sql`select k.id, k.first_side, k.second_side, k.tag, k.guesses_score, k.incorrect_guesses_score,
            k.guesses_score_typing, k.incorrect_guesses_score_typing,
            k.guesses_score >= ${filter.threshold} as learned_verbal,
            k.guesses_score_typing >= ${filter.threshold} as learned_typing
          from cards k where k.category_id = ${filter.scope.categoryId} ${tagged}`
      : sql`select k.id, k.first_side, k.second_side, k.tag, coalesce(r.guesses_score, 0) as guesses_score,
            coalesce(r.incorrect_guesses_score, 0) as incorrect_guesses_score,
            coalesce(r.guesses_score_typing, 0) as guesses_score_typing,
            coalesce(r.incorrect_guesses_score_typing, 0) as incorrect_guesses_score_typing,
            coalesce(r.guesses_score >= p.learned_volume_verbal, false) as learned_verbal,
            coalesce(r.guesses_score_typing >= p.learned_volume_typing, false) as learned_typing
          from learning_paths p join cards k on k.category_id = p.category_id
            and (cardinality(p.tags) = 0 or k.tag = any(p.tags))
          left join learning_path_cards r on r.path_id = p.id and r.card_id = k.id
          where p.id = ${filter.scope.pathId} ${tagged}`;
  return paginate(
    rowsOf(
      db,
      sql`select * from (${source}) cards order by id limit ${filter.limit} offset ${filter.offset}`,
      reportCardRow,
    ),
    countRows(db, sql`select count(*)::int as total from (${source}) cards`),
  );
};
