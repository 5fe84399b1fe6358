import { aiRoutes, type GenerateFromTopicBody } from '@flashcards/contract';
import { api } from '../../../lib/api-client';

/** Starts a generation on a topic; answers the task to poll. */
export const generateFromTopic = (body: GenerateFromTopicBody) =>
  api.call(aiRoutes.generateFromTopic, { body });
