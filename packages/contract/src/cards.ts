import { z } from 'zod';
import { formBoolean } from './auth';
import { CLOZE_MAX_NUMBERS, clozeNumbers } from './card-text';
import { idParams, idValue, pageValue, paginated } from './common';
import {
  ANKI_PACKAGE_MAX_BYTES,
  ANKI_PACKAGE_MAX_NOTES,
  CARD_SIDE_MAX_LENGTH,
  CARD_TAG_MAX_LENGTH,
  CATEGORY_DESCRIPTION_MAX_LENGTH,
  CATEGORY_NAME_MAX_LENGTH,
  PRACTICE_MAX_CARDS,
} from './limits';
import { occlusionMasksField, occlusionModeSchema, occlusionSchema } from './occlusion';
import {
  answerOutcome,
  cardScores,
  practiceSessionId,
  type ScoreField,
  scoreFields,
  scoreTotals,
} from './practice';
import { defineRoute, fileBody, filePart, noContent, stagedFilePart } from './route';

export const cardTypeSchema = z.enum(['text', 'picture', 'kids']);
export const marketApprovementSchema = z.enum(['none', 'pending', 'approved', 'rejected']);
export type CardType = z.infer<typeof cardTypeSchema>;

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
  /** The catalog category this one was adopted from, while it is on the catalog. */
  adopted_from: z.number().int().nullable(),
  /** The catalog category has a newer approved version than this copy (see its update call). */
  market_update_available: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  cards_len: z.number().int(),
  learned_cards_verbal_len: z.number().int(),
  learned_cards_typing_len: z.number().int(),
  /** Cards whose spaced review is due now (reviewed before, due date passed); text and picture only. */
  due_cards_len: z.number().int().optional(),
  /** Cards never reviewed yet (the review session brings a bounded number of them a day). */
  new_review_cards_len: z.number().int().optional(),
  ...scoreTotals,
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
  page: pageValue,
  user_id: idValue.optional(),
  ai_created: formBoolean.optional(),
});
export const allCategoriesQuery = z.object({ user_id: idValue.optional() });

const categoryName = z.string().trim().min(1).max(CATEGORY_NAME_MAX_LENGTH);
export const categoryBody = z.object({
  name: categoryName,
  type_of_cards: cardTypeSchema,
  description: z.string().trim().max(CATEGORY_DESCRIPTION_MAX_LENGTH).optional(),
  language: z.string().trim().max(50).optional(),
  topic: z.string().trim().max(50).optional(),
  /** Ignored: the owner is the signed-in user. */
  user: z.unknown().optional(),
});
export const categoryUpdateBody = categoryBody.partial({ type_of_cards: true });

export const resetCategoryBody = z.object({ category_id: idValue });
export const mergeCategoryBody = z.object({ parent_category_id: idValue, child_category_id: idValue });

const cardSide = z.string().trim().min(1).max(CARD_SIDE_MAX_LENGTH);
const tag = z.string().trim().max(CARD_TAG_MAX_LENGTH);

export const textCardSchema = z.object({
  id: z.number().int(),
  first_side: z.string(),
  second_side: z.string(),
  category: z.number().int(),
  tag: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  ...cardScores,
});
export const pictureCardSchema = textCardSchema.extend({
  first_side_url: z.string(),
  first_side_thumbnail_url: z.string(),
  /** An image occlusion card: the rectangles on its picture and the one it asks about; else null. */
  occlusion: occlusionSchema.nullable(),
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
  page: pageValue,
  tags: tagsValue,
  search_value: z.string().trim().max(200).optional(),
});
/** A first side to look for among a category's text cards; `exclude_id` leaves out the card being edited. */
export const cardDuplicateQuery = categoryIdQuery.extend({
  first_side: cardSide,
  exclude_id: idValue.optional(),
});
export const cardDuplicateSchema = z.object({
  duplicate: z.object({ id: z.number().int(), first_side: z.string(), second_side: z.string() }).nullable(),
});
export const cardListQuery = categoryIdQuery.extend({
  tags: tagsValue,
  quantity: z.coerce.number().int().min(1).max(PRACTICE_MAX_CARDS).optional(),
  type: z.enum(['verbal', 'typing']).default('verbal'),
});

