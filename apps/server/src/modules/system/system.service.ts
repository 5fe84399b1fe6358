import type { PublicStats, Site } from '@flashcards/contract';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import type { ExpectedSchema } from '../../db/migrate';
import type { SiteContent } from './site-content';
import { countCategoriesAndCards, findSchemaGaps } from './system.repository';

export type Readiness = { ready: true } | { ready: false; problem: string };

export const createSystemService = (deps: {
  database: DatabaseHandle;
  config: Config;
  content: SiteContent;
  /** The tables and migrations of this server's version, which the readiness probe looks for. */
  schema: ExpectedSchema;
}) => ({
  site: (): Site => ({
    name: deps.config.site.name,
    contact_email: deps.config.site.contactEmail,
    google_sign_in: deps.config.google !== undefined,
    daily_card_limit: deps.config.limits.dailyCardLimit,
    learned_threshold: deps.config.limits.learnedThreshold,
    trial_days: deps.config.limits.trialDays,
    premium_for_all: deps.config.subscriptions.premiumForAll,
    ...deps.content,
  }),

  publicStats: async (): Promise<PublicStats> => {
    const counts = await countCategoriesAndCards(deps.database.db);
    return { categories_count: counts.categories, cards_count: counts.cards };
  },

  /**
   * The readiness probe of a load balancer: the database answers and holds this version's schema (every
   * table, every shipped migration applied). Answering only `select 1` would call a database whose
   * tables are gone ready, and every data call would then fail.
   */
  readiness: async (): Promise<Readiness> => {
    try {
      const gaps = await findSchemaGaps(deps.database.db, deps.schema);
      if (gaps.tables.length > 0)
        return { ready: false, problem: `missing tables: ${gaps.tables.join(', ')}` };
      if (gaps.migrations.length > 0)
        return { ready: false, problem: `migrations not applied: ${gaps.migrations.join(', ')}` };
      return { ready: true };
    } catch (error) {
      return { ready: false, problem: error instanceof Error ? error.message : String(error) };
    }
  },
});
