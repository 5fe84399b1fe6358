import { z } from 'zod';
import { idParams, pageQuery, paginated } from './common';
import { defineRoute, noContent } from './route';

/** What a person is told about (docs/api.md "Notifications"). */
export const notificationKinds = [
  'path_assigned',
  'exam_assigned',
  'exam_soon',
  'results_published',
  'category_received',
  'friend_request',
  'catalog_approved',
  'catalog_rejected',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** The side-menu items that show a count of their unread notifications. */
export const notificationItems = [
  'sent_to_me',
  'my_learning_paths',
  'exams_assigned_to_me',
  'friends',
] as const;
export type NotificationItem = (typeof notificationItems)[number];

/** The menu item a kind concerns; the catalog's outcomes concern none (the bell alone counts them). */
export const notificationItemOf: Record<NotificationKind, NotificationItem | null> = {
  path_assigned: 'my_learning_paths',
  exam_assigned: 'exams_assigned_to_me',
  exam_soon: 'exams_assigned_to_me',
  results_published: 'exams_assigned_to_me',
  category_received: 'sent_to_me',
  friend_request: 'friends',
  catalog_approved: null,
  catalog_rejected: null,
};

/** The e-mail opt-ins a digest's unsubscribe link may turn off (the profile's `receive_*` flags). */
export const unsubscribableOptIns = ['receive_invitations_for_contest'] as const;

export const notificationSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(notificationKinds),
    /** What the text names: `from`, `category`, `name`, `reason`, as the kind's text needs. */
    values: z.record(z.string(), z.union([z.string(), z.number()])),
    /** Where the notification leads: a path of the web app, from its root. */
    link: z.string(),
    created_at: z.string(),
    read_at: z.string().nullable(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

export const unreadCountsSchema = z.object({
  count: z.number().int(),
  items: z.object(
    Object.fromEntries(notificationItems.map((item) => [item, z.number().int()])) as Record<
      NotificationItem,
      z.ZodNumber
    >,
  ),
});
export type UnreadCounts = z.infer<typeof unreadCountsSchema>;

const tag = 'notifications';

export const notificationRoutes = {
  notifications: defineRoute({
    method: 'GET',
    path: '/api/notifications/',
    access: 'user',
    tag,
    summary: 'My notifications, newest first (paginated)',
    query: pageQuery,
    response: paginated(notificationSchema),
  }),
  unreadNotifications: defineRoute({
    method: 'GET',
    path: '/api/notifications/unread/',
    access: 'user',
    tag,
    summary: 'How many of my notifications are unread, in all and per menu item (the shell polls it)',
    response: unreadCountsSchema,
  }),
  readNotification: defineRoute({
    method: 'POST',
    path: '/api/notifications/{id}/read/',
    access: 'user',
    tag,
    summary: 'Mark one of my notifications read',
    // `notificationsReadCreate` is the route marking them all.
    operationId: 'notificationsReadOneCreate',
    description: "Another person's notification answers 404.",
    params: idParams,
    status: 204,
    response: noContent,
    errors: [404],
  }),
  readAllNotifications: defineRoute({
    method: 'POST',
    path: '/api/notifications/read/',
    access: 'user',
    tag,
    summary: 'Mark all my notifications read, or those of one menu item',
    body: z.object({ item: z.enum(notificationItems).optional() }),
    status: 204,
    response: noContent,
  }),
  unsubscribe: defineRoute({
    method: 'POST',
    path: '/api/notifications/unsubscribe/{token}/',
    access: 'public',
    tag,
    summary: 'Turn off the e-mail opt-in a digest was sent under (its signed link; RFC 8058 one-click)',
    description:
      'The token comes from the mail, so no sign-in is needed; mail clients post `List-Unsubscribe=One-Click` as a form. A token that was not signed by the server answers 404.',
    params: z.object({ token: z.string().max(200) }),
    body: z.object({ 'List-Unsubscribe': z.string().max(100).optional() }),
    encoding: ['json', 'form'],
    response: z.object({ opt_in: z.enum(unsubscribableOptIns), language: z.enum(['en', 'bg']) }),
    errors: [404],
  }),
};
