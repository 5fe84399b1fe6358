import type { Person } from '@flashcards/contract';

/** Where I stand with someone, from the flags the server gives with each person. */
export type Relation =
  | { kind: 'blocked'; blockId: number | null }
  | { kind: 'friend'; friendshipId: number | null }
  | { kind: 'requestReceived'; requestId: number | null }
  | { kind: 'requestSent'; requestId: number | null }
  | { kind: 'none' };

/**
 * One relation for a person: a block first (only my blocks list shows one), then a friendship, then a
 * request either way (the server allows one at a time), else none.
 */
export function relationOf(person: Person): Relation {
  if (person.is_blocked) return { kind: 'blocked', blockId: person.block_id };
  if (person.is_friend) return { kind: 'friend', friendshipId: person.friendship_id };
  if (person.is_friend_request_send_to_me)
    return { kind: 'requestReceived', requestId: person.friend_request_to_me_id };
  if (person.is_friend_request_send) return { kind: 'requestSent', requestId: person.friend_request_id };
  return { kind: 'none' };
}

export type PersonAction = 'add' | 'cancel' | 'accept' | 'reject' | 'remove' | 'block' | 'unblock';

/**
 * The actions a person's row offers, the main one first: add a stranger, cancel my request, accept or
 * reject theirs, remove a friend, unblock a blocked person; blocking is offered to everyone not blocked.
 * An action whose object the server did not name (a missing id) is left out.
 */
export function actionsFor(person: Person): PersonAction[] {
  const relation = relationOf(person);
  switch (relation.kind) {
    case 'blocked':
      return relation.blockId === null ? [] : ['unblock'];
    case 'friend':
      return relation.friendshipId === null ? ['block'] : ['remove', 'block'];
    case 'requestReceived':
      return relation.requestId === null ? ['block'] : ['accept', 'reject', 'block'];
    case 'requestSent':
      return relation.requestId === null ? ['block'] : ['cancel', 'block'];
    case 'none':
      return ['add', 'block'];
  }
}
