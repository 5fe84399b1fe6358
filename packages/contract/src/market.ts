import { z } from 'zod';
import { formBoolean } from './auth';
import { cardTypeSchema, categorySchema } from './cards';
import { idParams, idValue, pageQuery, pageValue, paginated } from './common';
import { CATEGORY_DESCRIPTION_MAX_LENGTH, CATEGORY_NAME_MAX_LENGTH } from './limits';
import { occlusionSchema } from './occlusion';
import { defineRoute, noContent } from './route';

/** Catalog topics and languages (spec: Market category). */
export const marketTopics = ['languages', 'education', 'hobby', 'art', 'computers'] as const;
export const marketLanguages = ['en', 'bg'] as const;
export const marketTopicSchema = z.enum(marketTopics);
export const marketLanguageSchema = z.enum(marketLanguages);
export type MarketTopic = z.infer<typeof marketTopicSchema>;
export type MarketLanguage = z.infer<typeof marketLanguageSchema>;

/** Characters of a rejection reason or an abuse report. */
export const MARKET_REASON_MAX_LENGTH = 1000;
/** Characters of a catalog search. */
export const MARKET_SEARCH_MAX_LENGTH = 100;
/** Cards a catalog detail shows before one adopts or practises the category. */
export const MARKET_SAMPLE_CARDS = 6;

/**
 * A catalog category as anyone may see it (spec: Market category): the approved version of an author's
 * category, under the author's category id. `user` is the author's id and `created_by` their name: nobody
 * sees the author's e-mail. `rating` is the mean of the ratings, null until the first; `approved_at` is
 * when the version shown was approved (the `last_update` order).
 */
export const marketCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  user: z.number().int(),
  description: z.string(),
  rating: z.number().nullable(),
  ratings_count: z.number().int(),
  created_by: z.string(),
  market_accessible: z.boolean(),
  adopted: z.number().int(),
  cards_length: z.number().int(),
  type_of_cards: cardTypeSchema,
  language: z.string(),
  topic: z.string(),
  approved_at: z.string(),
});
export type MarketCategory = z.infer<typeof marketCategorySchema>;

/** A card of a catalog version: the text, or for picture and kids cards the picture's URL and the word. */
export const marketCardSchema = z.object({
  id: z.number().int(),
  first_side: z.string(),
  first_side_url: z.string().nullable(),
  second_side: z.string(),
  tag: z.string(),
  audio_url: z.string().nullable(),
  /** An image occlusion card's rectangles and the one it asks about. */
  occlusion: occlusionSchema.nullable(),
});
export type MarketCard = z.infer<typeof marketCardSchema>;

/**
 * The detail: a sample of the cards, and what the signed-in reader has done with it (null and false for
 * guests): their rating, whether they reported it, their adopted copy, whether it is their own.
 */
export const marketCategoryDetailSchema = marketCategorySchema.extend({
  sample_cards: z.array(marketCardSchema),
  my_rating: z.number().int().nullable(),
  reported_by_me: z.boolean(),
  my_copy: z.number().int().nullable(),
  is_mine: z.boolean(),
});
export type MarketCategoryDetail = z.infer<typeof marketCategoryDetailSchema>;

/** What changed between two versions of a catalog category, card by card. */
export const marketChangesSchema = z.object({
  added: z.array(marketCardSchema),
  changed: z.array(z.object({ before: marketCardSchema, after: marketCardSchema })),
  removed: z.array(marketCardSchema),
  /** Name, description, language or topic changed. */
  details_changed: z.boolean(),
});
export type MarketChanges = z.infer<typeof marketChangesSchema>;

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

export const marketListQuery = z.object({
  page: pageValue,
  search_value: z.preprocess(emptyToUndefined, z.string().trim().max(MARKET_SEARCH_MAX_LENGTH).optional()),
  most_download: formBoolean.optional(),
  last_update: formBoolean.optional(),
  top_rate: formBoolean.optional(),
  language: z.preprocess(emptyToUndefined, marketLanguageSchema.optional()),
  topic: z.preprocess(emptyToUndefined, marketTopicSchema.optional()),
});

/**
 * Publishing (the spec's body): the catalog fields; `market_accessible: false` alone removes the category
 * from the catalog. The spec's `user`, `created_by`, `market_approvement` and `type_of_cards` are accepted
 * and ignored: the server decides them.
 */
