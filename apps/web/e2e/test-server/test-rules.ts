/**
 * Test-only rules put into the end-to-end database before the server opens it. The app has no way yet to
 * end a trial or to approve a catalog category (moderation is a staff task still to come), and the tests
 * need both; so the database itself plays the part, keyed on the e-mail address of the account:
 *
 * - an account registered as `free-…@…` starts with its trial already over (a free user, with the daily limit);
 * - every category made by an account registered as `catalog-…@…` is approved and on the catalog.
 *
 * Nothing here is part of the app: only this test server's database has these triggers.
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

export const FREE_ACCOUNT_PREFIX = 'free-';
export const CATALOG_AUTHOR_PREFIX = 'catalog-';

const rules = `
create function e2e_free_account() returns trigger language plpgsql as $$
begin
  new.trial_end_date := now() - interval '1 day';
  return new;
end $$;

create trigger e2e_free_account before insert on users for each row
  when (new.email like '${FREE_ACCOUNT_PREFIX}%') execute function e2e_free_account();

create function e2e_catalog_category() returns trigger language plpgsql as $$
begin
  if exists (select 1 from users where id = new.user_id and email like '${CATALOG_AUTHOR_PREFIX}%') then
    new.market_approvement := 'approved';
    new.market_accessible := true;
  end if;
  return new;
end $$;

create trigger e2e_catalog_category before insert on categories for each row
  execute function e2e_catalog_category();
`;

/** Creates the server's database in `dataDir` (its migrations, as the server runs them) with the rules above. */
export async function prepareTestDatabase(dataDir: string, serverDir: string): Promise<void> {
  const pglite = await PGlite.create({ dataDir: path.join(dataDir, 'db') });
  try {
    await migrate(drizzle({ client: pglite }), { migrationsFolder: path.join(serverDir, 'drizzle') });
    await pglite.exec(rules);
  } finally {
    await pglite.close();
  }
}