/**
 * A text card's fields. A first side with cloze deletions (`{{c1::…}}`) is a cloze card: its second side,
 * an extra note, may be empty, and it makes one card per cloze number (at most `CLOZE_MAX_NUMBERS`).
 */
export const textCardFields = z.object({
  first_side: cardSide,
  second_side: z.string().trim().max(CARD_SIDE_MAX_LENGTH),
  category: idValue,
  tag: tag.optional(),
});
export const textCardRule = (card: { first_side: string; second_side: string }, context: z.RefinementCtx) => {
  const numbers = clozeNumbers(card.first_side).length;
  if (numbers === 0 && card.second_side === '')
    context.addIssue({ code: 'custom', path: ['second_side'], message: 'errors:field_required' });
  if (numbers > CLOZE_MAX_NUMBERS)
    context.addIssue({ code: 'custom', path: ['first_side'], message: 'errors:cloze_too_many' });
};
export const textCardBody = textCardFields.superRefine(textCardRule);

/**
 * The card as the device last saw it, sent with an edit made without the network: the edit is refused
 * (409 `card_changed`) when the card has changed since (another device's edit), so that neither is lost.
 */
export const cardEditBase = {
  base_first_side: z.string().max(CARD_SIDE_MAX_LENGTH).optional(),
  base_second_side: z.string().max(CARD_SIDE_MAX_LENGTH).optional(),
  base_tag: z.string().max(CARD_TAG_MAX_LENGTH).optional(),
};
const textCardEditBody = textCardFields.extend(cardEditBase).superRefine(textCardRule);
/** Picture and kids cards arrive as multipart: the image is a file, the rest are strings. */
export const pictureCardFields = z.object({ second_side: cardSide, category: idValue, tag: tag.optional() });
export const kidsCardFields = z.object({
  second_side: cardSide,
  category: idValue,
  language: z.string().trim().min(1).max(20),
});

/**
 * An answer: one score field (whatever its value: the server adds exactly one). Multipart sends it as
 * text. Any other field of the body is ignored.
 */
const answerOf = (field: ScoreField) =>
  z.object({ [field]: z.coerce.number().int(), session: practiceSessionId.optional() }).transform((body) => ({
    action: 'answer' as const,
    field,
    session: (body.session as string | undefined) ?? null,
  }));
export const cardAnswerBody = z
  .union(scoreFields.map(answerOf) as [ReturnType<typeof answerOf>, ...ReturnType<typeof answerOf>[]])
  .meta({
    title: 'Answer',
    description:
      'One answer: the score named goes up by exactly one, whatever value is sent. The day is the one of ' +
      "the account's time zone (its profile's `time_zone`). Without a subscription or trial, answers past the daily " +
      'limit answer 403. With `session` (a uuid the client makes for each practice session) the answer ' +
      "becomes that session's last one, which `POST /api/card/practice-sessions/{session}/undo/` takes back.",
  });
const edit = <S extends z.ZodType>(fields: S) =>
  fields.transform((value) => ({ action: 'edit' as const, fields: value })).meta({ title: 'Edit' });

export const pictureCardBody = pictureCardFields.extend({ first_side: filePart.optional() });
/** A picture with rectangles drawn on it: a card per rectangle, whose answer is what it hides. */
export const occlusionCardsBody = z.object({
  first_side: filePart.optional(),
  category: idValue,
  tag: tag.optional(),
  masks: occlusionMasksField,
  mode: occlusionModeSchema.default('hide_all'),
});
export const kidsCardBody = kidsCardFields.extend({
  first_side: filePart.optional(),
  audio: filePart.optional(),
});
/** A listen of a kids card: `listen_counts` with any value counts one. */
const kidsListenBody = z
  .object({ listen_counts: z.union([z.number(), z.string()]) })
  .transform(() => ({ action: 'listen' as const }))
  .meta({ title: 'Listen' });