export const publishBody = z
  .object({
    name: z.string().trim().min(1).max(CATEGORY_NAME_MAX_LENGTH).optional(),
    description: z.string().trim().min(1).max(CATEGORY_DESCRIPTION_MAX_LENGTH).optional(),
    language: marketLanguageSchema.optional(),
    topic: marketTopicSchema.optional(),
    market_accessible: formBoolean.optional(),
    user: z.unknown().optional(),
    created_by: z.unknown().optional(),
    market_approvement: z.unknown().optional(),
    type_of_cards: z.unknown().optional(),
  })
  .superRefine((body, context) => {
    if (body.market_accessible === false) return;
    for (const field of ['name', 'description', 'language', 'topic'] as const)
      if (body[field] === undefined)
        context.addIssue({ code: 'custom', path: [field], message: 'errors:field_required' });
  });

const reason = z.string().trim().min(1).max(MARKET_REASON_MAX_LENGTH);

export const ratingSchema = z.object({
  rating: z.number().nullable(),
  ratings_count: z.number().int(),
  my_rating: z.number().int(),
});

/** An adopter's copy: whether the author's newer approved version can be applied, and what it changes. */
export const marketUpdateSchema = z.object({
  available: z.boolean(),
  approved_at: z.string().nullable(),
  changes: marketChangesSchema.nullable(),
});

export const marketReportSchema = z.object({
  id: z.number().int(),
  category: z.object({ id: z.number().int(), name: z.string() }),
  reason: z.string(),
  reporter: z.string(),
  created_at: z.string(),
});

/**
 * A category in the staff's queue: waiting for its first review (`new`) or with changes to an approved
 * version (`update`), oldest first; `age_hours` against the 24-hour promise. `revision` names the content
 * the reviewer saw: an approval of an older revision answers 409.
 */
export const moderationItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  language: z.string(),
  topic: z.string(),
  type_of_cards: cardTypeSchema,
  author: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  kind: z.enum(['new', 'update']),
  submitted_at: z.string(),
  age_hours: z.number(),
  cards_length: z.number().int(),
  revision: z.number().int(),
  reports_count: z.number().int(),
});
export const moderationDetailSchema = moderationItemSchema.extend({
  cards: z.array(marketCardSchema),
  /** Against the approved version, for an update; null for a first review. */
  changes: marketChangesSchema.nullable(),
  reports: z.array(marketReportSchema),
});

const tag = 'market';
const staffTag = 'staff: catalog';

