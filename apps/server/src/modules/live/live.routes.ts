import { liveRoutes } from '@flashcards/contract';
import { route } from '../../lib/routes';
import type { Services } from '../../services';
import { toHostGame } from './live.presenter';

export const liveRouteHandlers = ({ live }: Services) => [
  route(liveRoutes.createLiveGame, async ({ actor, body }) => toHostGame(await live.create(actor, body), [])),

  route(liveRoutes.liveGame, async ({ actor, params }) => {
    const { game, players } = await live.hostGame(actor, params.id);
    return toHostGame(game, players);
  }),
];
