import { cardRoutes } from '@flashcards/contract';
import { attachment } from '../../lib/attachment';
import { route } from '../../lib/routes';
import type { Services } from '../../services';

export const cardExportRouteHandlers = ({ cards }: Services) => [
  route(cardRoutes.exportCards, async ({ actor, params, query, reply }) => {
    const file = await cards.exportCategory(actor, params.id, query.format);
    reply.header('Content-Type', file.type);
    reply.header('Content-Disposition', attachment(file.name, file.extension, 'cards'));
    reply.header('Cache-Control', 'no-store');
    return file.data;
  }),
];
