import { type marketListQuery, marketRoutes } from '@flashcards/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { pageWindow, toPage } from '../../lib/pagination';
import { route } from '../../lib/routes';
import type { Services } from '../../services';
import { toCategoryResponse } from '../categories/categories.presenter';
import { toMarketCategory, toMarketReport, toModerationItem } from './market.presenter';

export const marketRouteHandlers = ({ market, categories, storage, clock }: Services) => {
  const presentWith = (row: Awaited<ReturnType<typeof categories.detail>>) =>
    toCategoryResponse(row, storage);

  const catalogPage = async (query: z.output<typeof marketListQuery>, request: FastifyRequest) => {
    const window = pageWindow(query.page);
    const order = query.most_download
      ? 'most_download'
      : query.last_update
        ? 'last_update'
        : query.top_rate
          ? 'top_rate'
          : undefined;
    const { total, rows } = await market.catalog({
      page: query.page,
      search: query.search_value,
      language: query.language,
      topic: query.topic,
      order,
      limit: window.limit,
      offset: window.offset,
    });
    return toPage(request, window, total, rows.map(toMarketCategory));
  };

  const detail = async (actor: Parameters<typeof market.detail>[0], id: number) => {
    const { row, sample, myRating, reportedByMe, myCopy, isMine } = await market.detail(actor, id);
    return {
      ...toMarketCategory(row),
      sample_cards: sample,
      my_rating: myRating,
      reported_by_me: reportedByMe,
      my_copy: myCopy,
      is_mine: isMine,
    };
  };

  return [
    route(marketRoutes.publish, async ({ actor, params, body }) =>
      presentWith(await market.publish(actor, params.id, body)),
    ),
    route(marketRoutes.marketCategories, async ({ query, request }) => catalogPage(query, request)),
    route(marketRoutes.publicMarketCategories, async ({ query, request }) => catalogPage(query, request)),
    route(marketRoutes.marketCategory, async ({ actor, params }) => detail(actor, params.id)),
    route(marketRoutes.publicMarketCategory, async ({ actor, params }) => detail(actor, params.id)),
    route(marketRoutes.rate, async ({ actor, params, body }) => market.rate(actor, params.id, body.rating)),
    route(marketRoutes.report, async ({ actor, params, body }) =>
      market.report(actor, params.id, body.reason),
    ),
    route(marketRoutes.adopt, async ({ actor, body }) =>
      presentWith(await market.adopt(actor, body.category_id)),
    ),
    route(marketRoutes.adoptedUpdate, async ({ actor, params }) => market.adoptedUpdate(actor, params.id)),
    route(marketRoutes.applyAdoptedUpdate, async ({ actor, params }) =>
      presentWith(await market.applyUpdate(actor, params.id)),
    ),
    route(marketRoutes.moderationQueue, async ({ query, request }) => {
      const window = pageWindow(query.page);
      const { total, rows } = await market.queue(window.limit, window.offset);
      const now = clock.now();
      return toPage(
        request,
        window,
        total,
        rows.map((row) => toModerationItem(row, now)),
      );
    }),
    route(marketRoutes.moderationCategory, async ({ params }) => {
      const { row, cards, changes, reports } = await market.review(params.id);
      return {
        ...toModerationItem(row, clock.now()),
        cards,
        changes,
        reports: reports.map(toMarketReport),
      };
    }),
    route(marketRoutes.approve, async ({ params, body }) =>
      toModerationItem(await market.approve(params.id, body.revision), clock.now()),
    ),
    route(marketRoutes.reject, async ({ params, body }) =>
      toModerationItem(await market.reject(params.id, body.revision, body.reason), clock.now()),
    ),
    route(marketRoutes.withdraw, async ({ params, body }) => market.withdraw(params.id, body.reason)),
    route(marketRoutes.marketReports, async ({ query, request }) => {
      const window = pageWindow(query.page);
      const { total, rows } = await market.reports(window.limit, window.offset);
      return toPage(request, window, total, rows.map(toMarketReport));
    }),
    route(marketRoutes.dismissReport, async ({ params }) => {
      await market.dismissReport(params.id);
      return null;
    }),
  ];
};
