import { practiceRoutes } from '@flashcards/contract';
import { route } from '../../lib/routes';
import type { Services } from '../../services';
import { toActivityEntry, toUndoneAnswer } from './practice.presenter';

export const practiceRouteHandlers = ({ practice }: Services) => [
  route(practiceRoutes.myActivity, async ({ actor }) =>
    (await practice.activity(actor)).map(toActivityEntry),
  ),
  route(practiceRoutes.undoLastAnswer, async ({ actor, params }) =>
    toUndoneAnswer(await practice.undo(actor, params.session)),
  ),
];
