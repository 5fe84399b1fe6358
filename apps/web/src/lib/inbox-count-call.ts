import { privateSendingRoutes } from '@flashcards/contract';
import { api } from './api-client';

/** How many offers wait in my inbox (`GET card/private/count/`). */
export const getInboxCount = (signal?: AbortSignal) => api.call(privateSendingRoutes.inboxCount, { signal });
