import { examRoutes, pathOf } from '@flashcards/contract';
import { defaultLanguage } from '@flashcards/i18n';
import i18next from 'i18next';
import { api } from '../../../lib/api-client';
import { readTokens } from '../../../lib/session';

/** Completes my started exam: the server scores and grades it. Completing it again changes nothing. */
export const completeExam = (id: number) => api.call(examRoutes.completeExam, { params: { id }, body: {} });

/**
 * Completes my exam as the page goes away (the tab closed or reloaded): a request that outlives the page
 * (`keepalive`), sent at once with the stored token as the API client sends it. `sendBeacon` cannot carry
 * the Authorization header.
 */
export function completeExamOnUnload(id: number): void {
  const { access } = readTokens();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    'Accept-Language': i18next.resolvedLanguage ?? defaultLanguage,
  };
  if (access) headers.Authorization = `JWT ${access}`;
  try {
    void globalThis
      .fetch(pathOf(examRoutes.completeExam, { id }), {
        method: examRoutes.completeExam.method,
        headers,
        body: '{}',
        keepalive: true,
      })
      .catch(() => {});
  } catch {
    // The page is going away: nothing to tell anyone. The server completes the exam at its end.
  }
}
