import type { PublicStats, Site } from '@flashcards/contract';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import type { SiteContent } from './site-content';
import { countCategoriesAndCards } from './system.repository';

export const createSystemService = (deps: {
  database: DatabaseHandle;
  config: Config;
  content: SiteContent;
}) => ({
  site: (): Site => ({
    name: deps.config.site.name,
    contact_email: deps.config.site.contactEmail,
    google_sign_in: deps.config.google !== undefined,
    daily_card_limit: deps.config.limits.dailyCardLimit,
    trial_days: deps.config.limits.trialDays,
    ...deps.content,
  }),

  publicStats: async (): Promise<PublicStats> => {
    const counts = await countCategoriesAndCards(deps.database.db);
    return { categories_count: counts.categories, cards_count: counts.cards };
  },

  /** True when the database answers; the readiness probe of a load balancer. */
  isReady: async (): Promise<boolean> => {
    try {
      await deps.database.ping();
      return true;
    } catch {
      return false;
    }
  },
});