export const marketRoutes = {
  publish: defineRoute({
    method: 'PUT',
    path: '/api/card/market/{id}/',
    access: 'user',
    tag,
    summary: 'Publish my category on the catalog (it waits for review), or remove it',
    description:
      'The owner only; the category needs at least one card. With MARKET_AUTO_APPROVE the version is ' +
      'approved at once. Later changes to the cards or the details of a published category go to review ' +
      'again while the approved version stays on the catalog.',
    params: idParams,
    body: publishBody,
    response: categorySchema,
    errors: [404],
  }),
  marketCategories: defineRoute({
    method: 'GET',
    path: '/api/card/market/',
    access: 'user',
    tag,
    summary: 'The catalog: search, filters and orders (paginated)',
    query: marketListQuery,
    response: paginated(marketCategorySchema),
  }),
  marketCategory: defineRoute({
    method: 'GET',
    path: '/api/card/market/{id}/',
    access: 'user',
    tag,
    summary: 'A catalog category with sample cards and what I did with it',
    params: idParams,
    response: marketCategoryDetailSchema,
    errors: [404],
  }),
  publicMarketCategories: defineRoute({
    method: 'GET',
    path: '/api/card/market-public/',
    access: 'public',
    tag,
    summary: 'The catalog without sign-in (paginated)',
    query: marketListQuery,
    response: paginated(marketCategorySchema),
  }),
  publicMarketCategory: defineRoute({
    method: 'GET',
    path: '/api/card/market-public/{id}/',
    access: 'public',
    tag,
    summary: 'A catalog category (no sign-in); categories not approved on the catalog answer 404',
    params: idParams,
    response: marketCategoryDetailSchema,
    errors: [404],
  }),
  rate: defineRoute({
    method: 'POST',
    path: '/api/card/market/{id}/rate/',
    access: 'user',
    tag,
    summary: 'Rate a catalog category from 1 to 5 (once per user, changeable; not my own)',
    params: idParams,
    body: z.object({ rating: z.number().int().min(1).max(5) }),
    response: ratingSchema,
    errors: [403, 404],
  }),
  report: defineRoute({
    method: 'POST',
    path: '/api/card/market/{id}/report/',
    access: 'user',
    tag,
    summary: 'Report a catalog category to the staff, with a reason (once per user)',
    params: idParams,
    body: z.object({ reason }),
    status: 201,
    response: z.object({ id: z.number().int(), reason: z.string(), created_at: z.string() }),
    errors: [403, 404, 409],
  }),
  adopt: defineRoute({
    method: 'POST',
    path: '/api/card/adopted-from-market/',
    access: 'user',
    tag,
    summary: 'Adopt a catalog category: a copy of its cards and media in my account, scores zero',
    description: 'One copy per user while it exists (409 names it); not my own category (403).',
    body: z.object({ category_id: idValue, user_id: z.unknown().optional() }),
    status: 201,
    response: categorySchema,
    errors: [403, 404, 409],
  }),
  adoptedUpdate: defineRoute({
    method: 'GET',
    path: '/api/card/adopted-from-market/{id}/update/',
    access: 'user',
    tag,
    summary: "My adopted copy: whether the author's newer approved version is available, and its changes",
    params: idParams,
    response: marketUpdateSchema,
    errors: [404],
  }),
  applyAdoptedUpdate: defineRoute({
    method: 'POST',
    path: '/api/card/adopted-from-market/{id}/update/',
    access: 'user',
    tag,
    summary: 'Apply the newer version to my copy: new and changed cards come in, removed ones go',
    description:
      'My scores of unchanged cards stay; a changed card keeps its scores unless its answer changed. ' +
      'Cards I added myself stay. 409 when there is no update.',
    params: idParams,
    response: categorySchema,
    errors: [404, 409],
  }),
  moderationQueue: defineRoute({
    method: 'GET',
    path: '/api/admin/market/',
    access: 'staff',
    tag: staffTag,
    summary: 'Categories waiting for review, oldest first (paginated)',
    query: pageQuery,
    response: paginated(moderationItemSchema),
  }),
  moderationCategory: defineRoute({
    method: 'GET',
    path: '/api/admin/market/{id}/',
    access: 'staff',
    tag: staffTag,
    summary: 'A category to review: its cards, the changes since the approved version, its reports',
    params: idParams,
    response: moderationDetailSchema,
    errors: [404],
  }),
  approve: defineRoute({
    method: 'PUT',
    path: '/api/admin/market/{id}/approve/',
    access: 'staff',
    tag: staffTag,
    summary: 'Approve the revision reviewed: it becomes the version on the catalog',
    params: idParams,
    body: z.object({ revision: z.number().int().min(0) }),
    response: moderationItemSchema,
    errors: [404, 409],
  }),
  reject: defineRoute({
    method: 'PUT',
    path: '/api/admin/market/{id}/reject/',
    access: 'staff',
    tag: staffTag,
    summary: 'Reject with a reason the author sees and is mailed; an approved version stays',
    params: idParams,
    body: z.object({ reason, revision: z.number().int().min(0) }),
    response: moderationItemSchema,
    errors: [404, 409],
  }),
  withdraw: defineRoute({
    method: 'PUT',
    path: '/api/admin/market/{id}/withdraw/',
    access: 'staff',
    tag: staffTag,
    summary: 'Take a category off the catalog with a reason (after reports of abuse); its reports close',
    params: idParams,
    body: z.object({ reason }),
    response: z.object({ id: z.number().int() }),
    errors: [404],
  }),
  marketReports: defineRoute({
    method: 'GET',
    path: '/api/admin/market/reports/',
    access: 'staff',
    tag: staffTag,
    summary: 'Open reports of abuse, oldest first (paginated)',
    query: pageQuery,
    response: paginated(marketReportSchema),
  }),
  dismissReport: defineRoute({
    method: 'DELETE',
    path: '/api/admin/market/reports/{id}/',
    access: 'staff',
    tag: staffTag,
    summary: 'Close a report without acting on the category',
    params: idParams,
    status: 204,
    response: noContent,
    errors: [404],
  }),
};