/** A note of an Anki package left out of an import, and why (the package's other notes are imported). */
export const skippedNoteSchema = z.object({
  note: z.number().int().describe("The note's number in the package, from 1"),
  excerpt: z.string().describe("The start of the note's first field, as text"),
  reason: z
    .enum(['empty', 'sound_only', 'picture_only', 'no_picture', 'too_long', 'bad_media', 'image_occlusion'])
    .describe(
      'A side with nothing on it, only a sound, only a picture (text category), no picture (picture ' +
        'and kids categories), longer than a side may be, a picture or sound that cannot be read, or ' +
        'an Anki image occlusion note (its parts have no text answers)',
    ),
});
export type SkippedNote = z.infer<typeof skippedNoteSchema>;
const importedSchema = z.object({ created: z.number().int(), skipped: z.array(skippedNoteSchema) });

const categoryTag = 'categories';
const cardTag = 'cards';
const categoryErrors = { errors: [404] as const };
const DECK_DESCRIPTION =
  "Without a subscription or trial, this answers 403 once the day's answers reached the daily limit.";

const categoryRoutes = {
  categories: defineRoute({
    method: 'GET',
    path: '/api/card/category/',
    access: 'user',
    tag: categoryTag,
    summary: 'My text and picture categories (paginated)',
    description: "`user_id` is accepted for compatibility; the list is always the signed-in user's own.",
    query: categoryListQuery,
    response: paginated(categorySchema),
    ...categoryErrors,
  }),
  kidsCategories: defineRoute({
    method: 'GET',
    path: '/api/card/category-kids/',
    access: 'user',
    tag: categoryTag,
    summary: 'My kids categories (paginated)',
    description: "`user_id` is accepted for compatibility; the list is always the signed-in user's own.",
    query: categoryListQuery,
    response: paginated(categorySchema),
    ...categoryErrors,
  }),
  allCategories: defineRoute({
    method: 'GET',
    path: '/api/card/category-all/',
    access: 'user',
    tag: categoryTag,
    summary: 'All my text and picture categories',
    query: allCategoriesQuery,
    response: categorySchema.array(),
  }),
  allKidsCategories: defineRoute({
    method: 'GET',
    path: '/api/card/category-kids-all/',
    access: 'user',
    tag: categoryTag,
    summary: 'All my kids categories',
    query: allCategoriesQuery,
    response: categorySchema.array(),
  }),
  createCategory: defineRoute({
    method: 'POST',
    path: '/api/card/category/',
    access: 'user',
    tag: categoryTag,
    summary: 'Create a category',
    body: categoryBody,
    status: 201,
    response: categorySchema,
  }),
  category: defineRoute({
    method: 'GET',
    path: '/api/card/category/{id}/',
    access: 'user',
    tag: categoryTag,
    summary: 'One of my categories',
    params: idParams,
    response: categorySchema,
  }),
  updateCategory: defineRoute({
    method: 'PUT',
    path: '/api/card/category/{id}/',
    access: 'user',
    tag: categoryTag,
    summary: 'Rename or describe a category; the type changes only while it has no cards',
    params: idParams,
    body: categoryUpdateBody,
    response: categorySchema,
  }),
  deleteCategory: defineRoute({
    method: 'DELETE',
    path: '/api/card/category/{id}/',
    access: 'user',
    tag: categoryTag,
    summary: 'Delete a category with its cards and files',
    params: idParams,
    status: 204,
    response: noContent,
  }),
  resetCategory: defineRoute({
    method: 'POST',
    path: '/api/card/reset-category/',
    access: 'user',
    tag: categoryTag,
    summary: "Set every score of the category's cards to zero",
    body: resetCategoryBody,
    status: 204,
    response: noContent,
    ...categoryErrors,
  }),
  mergeCategory: defineRoute({
    method: 'PUT',
    path: '/api/card/merge-category/',
    access: 'user',
    tag: categoryTag,
    summary: "Move the child category's cards into the parent and delete the child",
    body: mergeCategoryBody,
    response: categorySchema,
    ...categoryErrors,
  }),
};

const cardPage = <S extends z.ZodType>(path: string, kind: string, card: S) =>
  defineRoute({
    method: 'GET',
    path,
    access: 'user',
    tag: cardTag,
    summary: `A page of the ${kind} cards of one of my categories, newest first`,
    query: cardPageQuery,
    response: paginated(card),
    errors: [404],
  });
