import { cardRoutes, type categoryListQuery } from '@flashcards/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { CardKind } from '../../db/schema/card-type';
import type { Actor } from '../../lib/access';
import { pageWindow, toPage } from '../../lib/pagination';
import { route } from '../../lib/routes';
import type { Services } from '../../services';
import { toCategoryResponse } from './categories.presenter';

const DECK_KINDS: CardKind[] = ['text', 'picture'];
const KIDS_KINDS: CardKind[] = ['kids'];

export const categoryRouteHandlers = ({ categories, cards, storage }: Services) => {
  const present = (row: Parameters<typeof toCategoryResponse>[0]) => toCategoryResponse(row, storage);

  const pageOf = async (
    actor: Actor,
    kinds: CardKind[],
    query: z.output<typeof categoryListQuery>,
    request: FastifyRequest,
  ) => {
    const window = pageWindow(query.page);
    const { total, rows } = await categories.page(actor, kinds, {
      aiCreated: query.ai_created,
      sort: { by: query.sort_by, order: query.sort_order },
      limit: window.limit,
      offset: window.offset,
    });
    return toPage(request, window, total, rows.map(present));
  };

  return [
    route(cardRoutes.categories, async ({ actor, query, request }) =>
      pageOf(actor, DECK_KINDS, query, request),
    ),
    route(cardRoutes.kidsCategories, async ({ actor, query, request }) =>
      pageOf(actor, KIDS_KINDS, query, request),
    ),
    route(cardRoutes.allCategories, async ({ actor }) =>
      (await categories.all(actor, DECK_KINDS)).map(present),
    ),
    route(cardRoutes.allKidsCategories, async ({ actor }) =>
      (await categories.all(actor, KIDS_KINDS)).map(present),
    ),
    route(cardRoutes.createCategory, async ({ actor, body }) =>
      present(await categories.create(actor, body)),
    ),
    route(cardRoutes.category, async ({ actor, params }) => present(await categories.get(actor, params.id))),
    route(cardRoutes.updateCategory, async ({ actor, params, body }) =>
      present(await categories.update(actor, params.id, body)),
    ),
    route(cardRoutes.deleteCategory, async ({ actor, params }) => {
      await categories.remove(actor, params.id);
      return null;
    }),
    route(cardRoutes.resetCategory, async ({ actor, body }) => {
      await cards.resetCategory(actor, body.category_id);
      return null;
    }),
    route(cardRoutes.mergeCategory, async ({ actor, body }) =>
      present(await cards.mergeCategories(actor, body.parent_category_id, body.child_category_id)),
    ),
  ];
};
