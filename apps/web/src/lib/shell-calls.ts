import {
  authRoutes,
  type NotificationItem,
  notificationRoutes,
  privateSendingRoutes,
  systemRoutes,
} from '@flashcards/contract';
import { api } from './api-client';

// The calls of the app's shell: they load with the first of them rather than with the app, so that the
// client, the routes' schemas and Zod stay out of the home page's first load.

/** The signed-in user (`GET auth/users/me/`). */
export const getMe = (signal?: AbortSignal) => api.call(authRoutes.me, { signal });

/** Resolves when the server accepts the access token, rejects otherwise. */
export const verifyToken = (token: string) => api.call(authRoutes.tokenVerify, { body: { token } });

/** A new access token, or null when the refresh token was refused. */
export const renewAccess = () => api.refreshAccess();

/** The deployment's public facts. */
export const getSite = (signal?: AbortSignal) => api.call(systemRoutes.site, { signal });

/** How many offers wait in my inbox (`GET card/private/count/`). */
export const getInboxCount = (signal?: AbortSignal) => api.call(privateSendingRoutes.inboxCount, { signal });

/** How many of my notifications are unread, in all and per menu item (`GET notifications/unread/`). */
export const getUnreadNotifications = (signal?: AbortSignal) =>
  api.call(notificationRoutes.unreadNotifications, { signal });

/** Reads my notifications of one menu item, once its page is open (`POST notifications/read/`). */
export const readNotificationsOf = (item: NotificationItem) =>
  api.call(notificationRoutes.readAllNotifications, { body: { item } });