const cardDeck = <S extends z.ZodType>(path: string, kind: string, card: S) =>
  defineRoute({
    method: 'GET',
    path,
    access: 'user',
    tag: cardTag,
    summary: `A deck of the ${kind} cards of one of my categories not yet learned in the mode (\`type\`)`,
    description: DECK_DESCRIPTION,
    query: cardListQuery,
    response: card.array(),
    errors: [403, 404],
  });
const oneCard = <S extends z.ZodType>(path: string, kind: string, card: S) =>
  defineRoute({
    method: 'GET',
    path,
    access: 'user',
    tag: cardTag,
    summary: `One of my ${kind} cards`,
    params: idParams,
    response: card,
  });
const deleteCard = (path: string, kind: string) =>
  defineRoute({
    method: 'DELETE',
    path,
    access: 'user',
    tag: cardTag,
    summary: `Delete one of my ${kind} cards`,
    params: idParams,
    status: 204,
    response: noContent,
  });
const cardTags = (path: string, kind: string) =>
  defineRoute({
    method: 'GET',
    path,
    access: 'user',
    tag: cardTag,
    summary: `The tags of my ${kind} cards in a category`,
    query: categoryIdQuery,
    response: z.array(z.string()),
    errors: [404],
  });
const publicCardTags = (path: string, kind: string) =>
  defineRoute({
    method: 'GET',
    path,
    access: 'public',
    tag: cardTag,
    summary: `The tags of a catalog category's ${kind} cards (no sign-in)`,
    query: categoryIdQuery,
    response: z.array(z.string()),
    errors: [404],
  });
const publicCards = <S extends z.ZodType>(path: string, kind: string, card: S) =>
  defineRoute({
    method: 'GET',
    path,
    access: 'public',
    tag: cardTag,
    summary: `A catalog category's ${kind} cards (no sign-in); other categories answer 404`,
    query: categoryIdQuery.extend({ tags: tagsValue }),
    response: card.array(),
    errors: [404],
  });

const textCardRoutes = {
  textTags: cardTags('/api/card/card-text-tags/', 'text'),
  textCardDuplicate: defineRoute({
    method: 'GET',
    path: '/api/card/card-text-duplicate/',
    access: 'user',
    tag: cardTag,
    summary: 'A text card of my category with this first side, letter case and spaces aside (or null)',
    description: 'Asked while a card is typed, to warn before a duplicate is saved; saving is not refused.',
    query: cardDuplicateQuery,
    response: cardDuplicateSchema,
    errors: [404],
  }),
  textCardsPage: cardPage('/api/card/card-text-paginated/', 'text', textCardSchema),
  textCards: cardDeck('/api/card/card-text/', 'text', textCardSchema),
  textCard: oneCard('/api/card/card-text/{id}/', 'text', textCardSchema),
  createTextCard: defineRoute({
    method: 'POST',
    path: '/api/card/card-text/',
    access: 'user',
    tag: cardTag,
    summary: 'Add a text card',
    body: textCardBody,
    status: 201,
    response: textCardSchema,
  }),
  updateTextCard: defineRoute({
    method: 'PUT',
    path: '/api/card/card-text/{id}/',
    access: 'user',
    tag: cardTag,
    summary: 'Edit a text card, or answer it',
    description:
      'A body with a score field is an answer; one with the text fields an edit. An edit with `base_*` ' +
      'fields (the card as the device last saw it) is refused with 409 `card_changed` when the card differs.',
    params: idParams,
    body: z.union([cardAnswerBody, edit(textCardEditBody)]),
    response: textCardSchema.extend(answerOutcome.shape),
    errors: [403, 409],
  }),
  deleteTextCard: deleteCard('/api/card/card-text/{id}/', 'text'),
  uploadTextCards: defineRoute({
    method: 'POST',
    path: '/api/card/card-text-multiple/',
    access: 'user',
    tag: cardTag,
    summary: 'Add many text cards from a file',
    description:
      'A UTF-8 text file of at most 1000 cards: `Side one%Side two&Tag` per line, a tab-separated export ' +
      '(Quizlet, Anki: front, back, optional tag) or CSV with a header row, all or none: any bad line ' +
      'rejects the whole file, naming it. An Anki package is refused here: it is imported in the background ' +
      '(`POST /api/card/imports/`).',
    encoding: ['multipart'],
    body: z.object({ category_id: idValue, file: filePart.optional() }),
    status: 201,
    response: importedSchema,
    errors: [404],
  }),
  publicTextTags: publicCardTags('/api/card/card-text-tags-public/', 'text'),
  publicTextCards: publicCards('/api/card/card-text-public/', 'text', textCardSchema),
};

