import { z } from 'zod';
import { cardTypeSchema } from './cards';
import { idParams } from './common';
import { defineRoute } from './route';

/**
 * A catalog category as anyone may see it (spec: Market category). `user` is the author's id and
 * `created_by` their name: a guest never sees the author's e-mail. `rating` is null until the catalog
 * is rated.
 */
export const marketCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  user: z.number().int(),
  description: z.string(),
  rating: z.number().nullable(),
  created_by: z.string(),
  market_accessible: z.boolean(),
  adopted: z.number().int(),
  cards_length: z.number().int(),
  type_of_cards: cardTypeSchema,
  language: z.string(),
  topic: z.string(),
});
export type MarketCategory = z.infer<typeof marketCategorySchema>;

export const marketRoutes = {
  publicMarketCategory: defineRoute({
    method: 'GET',
    path: '/api/card/market-public/{id}/',
    access: 'public',
    tag: 'market',
    summary: 'A catalog category (no sign-in); categories not approved on the catalog answer 404',
    params: idParams,
    response: marketCategorySchema,
  }),
};
