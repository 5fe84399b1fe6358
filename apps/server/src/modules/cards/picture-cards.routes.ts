import { cardRoutes } from '@flashcards/contract';
import { pageWindow, toPage } from '../../lib/pagination';
import { route, tokenRoute } from '../../lib/routes';
import type { Services } from '../../services';
import { toPublicPictureCard } from '../market/market.presenter';
import { toAnswerOutcome } from '../practice/practice.presenter';
import { toPictureCard } from './cards.presenter';
import type { CardRow } from './cards.repository';

export const pictureCardRouteHandlers = ({ cards, practice, storage, market }: Services) => {
  const present = (card: CardRow) => toPictureCard(card, storage);
  return [
    route(cardRoutes.pictureCardsPage, async ({ actor, query, request }) => {
      const window = pageWindow(query.page);
      const filter = { categoryId: query.category_id, tags: query.tags, search: query.search_value };
      const { total, rows } = await cards.page(actor, 'picture', filter, window.limit, window.offset);
      return toPage(request, window, total, rows.map(present));
    }),

    tokenRoute(cardRoutes.pictureCards, async ({ signedIn, query }) =>
      (
        await cards.deck(signedIn, 'picture', {
          categoryId: query.category_id,
          tags: query.tags,
          quantity: query.quantity,
          mode: query.type,
        })
      ).map(present),
    ),

    route(cardRoutes.pictureCard, async ({ actor, params }) =>
      present(await cards.get(actor, 'picture', params.id)),
    ),

    route(cardRoutes.createPictureCard, async ({ actor, body }) =>
      present(await cards.createPicture(actor, body)),
    ),

    route(cardRoutes.createOcclusionCards, async ({ actor, body }) =>
      (await cards.createOcclusion(actor, body)).map(present),
    ),

    tokenRoute(cardRoutes.updatePictureCard, async ({ signedIn, params, body }) => {
      if (body.action !== 'answer')
        return present(await cards.updatePicture(await signedIn.actor(), params.id, body.fields));
      const answered = await practice.answer(signedIn, 'picture', params.id, body.field, body.session);
      return { ...present(answered), ...toAnswerOutcome(answered) };
    }),

    route(cardRoutes.deletePictureCard, async ({ actor, params }) => {
      await cards.remove(actor, 'picture', params.id);
      return null;
    }),

    route(cardRoutes.pictureTags, async ({ actor, query }) =>
      cards.tags(actor, 'picture', query.category_id),
    ),

    // Public practice reads the catalog's approved version (the market module).
    route(cardRoutes.publicPictureTags, async ({ query }) => market.publicTags('picture', query.category_id)),

    route(cardRoutes.publicPictureCards, async ({ query }) => {
      const { approvedAt, cards: approved } = await market.publicCards(
        'picture',
        query.category_id,
        query.tags,
      );
      return approved.map((card) => toPublicPictureCard(card, query.category_id, approvedAt, storage));
    }),
  ];
};
