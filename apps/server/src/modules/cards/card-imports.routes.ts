import { cardRoutes } from '@flashcards/contract';
import { route } from '../../lib/routes';
import type { Services } from '../../services';

export const cardImportRouteHandlers = ({ cardImports }: Services) => [
  route(cardRoutes.startCardImport, ({ actor, body, language }) =>
    cardImports.start(
      actor,
      { categoryId: body.category_id, file: body.file, language: body.language },
      language,
    ),
  ),
  route(cardRoutes.cardImport, ({ actor, params, language }) => cardImports.get(actor, params.id, language)),
];
