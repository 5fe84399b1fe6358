import { z } from 'zod';
import { formBoolean } from './auth';
import type { Route } from './common';

export const cardRoutes = {
  categories: { method: 'GET', path: '/api/card/category/' },
  kidsCategories: { method: 'GET', path: '/api/card/category-kids/' },
  allCategories: { method: 'GET', path: '/api/card/category-all/' },
  allKidsCategories: { method: 'GET', path: '/api/card/category-kids-all/' },
  createCategory: { method: 'POST', path: '/api/card/category/' },
  category: { method: 'GET', path: '/api/card/category/{id}/' },
  updateCategory: { method: 'PUT', path: '/api/card/category/{id}/' },
  deleteCategory: { method: 'DELETE', path: '/api/card/category/{id}/' },
  resetCategory: { method: 'POST', path: '/api/card/reset-category/' },
  mergeCategory: { method: 'PUT', path: '/api/card/merge-category/' },

  textTags: { method: 'GET', path: '/api/card/card-text-tags/' },
  textCardsPage: { method: 'GET', path: '/api/card/card-text-paginated/' },
  textCards: { method: 'GET', path: '/api/card/card-text/' },
  textCard: { method: 'GET', path: '/api/card/card-text/{id}/' },
  createTextCard: { method: 'POST', path: '/api/card/card-text/' },
  updateTextCard: { method: 'PUT', path: '/api/card/card-text/{id}/' },
  deleteTextCard: { method: 'DELETE', path: '/api/card/card-text/{id}/' },
  uploadTextCards: { method: 'POST', path: '/api/card/card-text-multiple/' },
  publicTextTags: { method: 'GET', path: '/api/card/card-text-tags-public/' },
  publicTextCards: { method: 'GET', path: '/api/card/card-text-public/' },

  pictureTags: { method: 'GET', path: '/api/card/card-images-tags/' },
  pictureCardsPage: { method: 'GET', path: '/api/card/card-picture-paginated/' },
  pictureCards: { method: 'GET', path: '/api/card/card-picture/' },
  pictureCard: { method: 'GET', path: '/api/card/card-picture/{id}/' },
  createPictureCard: { method: 'POST', path: '/api/card/card-picture/' },
  updatePictureCard: { method: 'PUT', path: '/api/card/card-picture/{id}/' },
  deletePictureCard: { method: 'DELETE', path: '/api/card/card-picture/{id}/' },
  publicPictureTags: { method: 'GET', path: '/api/card/card-images-tags-public/' },
  publicPictureCards: { method: 'GET', path: '/api/card/card-picture-public/' },

  kidsCardsPage: { method: 'GET', path: '/api/card/card-picture-kids-paginated/' },
  kidsCards: { method: 'GET', path: '/api/card/card-picture-kids/' },
  kidsCard: { method: 'GET', path: '/api/card/card-picture-kids/{id}/' },
  createKidsCard: { method: 'POST', path: '/api/card/card-picture-kids/' },
  updateKidsCard: { method: 'PUT', path: '/api/card/card-picture-kids/{id}/' },
  deleteKidsCard: { method: 'DELETE', path: '/api/card/card-picture-kids/{id}/' },
} as const satisfies Record<string, Route>;

export const cardTypeSchema = z.enum(['text', 'picture', 'kids']);
export const marketApprovementSchema = z.enum(['none', 'pending', 'approved', 'rejected']);
export type CardType = z.infer<typeof cardTypeSchema>;

/** An id in a query string or a form field. */
export const idValue = z.coerce.number().int().positive().max(2_147_483_647);

export const userSummarySchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  avatar_url: z.string().nullable(),
});

export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  user: userSummarySchema,
  type_of_cards: cardTypeSchema,
  description: z.string(),
  language: z.string(),
  topic: z.string(),
  send_to_me: z.boolean(),
  ai_created: z.boolean(),
  market_accessible: z.boolean(),
  market_approvement: marketApprovementSchema,
  market_rejection_reason: z.string(),
  adopted: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  cards_len: z.number().int(),
  learned_cards_verbal_len: z.number().int(),
  learned_cards_typing_len: z.number().int(),
  total_guesses_score: z.number().int(),
  total_incorrect_guesses_score: z.number().int(),
  total_guesses_score_typing: z.number().int(),
  total_incorrect_guesses_score_typing: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

export const sortQuery = z.object({
  sort_by: z
    .enum(['date', 'alphabetical', 'name'])
    .default('date')
    .transform((value) => (value === 'name' ? 'alphabetical' : value)),
  sort_order: z.enum(['desc', 'asc']).default('desc'),
});

export const categoryListQuery = sortQuery.extend({
  page: z.coerce.number().int().min(1).default(1),
  user_id: idValue.optional(),
  ai_created: formBoolean.optional(),
});
export const allCategoriesQuery = z.object({ user_id: idValue.optional() });

const categoryName = z.string().trim().min(1).max(100);
export const categoryBody = z.object({
  name: categoryName,
  type_of_cards: cardTypeSchema,
  description: z.string().trim().max(2000).optional(),
  language: z.string().trim().max(50).optional(),
  topic: z.string().trim().max(50).optional(),
  /** Ignored: the owner is the signed-in user. */
  user: z.unknown().optional(),
});
export const categoryUpdateBody = categoryBody.partial({ type_of_cards: true });

export const resetCategoryBody = z.object({ category_id: idValue });
export const mergeCategoryBody = z.object({ parent_category_id: idValue, child_category_id: idValue });

const cardSide = z.string().trim().min(1).max(1000);
const tag = z.string().trim().max(100);
const scores = {
  guesses_score: z.number().int(),
  incorrect_guesses_score: z.number().int(),
  guesses_score_typing: z.number().int(),
  incorrect_guesses_score_typing: z.number().int(),
};

export const textCardSchema = z.object({
  id: z.number().int(),
  first_side: z.string(),
  second_side: z.string(),
  category: z.number().int(),
  tag: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  ...scores,
});
export const pictureCardSchema = textCardSchema.extend({
  first_side_url: z.string(),
  first_side_thumbnail_url: z.string(),
});
export const kidsCardSchema = z.object({
  id: z.number().int(),
  first_side: z.string(),
  first_side_url: z.string(),
  first_side_thumbnail_url: z.string(),
  second_side: z.string(),
  category: z.number().int(),
  language: z.string(),
  audio: z.string().nullable(),
  audio_url: z.string().nullable(),
  listen_counts: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TextCard = z.infer<typeof textCardSchema>;
export type PictureCard = z.infer<typeof pictureCardSchema>;
export type KidsCard = z.infer<typeof kidsCardSchema>;

export const categoryIdQuery = z.object({ category_id: idValue });
/** `tags` is a comma list. */
export const tagsValue = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  );
export const cardPageQuery = categoryIdQuery.extend({
  page: z.coerce.number().int().min(1).default(1),
  tags: tagsValue,
  search_value: z.string().trim().max(200).optional(),
});
export const cardListQuery = categoryIdQuery.extend({
  tags: tagsValue,
  quantity: z.coerce.number().int().min(1).max(1000).optional(),
  type: z.enum(['verbal', 'typing']).default('verbal'),
});

export const textCardBody = z.object({
  first_side: cardSide,
  second_side: cardSide,
  category: idValue,
  tag: tag.optional(),
});
/** Picture and kids cards arrive as multipart: the image is a file, the rest are strings. */
export const pictureCardFields = z.object({ second_side: cardSide, category: idValue, tag: tag.optional() });
export const kidsCardFields = z.object({
  second_side: cardSide,
  category: idValue,
  language: z.string().trim().min(1).max(20),
});
