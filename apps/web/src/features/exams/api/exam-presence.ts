import { type ExamPresenceState, examRoutes, pathOf } from '@flashcards/contract';
import { defaultLanguage } from '@flashcards/i18n';
import i18next from 'i18next';
import { readTokens } from '../../../lib/session';

/**
 * Tells the teacher whether my exam page is here or away. A request that outlives the page (`keepalive`),
 * so the last one still leaves as the tab closes, with the stored token as the API client sends it
 * (`sendBeacon` cannot carry the Authorization header). Nothing is waited for or retried: the next
 * heartbeat says it again.
 */
export function sendPresence(id: number, state: ExamPresenceState): void {
  const { access } = readTokens();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    'Accept-Language': i18next.resolvedLanguage ?? defaultLanguage,
  };
  if (access) headers.Authorization = `JWT ${access}`;
  try {
    void globalThis
      .fetch(pathOf(examRoutes.examPresence, { id }), {
        method: examRoutes.examPresence.method,
        headers,
        body: JSON.stringify({ state }),
        keepalive: true,
      })
      .catch(() => {});
  } catch {
    // Presence is a courtesy to the teacher: the exam goes on without it.
  }
}
