import { privateSendingRoutes } from '@flashcards/contract';
import { pageWindow, toPage } from '../../lib/pagination';
import { toGroupMember } from '../../lib/people';
import { route } from '../../lib/routes';
import type { Services } from '../../services';
import { toCategoryResponse } from '../categories/categories.presenter';

export const privateSendingRouteHandlers = ({ privateSending, storage }: Services) => [
  route(privateSendingRoutes.inbox, async ({ actor, query, request }) => {
    const window = pageWindow(query.page);
    const { total, rows } = await privateSending.inbox(actor, window.limit, window.offset);
    return toPage(
      request,
      window,
      total,
      rows.map((row) => ({
        id: row.categoryId,
        name: row.name,
        user: row.senderId,
        description: row.description,
        created_by_full_name: `${row.senderFirstName} ${row.senderLastName}`.trim(),
        cards_length: row.cardsCount,
        type_of_cards: row.typeOfCards,
        created_at: row.createdAt.toISOString(),
      })),
    );
  }),
  route(privateSendingRoutes.inboxCount, async ({ actor }) => ({ count: await privateSending.count(actor) })),
  route(privateSendingRoutes.acceptOffer, async ({ actor, body }) =>
    toCategoryResponse(await privateSending.accept(actor, body.category_id), storage),
  ),
  route(privateSendingRoutes.declineOffer, async ({ actor, params }) => {
    await privateSending.decline(actor, params.id);
    return null;
  }),
  route(privateSendingRoutes.sendCategory, async ({ actor, params, body, request }) =>
    privateSending.send(actor, params.id, body.receivers_ids, request.ip),
  ),
  route(privateSendingRoutes.searchReceivers, async ({ actor, query }) =>
    (await privateSending.candidates(actor, query.category_id, query.search)).map((row) => ({
      ...toGroupMember(row, storage),
      is_friend: row.friendshipId !== null,
      has_offer: row.hasOffer,
      receives_categories: row.receives,
    })),
  ),
];
