import {
  AI_IMAGES_MAX_CARDS,
  AI_IMAGES_MAX_FILES,
  AI_PHOTO_MAX_BYTES,
  AI_TEXT_MAX_CARDS,
  AI_TOPIC_MAX_LENGTH,
  AI_TOPIC_MIN_LENGTH,
  type AiImageLanguage,
  aiImageLanguageSchema,
  aiLevelSchema,
  CARD_TAG_MAX_LENGTH,
  type GenerateFromTopicBody,
  generateFromTopicBody,
  megabytes,
} from '@flashcards/contract';
import { z } from 'zod';
import { isImageFile } from '../../lib/image-files';
import { languageName } from '../../lib/language-name';

// The forms of the AI pages: the contract's bodies, with the numbers as Mantine's number inputs hold
// them (a number, or '' when cleared) and the messages the contract leaves to the default wording.

/** The languages offered for cards and for photographed pages (spec: the image languages). */
export const aiLanguages = aiImageLanguageSchema.options;
export const aiLevels = aiLevelSchema.options;

/**
 * A number input: a whole number in bounds (or, when `optional`, nothing), with one message naming the
 * bounds whatever is wrong, an empty field included.
 */
const count = (min: number, max: number, message: string, { optional = false } = {}) =>
  z.unknown().superRefine((value, ctx) => {
    if (optional && value === '') return;
    if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) return;
    ctx.addIssue({ code: 'custom', message, params: { min, max } });
  });

/** A topic (spec: 3 to 40 characters); an empty one says it is required. */
const topic = z.string().trim().min(1).min(AI_TOPIC_MIN_LENGTH).max(AI_TOPIC_MAX_LENGTH);

export const topicForm = generateFromTopicBody.extend({
  topic,
  audienceAge: count(3, 120, 'ai:validation.audienceAge', { optional: true }),
  // A code in the form; the request names the language in words.
  language: aiImageLanguageSchema,
  cardNumber: count(1, AI_TEXT_MAX_CARDS, 'ai:validation.cardNumber'),
});

export type TopicValues = {
  topic: string;
  sideOne: string;
  sideTwo: string;
  tag: string;
  level: z.infer<typeof aiLevelSchema>;
  audienceAge: number | '';
  language: AiImageLanguage;
  cardNumber: number | '';
};

export const topicDefaults = (language: AiImageLanguage): TopicValues => ({
  topic: '',
  sideOne: '',
  sideTwo: '',
  tag: '',
  level: 'average',
  audienceAge: '',
  language,
  cardNumber: 10,
});

/** The request of checked values. The model is asked in English, so the language goes by its English name. */
export const topicBody = (values: TopicValues): GenerateFromTopicBody => ({
  topic: values.topic.trim(),
  sideOne: values.sideOne.trim(),
  sideTwo: values.sideTwo.trim(),
  tag: values.tag.trim(),
  level: values.level,
  audienceAge: values.audienceAge === '' ? undefined : values.audienceAge,
  language: languageName(values.language, 'en'),
  cardNumber: Number(values.cardNumber),
});

export type PhotoProblem = 'photoType' | 'photoSize';

/** Why the server would refuse this photo before reading it, or null. */
export const checkPhoto = (file: File): PhotoProblem | null => {
  if (!isImageFile(file)) return 'photoType';
  return file.size > AI_PHOTO_MAX_BYTES ? 'photoSize' : null;
};

export const photosForm = z.object({
  photos: z
    .array(z.instanceof(File))
    .min(1, { error: 'ai:validation.photosRequired' })
    .max(AI_IMAGES_MAX_FILES, { error: 'ai:validation.photosTooMany' })
    .superRefine((photos, ctx) => {
      for (const photo of photos) {
        const problem = checkPhoto(photo);
        if (problem) {
          ctx.addIssue({
            code: 'custom',
            message: `ai:validation.${problem}`,
            params: { name: photo.name, max: megabytes(AI_PHOTO_MAX_BYTES) },
          });
          return;
        }
      }
    }),
  language: aiImageLanguageSchema,
  card_quantity: count(1, AI_IMAGES_MAX_CARDS, 'ai:validation.cardNumber'),
  tag: z.string().trim().max(CARD_TAG_MAX_LENGTH),
});

export type PhotosValues = {
  photos: File[];
  language: AiImageLanguage;
  card_quantity: number | '';
  tag: string;
};

export const photosDefaults = (language: AiImageLanguage): PhotosValues => ({
  photos: [],
  language,
  card_quantity: 10,
  tag: '',
});

/** The multipart request: the photos as the first, second and third image. */
export const photosBody = (values: PhotosValues) => ({
  first_image: values.photos[0]!,
  second_image: values.photos[1],
  third_image: values.photos[2],
  card_quantity: Number(values.card_quantity),
  language: values.language,
  tag: values.tag.trim(),
});

/** The name a set of generated cards is saved under (spec: the preview's topic, 3 to 40 characters). */
export const saveForm = z.object({ name: topic });

/** The interface language when photographed pages may be in it, else English. */
export const defaultAiLanguage = (interfaceLanguage: string | undefined): AiImageLanguage => {
  const parsed = aiImageLanguageSchema.safeParse(interfaceLanguage);
  return parsed.success ? parsed.data : 'en';
};
