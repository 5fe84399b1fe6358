import { cardRoutes } from '@flashcards/contract';
import { pageWindow, toPage } from '../../lib/pagination';
import { route } from '../../lib/routes';
import type { Services } from '../../services';
import { toKidsCard } from './cards.presenter';
import type { CardRow } from './cards.repository';

export const kidsCardRouteHandlers = ({ cards, practice, storage }: Services) => {
  const present = (card: CardRow) => toKidsCard(card, storage);
  return [
    route(cardRoutes.kidsCardsPage, async ({ actor, query, request }) => {
      const window = pageWindow(query.page);
      const filter = { categoryId: query.category_id, tags: query.tags, search: query.search_value };
      const { total, rows } = await cards.page(actor, 'kids', filter, window.limit, window.offset);
      return toPage(request, window, total, rows.map(present));
    }),

    route(cardRoutes.kidsCards, async ({ actor, query }) =>
      (
        await cards.kidsList(actor, {
          categoryId: query.category_id,
          tags: query.tags,
          quantity: query.quantity,
        })
      ).map(present),
    ),

    route(cardRoutes.kidsCard, async ({ actor, params }) =>
      present(await cards.get(actor, 'kids', params.id)),
    ),

    route(cardRoutes.createKidsCard, async ({ actor, body }) => present(await cards.createKids(actor, body))),

    route(cardRoutes.updateKidsCard, async ({ actor, params, body }) =>
      present(
        body.action === 'listen'
          ? await practice.listen(actor, params.id)
          : await cards.updateKids(actor, params.id, body.fields),
      ),
    ),

    route(cardRoutes.deleteKidsCard, async ({ actor, params }) => {
      await cards.remove(actor, 'kids', params.id);
      return null;
    }),
  ];
};
