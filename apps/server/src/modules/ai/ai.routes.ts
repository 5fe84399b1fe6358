import { aiRoutes } from '@flashcards/contract';
import { route } from '../../lib/routes';
import type { Services } from '../../services';
import { toCategoryResponse } from '../categories/categories.presenter';

export const aiRouteHandlers = ({ ai, storage }: Services) => [
  route(aiRoutes.generateFromTopic, async ({ actor, body }) => ai.startFromTopic(actor, body)),
  route(aiRoutes.topicTask, async ({ actor, query, language }) =>
    ai.task(actor, query.task_id, 'text', language),
  ),
  route(aiRoutes.generateFromImages, async ({ actor, body }) =>
    ai.startFromImages(actor, {
      photos: [body.first_image, body.second_image, body.third_image].filter((photo) => photo !== undefined),
      language: body.language,
      quantity: body.card_quantity,
      tag: body.tag,
    }),
  ),
  route(aiRoutes.imagesTask, async ({ actor, query, language }) =>
    ai.task(actor, query.task_id, 'images', language),
  ),
  route(aiRoutes.createAiCards, async ({ actor, body }) =>
    toCategoryResponse(await ai.save(actor, body), storage),
  ),
];
