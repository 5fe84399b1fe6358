import type { Actor } from '../../lib/access';

/** A game is its host's to see and run; to anyone else it does not exist (404). */
export const livePolicy = {
  host: (actor: Actor, game: { hostId: number }) => game.hostId === actor.id,
};
