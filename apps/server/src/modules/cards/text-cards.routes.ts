import { cardRoutes } from '@flashcards/contract';
import { pageWindow, toPage } from '../../lib/pagination';
import { route, tokenRoute } from '../../lib/routes';
import type { Services } from '../../services';
import { toPublicTextCard } from '../market/market.presenter';
import { toAnswerOutcome } from '../practice/practice.presenter';
import { toTextCard } from './cards.presenter';

export const textCardRouteHandlers = ({ cards, practice, market }: Services) => [
  route(cardRoutes.textCardsPage, async ({ actor, query, request }) => {
    const window = pageWindow(query.page);
    const filter = { categoryId: query.category_id, tags: query.tags, search: query.search_value };
    const { total, rows } = await cards.page(actor, 'text', filter, window.limit, window.offset);
    return toPage(request, window, total, rows.map(toTextCard));
  }),

  tokenRoute(cardRoutes.textCards, async ({ signedIn, query }) =>
    (
      await cards.deck(signedIn, 'text', {
        categoryId: query.category_id,
        tags: query.tags,
        quantity: query.quantity,
        mode: query.type,
      })
    ).map(toTextCard),
  ),

  route(cardRoutes.textCard, async ({ actor, params }) =>
    toTextCard(await cards.get(actor, 'text', params.id)),
  ),

  route(cardRoutes.createTextCard, async ({ actor, body }) =>
    toTextCard(await cards.createText(actor, body)),
  ),

  tokenRoute(cardRoutes.updateTextCard, async ({ signedIn, params, body }) => {
    if (body.action !== 'answer')
      return toTextCard(await cards.updateText(await signedIn.actor(), params.id, body.fields));
    const answered = await practice.answer(signedIn, 'text', params.id, body.field, body.session);
    return { ...toTextCard(answered), ...toAnswerOutcome(answered) };
  }),

  route(cardRoutes.deleteTextCard, async ({ actor, params }) => {
    await cards.remove(actor, 'text', params.id);
    return null;
  }),

  route(cardRoutes.uploadTextCards, ({ actor, body }) =>
    cards.uploadText(actor, body.category_id, body.file),
  ),

  route(cardRoutes.textTags, async ({ actor, query }) => cards.tags(actor, 'text', query.category_id)),

  route(cardRoutes.textCardDuplicate, async ({ actor, query }) => {
    const card = await cards.duplicateText(actor, query.category_id, query.first_side, query.exclude_id);
    return {
      duplicate: card && { id: card.id, first_side: card.firstSide, second_side: card.secondSide },
    };
  }),

  // Public practice reads the catalog's approved version (the market module).
  route(cardRoutes.publicTextTags, async ({ query }) => market.publicTags('text', query.category_id)),

  route(cardRoutes.publicTextCards, async ({ query }) => {
    const { approvedAt, cards: approved } = await market.publicCards('text', query.category_id, query.tags);
    return approved.map((card) => toPublicTextCard(card, query.category_id, approvedAt));
  }),
];
