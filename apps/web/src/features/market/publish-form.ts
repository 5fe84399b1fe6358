import {
  CATEGORY_DESCRIPTION_MAX_LENGTH,
  CATEGORY_NAME_MAX_LENGTH,
  marketLanguages,
  marketTopics,
} from '@flashcards/contract';
import { z } from 'zod';

const required = 'common:validation.required';

/** The publish form: the catalog fields the server asks for, each required. */
export const publishForm = z.object({
  name: z.string().trim().min(1).max(CATEGORY_NAME_MAX_LENGTH),
  description: z.string().trim().min(1).max(CATEGORY_DESCRIPTION_MAX_LENGTH),
  language: z.enum(marketLanguages, { error: required }),
  topic: z.enum(marketTopics, { error: required }),
});
