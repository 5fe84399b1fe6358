import { z } from 'zod';
import { categorySchema } from './cards';
import { CARD_SIDE_MAX_LENGTH, CARD_TAG_MAX_LENGTH, CATEGORY_NAME_MAX_LENGTH } from './limits';
import { defineRoute, filePart } from './route';

/** Cards one text generation may ask for (spec: at most 50). */
export const AI_TEXT_MAX_CARDS = 50;
/** Cards one generation from photos may ask for. */
export const AI_IMAGES_MAX_CARDS = 50;
/** Characters of a topic (spec: 3 to 40 on the preview page). */
export const AI_TOPIC_MIN_LENGTH = 3;
export const AI_TOPIC_MAX_LENGTH = 40;
/** Photographed pages of one generation (spec: at most three). */
export const AI_IMAGES_MAX_FILES = 3;
/** The largest photo taken, before the server scales it down (a phone's full-size photo fits). */
export const AI_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** How often a client asks about a running task (spec: every 2000 ms). */
export const AI_POLL_INTERVAL_MS = 2000;

export const aiLevelSchema = z.enum(['easy', 'average', 'advanced']);
/** The languages of photographed pages (spec): their OCR data ships with the server. */
export const aiImageLanguageSchema = z.enum(['bg', 'it', 'de', 'fr', 'es', 'en', 'uk', 'ru']);
export type AiImageLanguage = z.infer<typeof aiImageLanguageSchema>;

const shortText = (max: number) => z.string().trim().max(max);

/** What a card of a topic is to ask and answer. */
export const generateFromTopicBody = z.object({
  topic: z.string().trim().min(AI_TOPIC_MIN_LENGTH).max(AI_TOPIC_MAX_LENGTH),
  sideOne: shortText(200).optional().default(''),
  sideTwo: shortText(200).optional().default(''),
  tag: shortText(CARD_TAG_MAX_LENGTH).optional().default(''),
  level: aiLevelSchema.default('average'),
  audienceAge: z.coerce.number().int().min(3).max(120).optional(),
  language: shortText(40).min(2),
  cardNumber: z.coerce.number().int().min(1).max(AI_TEXT_MAX_CARDS),
});
export type GenerateFromTopicBody = z.input<typeof generateFromTopicBody>;
export type GenerateFromTopic = z.output<typeof generateFromTopicBody>;

/** At most three photos: any other part of the form is refused, a fourth photo included. */
export const generateFromImagesBody = z.strictObject({
  first_image: filePart,
  second_image: filePart.optional(),
  third_image: filePart.optional(),
  card_quantity: z.coerce.number().int().min(1).max(AI_IMAGES_MAX_CARDS),
  language: aiImageLanguageSchema,
  tag: shortText(CARD_TAG_MAX_LENGTH).optional().default(''),
});

/** A generated card (spec: AI generated card). */
export const aiCardSchema = z.object({
  question: z.string().trim().min(1).max(CARD_SIDE_MAX_LENGTH),
  answer: z.string().trim().min(1).max(CARD_SIDE_MAX_LENGTH),
  tag: z.string().trim().max(CARD_TAG_MAX_LENGTH),
});
export type AiCard = z.infer<typeof aiCardSchema>;

export const aiTaskStatusSchema = z.enum(['PENDING', 'STARTED', 'SUCCESS', 'FAILURE']);
export type AiTaskStatus = z.infer<typeof aiTaskStatusSchema>;

export const aiTaskStartedSchema = z.object({ task_id: z.uuid() });
export const aiTaskQuery = z.object({ task_id: z.uuid({ error: 'errors:invalid_task' }) });
/** A task as polled: the cards on SUCCESS, the reason on FAILURE. */
export const aiTaskSchema = z.object({
  status: aiTaskStatusSchema,
  result: z.array(aiCardSchema).optional(),
  error: z.string().optional(),
});
export type AiTask = z.infer<typeof aiTaskSchema>;

export const createAiCardsBody = z.object({
  category_name: z.string().trim().min(1).max(CATEGORY_NAME_MAX_LENGTH),
  flashcards: z
    .array(aiCardSchema.extend({ tag: aiCardSchema.shape.tag.optional().default('') }))
    .min(1)
    .max(200),
});

const tag = 'ai';
const started = {
  status: 202,
  response: aiTaskStartedSchema,
  errors: [403, 503],
} as const;

export const aiRoutes = {
  generateFromTopic: defineRoute({
    method: 'POST',
    path: '/api/card/generate-flashcards/',
    access: 'user',
    tag,
    summary: 'Start generating cards on a topic; poll the task it answers',
    description:
      'Counts against the monthly text quota when it succeeds; over the quota, 403. Without a configured ' +
      'provider, 503.',
    body: generateFromTopicBody,
    ...started,
  }),
  topicTask: defineRoute({
    method: 'GET',
    path: '/api/card/generate-flashcards/',
    access: 'user',
    tag,
    summary: 'A generation task of mine: its status, then its cards or its error',
    query: aiTaskQuery,
    response: aiTaskSchema,
    errors: [404],
  }),
  generateFromImages: defineRoute({
    method: 'POST',
    path: '/api/card/generate-flashcards-from-images/',
    access: 'user',
    tag,
    summary: 'Start making cards from up to three photographed pages; poll the task it answers',
    description:
      'JPEG, PNG, WebP or HEIC photos. With a provider, a vision model reads them; without one, the server ' +
      'reads the text itself (OCR) and makes cards of lines such as `term - meaning`.',
    encoding: ['multipart'],
    body: generateFromImagesBody,
    ...started,
    errors: [403, 413],
  }),
  imagesTask: defineRoute({
    method: 'GET',
    path: '/api/card/generate-flashcards-from-images/',
    access: 'user',
    tag,
    summary: 'A task of photographed pages: its status, then its cards or its error',
    query: aiTaskQuery,
    response: aiTaskSchema,
    errors: [404],
  }),
  createAiCards: defineRoute({
    method: 'POST',
    path: '/api/card/create-ai-flashcards/',
    access: 'user',
    tag,
    summary: 'Save reviewed cards as a new AI category, all or none',
    body: createAiCardsBody,
    status: 201,
    response: categorySchema,
    errors: [403],
  }),
};
