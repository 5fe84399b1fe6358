import { type Actor, rules } from '../../lib/access';

/** A category is sent by its owner only; an offer is its receiver's alone to accept or decline. */
export const privateSendingPolicy = {
  send: (actor: Actor, category: { userId: number }) => rules.owner(actor, category),
  answer: (actor: Actor, offer: { receiverId: number }) => offer.receiverId === actor.id,
};