const pictureCardRoutes = {
  pictureTags: cardTags('/api/card/card-images-tags/', 'picture'),
  pictureCardsPage: cardPage('/api/card/card-picture-paginated/', 'picture', pictureCardSchema),
  pictureCards: cardDeck('/api/card/card-picture/', 'picture', pictureCardSchema),
  pictureCard: oneCard('/api/card/card-picture/{id}/', 'picture', pictureCardSchema),
  createPictureCard: defineRoute({
    method: 'POST',
    path: '/api/card/card-picture/',
    access: 'user',
    tag: cardTag,
    summary: 'Add a picture card (multipart; first_side is the image)',
    encoding: ['multipart'],
    body: pictureCardBody,
    status: 201,
    response: pictureCardSchema,
    errors: [404],
  }),
  updatePictureCard: defineRoute({
    method: 'PUT',
    path: '/api/card/card-picture/{id}/',
    access: 'user',
    tag: cardTag,
    summary: 'Edit a picture card (the image changes only when one is sent), or answer it',
    description:
      'A body with a score field is an answer; one with the card fields an edit. An edit with `base_*` ' +
      'fields (the card as the device last saw it) is refused with 409 `card_changed` when the card differs.',
    encoding: ['multipart', 'json'],
    params: idParams,
    body: z.union([cardAnswerBody, edit(pictureCardBody.extend(cardEditBase))]),
    response: pictureCardSchema.extend(answerOutcome.shape),
    errors: [403, 409],
  }),
  createOcclusionCards: defineRoute({
    method: 'POST',
    path: '/api/card/card-picture-occlusion/',
    access: 'user',
    tag: cardTag,
    summary: 'Add image occlusion cards: a card per rectangle drawn on a picture (multipart)',
    description:
      '`first_side` is the picture, stored once for all the cards; `masks` is JSON text, an array of ' +
      '`{x, y, width, height, answer}` in fractions of the picture from its top left corner; `mode` ' +
      'is `hide_all` (every rectangle covers its part in each question) or `hide_one`. The cards come ' +
      'back in the order of the rectangles.',
    encoding: ['multipart'],
    body: occlusionCardsBody,
    status: 201,
    response: z.array(pictureCardSchema),
    errors: [404],
  }),
  deletePictureCard: deleteCard('/api/card/card-picture/{id}/', 'picture'),
  publicPictureTags: publicCardTags('/api/card/card-images-tags-public/', 'picture'),
  publicPictureCards: publicCards('/api/card/card-picture-public/', 'picture', pictureCardSchema),
};

const kidsCardRoutes = {
  kidsCardsPage: cardPage('/api/card/card-picture-kids-paginated/', 'kids', kidsCardSchema),
  kidsCards: defineRoute({
    method: 'GET',
    path: '/api/card/card-picture-kids/',
    access: 'user',
    tag: cardTag,
    summary: 'The kids cards of one of my categories',
    query: cardListQuery,
    response: kidsCardSchema.array(),
    errors: [404],
  }),
  kidsCard: oneCard('/api/card/card-picture-kids/{id}/', 'kids', kidsCardSchema),
  createKidsCard: defineRoute({
    method: 'POST',
    path: '/api/card/card-picture-kids/',
    access: 'user',
    tag: cardTag,
    summary: 'Add a kids card (multipart: picture, text, language, optional audio)',
    encoding: ['multipart'],
    body: kidsCardBody,
    status: 201,
    response: kidsCardSchema,
    errors: [404],
  }),
  updateKidsCard: defineRoute({
    method: 'PUT',
    path: '/api/card/card-picture-kids/{id}/',
    access: 'user',
    tag: cardTag,
    summary: 'Edit a kids card (files change only when sent), or count a listen',
    description:
      'A body holding `listen_counts` counts one listen (whatever its value) and changes nothing else.',
    encoding: ['multipart', 'json'],
    params: idParams,
    body: z.union([kidsListenBody, edit(kidsCardBody)]),
    response: kidsCardSchema,
  }),
  deleteKidsCard: deleteCard('/api/card/card-picture-kids/{id}/', 'kids'),
};

