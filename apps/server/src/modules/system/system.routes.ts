import { systemRoutes } from '@flashcards/contract';
import { serviceUnavailable } from '../../lib/api-error';
import { route } from '../../lib/routes';
import type { Services } from '../../services';

export const systemRouteHandlers = ({ system }: Services) => [
  route(systemRoutes.health, async () => ({ status: 'ok' as const })),

  route(systemRoutes.ready, async ({ request }) => {
    const readiness = await system.readiness();
    if (!readiness.ready) {
      // The answer stays generic; the reason is for the operator's log.
      request.log.warn({ problem: readiness.problem }, 'not ready');
      throw serviceUnavailable();
    }
    return { status: 'ok' as const, database: 'ok' as const };
  }),

  route(systemRoutes.site, async () => system.site()),

  route(systemRoutes.publicStats, async ({ reply }) => {
    // Shared caches may keep it briefly: the counts change slowly and every visitor of the home page asks.
    reply.header('cache-control', 'public, max-age=60');
    return system.publicStats();
  }),
];
