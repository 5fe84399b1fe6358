import { systemRoutes } from '@flashcards/contract';
import { api } from '../../../lib/api-client';

/** How many categories and cards the platform holds (`GET public-stats/`). */
export const getPublicStats = (signal?: AbortSignal) => api.call(systemRoutes.publicStats, { signal });