export const cardExportFormatSchema = z.enum(['apkg', 'csv', 'quizlet']);
export type CardExportFormat = z.infer<typeof cardExportFormatSchema>;

const exportRoutes = {
  exportCards: defineRoute({
    method: 'GET',
    path: '/api/card/category/{id}/export/',
    access: 'user',
    tag: cardTag,
    summary: "A file of one of my categories' cards",
    description:
      '`apkg`: an Anki package (older collection format, a Basic note type, one deck named after the category, ' +
      'pictures as media); `csv`: `side_one,side_two,tag`, UTF-8 with a BOM (a picture as its URL); ' +
      '`quizlet`: term TAB definition per line. Kids categories are not exported (409).',
    params: idParams,
    query: z.object({ format: cardExportFormatSchema }),
    response: fileBody,
    // apkg, csv, quizlet: what `cards.exportCategory` sends (with `charset=utf-8` for the texts).
    download: ['application/apkg', 'text/csv', 'text/plain'],
    errors: [409],
  }),
};

export const cardImportStatusSchema = z.enum(['PENDING', 'STARTED', 'SUCCESS', 'FAILURE']);
export const cardImportSchema = z.object({
  id: z.uuid(),
  category_id: idValue,
  status: cardImportStatusSchema,
  done: z.number().int().describe("The package's notes read so far"),
  total: z.number().int().nullable().describe("The package's notes, once its collection has been opened"),
  created: z.number().int().describe('The cards added, once it succeeded'),
  skipped: z.array(skippedNoteSchema).describe('The notes left out, once it succeeded'),
  error: z.string().nullable().describe('Why it failed, in the language of the request'),
});
export type CardImport = z.infer<typeof cardImportSchema>;

const importRoutes = {
  startCardImport: defineRoute({
    method: 'POST',
    path: '/api/card/imports/',
    access: 'user',
    tag: cardTag,
    summary: 'Import an Anki package into one of my categories, in the background',
    description:
      `An Anki package (.apkg or .colpkg, older or current collection format) of at most ` +
      `${ANKI_PACKAGE_MAX_NOTES} notes and ${ANKI_PACKAGE_MAX_BYTES / 1024 / 1024} MB. Its notes become ` +
      'cards, one for each card Anki makes of a note (each template of its type, each cloze number), its ' +
      "sides as Anki shows them: text in a text category; the question's picture and the answer's text " +
      "in a picture category; in a kids category also the first sound, as the card's audio, with " +
      "`language` as every card's language. The package is checked and stored, and the import runs as a " +
      'job: poll `GET /api/card/imports/{id}/` for its progress and outcome. Its cards are added all or ' +
      'none; notes that give no card are left out and listed. A malformed or hostile archive, or one with no ' +
      'note that gives a card, fails the import. One import of an account runs at a time (409), and one ' +
      'upload of an account is received at a time (429).',
    encoding: ['multipart'],
    body: z.object({
      category_id: idValue,
      file: stagedFilePart.optional(),
      language: z.string().trim().min(1).max(20).optional(),
    }),
    largeUpload: ANKI_PACKAGE_MAX_BYTES,
    status: 202,
    response: cardImportSchema,
    errors: [404, 409, 429],
  }),
  cardImport: defineRoute({
    method: 'GET',
    path: '/api/card/imports/{id}/',
    access: 'user',
    tag: cardTag,
    summary: 'An import of mine: its progress, then the cards added and the notes left out, or why it failed',
    params: z.object({ id: z.uuid() }),
    response: cardImportSchema,
    errors: [404],
  }),
};

export const cardRoutes = {
  ...categoryRoutes,
  ...textCardRoutes,
  ...pictureCardRoutes,
  ...kidsCardRoutes,
  ...exportRoutes,
  ...importRoutes,
};
