import { sql } from 'drizzle-orm';
import type { Executor } from '../src/db/client';

/**
 * Takes a test database back to a moment, row by row: once recording, every insert, update and delete
 * of the application's tables is logged with the row before and after, and `undo()` reverts them newest
 * first, so many cases can share one costly fixture and each still starts from the same rows. Foreign
 * keys and other triggers are off while it reverts (replica mode), so the order in which cascades were
 * logged does not matter; sequences are not reverted (ids stay unique). Only the database is covered:
 * the code under test must keep no state of its own between requests.
 */
export type UndoLog = {
  /** Reverts every change since recording began or the last undo; resolves with how many it reverted. */
  undo: () => Promise<number>;
  /** Stops recording and removes the log. */
  remove: () => Promise<void>;
};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export const recordChanges = async (db: Executor): Promise<UndoLog> => {
  // One statement a call: the embedded database prepares each, and a prepared statement holds one.
  const statements = [
    `create table test_undo_log (
      seq bigserial primary key,
      tbl regclass not null,
      op text not null,
      old_row jsonb,
      new_row jsonb
    )`,
    `create function test_undo_record() returns trigger language plpgsql as $$
    begin
      insert into test_undo_log (tbl, op, old_row, new_row) values (
        TG_RELID::regclass,
        TG_OP,
        case when TG_OP <> 'INSERT' then to_jsonb(OLD) end,
        case when TG_OP <> 'DELETE' then to_jsonb(NEW) end
      );
      return null;
    end $$`,
    `create function test_undo_revert() returns integer language plpgsql as $$
    declare
      entry record;
      insertable text;
      updatable text;
      matching text;
      reverted integer := 0;
    begin
      perform set_config('session_replication_role', 'replica', true);
      for entry in select * from test_undo_log order by seq desc loop
        select
          string_agg(quote_ident(attname), ', ' order by attnum) filter (where attgenerated = ''),
          string_agg(quote_ident(attname), ', ' order by attnum) filter (where attgenerated = '' and attidentity <> 'a')
          into insertable, updatable
          from pg_attribute
          where attrelid = entry.tbl and attnum > 0 and not attisdropped;
        -- The row as it is now (r) is found by its primary key, or whole where a table has none.
        select string_agg(format('t.%1$I is not distinct from r.%1$I', a.attname), ' and ') into matching
          from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
          where i.indrelid = entry.tbl and i.indisprimary;
        matching := coalesce(matching, 'to_jsonb(t) = to_jsonb(r)');
        if entry.op = 'INSERT' then
          execute format(
            'delete from %1$s t using jsonb_populate_record(null::%1$s, $1) r where %2$s',
            entry.tbl, matching
          ) using entry.new_row;
        elsif entry.op = 'DELETE' then
          execute format(
            'insert into %1$s (%2$s) overriding system value select %2$s from jsonb_populate_record(null::%1$s, $1)',
            entry.tbl, insertable
          ) using entry.old_row;
        else
          execute format(
            'update %1$s t set (%2$s) = (select %2$s from jsonb_populate_record(null::%1$s, $1)) '
              'from jsonb_populate_record(null::%1$s, $2) r where %3$s',
            entry.tbl, updatable, matching
          ) using entry.old_row, entry.new_row;
        end if;
        reverted := reverted + 1;
      end loop;
      delete from test_undo_log;
      return reverted;
    end $$`,
    `do $$
    declare name text;
    begin
      for name in
        select quote_ident(tablename) from pg_tables
        where schemaname = current_schema() and tablename <> 'test_undo_log'
      loop
        execute format(
          'create trigger test_undo_record after insert or update or delete on %s for each row execute function test_undo_record()',
          name
        );
      end loop;
    end $$`,
  ];
  for (const statement of statements) await db.execute(sql.raw(statement));
  return {
    undo: async () =>
      rowsOf<{ reverted: number }>(await db.execute(sql`select test_undo_revert() as reverted`))[0]!.reverted,
    remove: async () => {
      const removals = [
        `do $$
        declare name text;
        begin
          for name in
            select quote_ident(tablename) from pg_tables
            where schemaname = current_schema() and tablename <> 'test_undo_log'
          loop
            execute format('drop trigger if exists test_undo_record on %s', name);
          end loop;
        end $$`,
        'drop function test_undo_record()',
        'drop function test_undo_revert()',
        'drop table test_undo_log',
      ];
      for (const statement of removals) await db.execute(sql.raw(statement));
    },
  };
};
