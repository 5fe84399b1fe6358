import { type Notification, type NotificationKind, notificationKinds } from '@flashcards/contract';
import type { notifications } from '../../db/schema';

type Row = typeof notifications.$inferSelect;

/** Where a notification leads in the web app (a path from its root), by its kind and the ids it names. */
export const notificationLink = (kind: NotificationKind, values: Row['values']): string => {
  switch (kind) {
    case 'path_assigned':
      return `/learning-path-progress/${values.path}`;
    case 'exam_assigned':
    case 'exam_soon':
      return '/students-school-exams';
    case 'results_published':
      return `/school-exam/${values.exam}`;
    case 'category_received':
      return '/send-to-me-categories';
    case 'friend_request':
      return '/friends';
    case 'catalog_approved':
    case 'catalog_rejected':
      return '/my-categories';
  }
};

const isKind = (kind: string): kind is NotificationKind =>
  (notificationKinds as readonly string[]).includes(kind);

export const toNotificationResponse = (row: Row): Notification => {
  // Rows are written by this module with the contract's kinds only.
  if (!isKind(row.kind)) throw new Error(`Unknown notification kind ${row.kind}`);
  return {
    id: row.id,
    kind: row.kind,
    values: row.values,
    link: notificationLink(row.kind, row.values),
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
  };
};
