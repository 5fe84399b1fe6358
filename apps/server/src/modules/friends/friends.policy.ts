import type { Actor } from '../../lib/access';

/**
 * Who may do what with the objects of friendship: a request is answered by its receiver and withdrawn by
 * its sender; a friendship is either friend's to end; a block is its blocker's to lift. Anyone else's
 * object does not exist to them (404).
 */
export const friendsPolicy = {
  answer: (actor: Actor, request: { toUserId: number }) => request.toUserId === actor.id,
  withdraw: (actor: Actor, request: { fromUserId: number }) => request.fromUserId === actor.id,
  end: (actor: Actor, friendship: { userId: number; friendId: number }) =>
    friendship.userId === actor.id || friendship.friendId === actor.id,
  unblock: (actor: Actor, block: { blockerId: number }) => block.blockerId === actor.id,
};
