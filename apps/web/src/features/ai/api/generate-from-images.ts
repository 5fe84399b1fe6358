import { aiRoutes, type BodyOf } from '@flashcards/contract';
import { api } from '../../../lib/api-client';

export type ImagesBody = BodyOf<typeof aiRoutes.generateFromImages>;

/** Starts a generation from up to three photographed pages; answers the task to poll. */
export const generateFromImages = (body: ImagesBody) => api.call(aiRoutes.generateFromImages, { body });
