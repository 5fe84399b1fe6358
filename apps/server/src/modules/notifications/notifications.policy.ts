import type { Actor } from '../../lib/access';

/** A notification is its recipient's alone: anyone else's does not exist to them (404). */
export const notificationPolicy = {
  read: (actor: Actor, notification: { recipientId: number }) => notification.recipientId === actor.id,
};
