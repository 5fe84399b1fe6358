import { liveRoutes } from '@flashcards/contract';
import { attachment } from '../../lib/attachment';
import { route } from '../../lib/routes';
import type { Services } from '../../services';
import { toHostedGame, toHostGame, toResults, toResultsCsv } from './live.presenter';

export const liveRouteHandlers = ({ live, storage }: Services) => [
  route(liveRoutes.createLiveGame, async ({ actor, body, language }) =>
    toHostGame(await live.create(actor, body, language), []),
  ),

  route(liveRoutes.liveGames, async ({ actor }) => (await live.hostedGames(actor)).map(toHostedGame)),

  route(liveRoutes.liveGame, async ({ actor, params }) => {
    const { game, players } = await live.hostGame(actor, params.id);
    return toHostGame(game, players);
  }),

  route(liveRoutes.liveResults, async ({ actor, params }) =>
    toResults(await live.results(actor, params.id), storage.url),
  ),

  route(liveRoutes.exportLiveResults, async ({ actor, params, reply }) => {
    const results = toResults(await live.results(actor, params.id), storage.url);
    reply.header('Content-Type', 'text/csv; charset=utf-8');
    reply.header('Content-Disposition', attachment(`${results.game.title} live`, 'csv', 'live game'));
    reply.header('Cache-Control', 'no-store');
    return toResultsCsv(results);
  }),
];
