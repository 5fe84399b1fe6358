import { notificationRoutes } from '@flashcards/contract';
import { pageWindow, toPage } from '../../lib/pagination';
import { route } from '../../lib/routes';
import type { Services } from '../../services';
import { toNotificationResponse } from './notifications.presenter';

export const notificationRouteHandlers = ({ notifications }: Services) => [
  route(notificationRoutes.notifications, async ({ actor, query, request }) => {
    const window = pageWindow(query.page);
    const { total, rows } = await notifications.list(actor, window.limit, window.offset);
    return toPage(request, window, total, rows.map(toNotificationResponse));
  }),
  route(notificationRoutes.unreadNotifications, async ({ actor }) => notifications.unread(actor)),
  route(notificationRoutes.readNotification, async ({ actor, params }) => {
    await notifications.read(actor, params.id);
    return null;
  }),
  route(notificationRoutes.readAllNotifications, async ({ actor, body }) => {
    await notifications.readAll(actor, body.item);
    return null;
  }),
  route(notificationRoutes.unsubscribe, async ({ params }) => notifications.unsubscribe(params.token)),
];
