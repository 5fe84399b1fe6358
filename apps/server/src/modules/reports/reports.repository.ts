import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { ReachedPersonRow } from '../../lib/people';
import { matchesNameOrEmail, reachedBy, teachesStudent } from '../../lib/people';

/** A student the requester reaches, found by e-mail (the reports' `userEmail`). */
export type StudentRow = {
  id: number;
  first_name: string;
  last_name: string;
  avatar: string | null;
  email: string;
};

export const findReachedStudent = async (db: Executor, me: number, email: string) =>
  (
    await rowsOf<StudentRow>(
      db,
      sql`select "users"."id", "users"."first_name", "users"."last_name", "users"."avatar", "users"."email"
        from users "users" where lower("users"."email") = lower(${email}) and ${reachedBy(me)}`,
    )
  )[0];

export type ReportStudentRow = ReachedPersonRow & {
  categories_len: number;
  learning_paths_len: number;
  learned_verbal_len: number;
  learned_typing_len: number;
  last_active: string | null;
};

/** A page of the students I reach, by name, with their totals over their categories and paths. */
export const studentsPage = async (
  db: Executor,
  filter: { me: number; search?: string; threshold: number; limit: number; offset: number },
) => {
  const where = sql`${reachedBy(filter.me)} ${filter.search ? sql`and ${matchesNameOrEmail(filter.search)}` : sql``}`;
  const [counted, rows] = await Promise.all([
    rowsOf<{ total: number }>(db, sql`select count(*)::int as total from users "users" where ${where}`),
    rowsOf<ReportStudentRow>(
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
    ),
  ]);
  return { total: counted[0]?.total ?? 0, rows };
};

export type ReportRow = {
  id: number;
  name: string;
  path_id: number | null;
  path_name: string | null;
  volume_verbal: number | null;
  volume_typing: number | null;
  date_created: Date | string;
  type_of_cards: 'text' | 'picture' | 'kids';
  cards_len: number;
  learned_verbal_len: number;
  learned_typing_len: number;
  guesses: number;
  incorrect: number;
  guesses_typing: number;
  incorrect_typing: number;
};

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
      null::int as volume_typing, c.created_at as date_created, c.type_of_cards::text as type_of_cards, a.*
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
      c.type_of_cards::text, a.*
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
  const [counted, pageRows] = await Promise.all([
    rowsOf<{ total: number }>(
      db,
      sql`select (select count(*)::int from categories c where c.user_id = ${filter.studentId} and c.type_of_cards <> 'kids')
        + (select count(*)::int from learning_paths p where p.assigned_user_id = ${filter.studentId}) as total`,
    ),
    rowsOf<ReportRow>(db, sql`with ${page} select * from (${rows}) report ${order}`),
  ]);
  return { total: counted[0]?.total ?? 0, rows: pageRows };
};

export const oneReportRow = async (db: Executor, studentId: number, threshold: number, scope: ReportScope) =>
  (await rowsOf<ReportRow>(db, reportRowsQuery(studentId, threshold, scope)))[0];

export type ReportCardRow = {
  id: number;
  first_side: string;
  second_side: string;
  tag: string;
  guesses_score: number;
  incorrect_guesses_score: number;
  guesses_score_typing: number;
  incorrect_guesses_score_typing: number;
  learned_verbal: boolean;
  learned_typing: boolean;
};

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
  const [counted, rows] = await Promise.all([
    rowsOf<{ total: number }>(db, sql`select count(*)::int as total from (${source}) cards`),
    rowsOf<ReportCardRow>(
      db,
      sql`select * from (${source}) cards order by id limit ${filter.limit} offset ${filter.offset}`,
    ),
  ]);
  return { total: counted[0]?.total ?? 0, rows };
};
