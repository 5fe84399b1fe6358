import { homeRoutes } from '@flashcards/contract';
import { route } from '../../lib/routes';
import type { Services } from '../../services';
import { toHome } from './home.presenter';

export const homeRouteHandlers = ({ home }: Services) => [
  route(homeRoutes.home, async ({ actor }) => toHome(await home.home(actor))),
];
