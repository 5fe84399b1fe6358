import type { Person } from '@flashcards/contract';
import { describe, expect, it } from 'vitest';
import { actionsFor, relationOf } from './person-actions';

const stranger: Person = {
  id: 7,
  first_name: 'Boris',
  last_name: 'Ivanov',
  email: '',
  region: '',
  municipality: '',
  town: '',
  school: '',
  avatar_url: null,
  is_friend: false,
  friendship_id: null,
  friend_request_id: null,
  is_friend_request_send: false,
  is_blocked: false,
  block_id: null,
  is_friend_request_send_to_me: false,
  friend_request_to_me_id: null,
  mutual_friends: 0,
};

describe('the actions of a person', () => {
  it('offers a stranger a friend request, and a block', () => {
    expect(relationOf(stranger)).toEqual({ kind: 'none' });
    expect(actionsFor(stranger)).toEqual(['add', 'block']);
  });

  it('offers to cancel the request I sent', () => {
    const person = { ...stranger, is_friend_request_send: true, friend_request_id: 31 };
    expect(relationOf(person)).toEqual({ kind: 'requestSent', requestId: 31 });
    expect(actionsFor(person)).toEqual(['cancel', 'block']);
  });

  it('offers to accept or reject the request they sent me', () => {
    const person = { ...stranger, is_friend_request_send_to_me: true, friend_request_to_me_id: 32 };
    expect(relationOf(person)).toEqual({ kind: 'requestReceived', requestId: 32 });
    expect(actionsFor(person)).toEqual(['accept', 'reject', 'block']);
  });

  it('offers a friend removal by the friendship id', () => {
    const person = { ...stranger, is_friend: true, friendship_id: 40, email: 'boris@example.com' };
    expect(relationOf(person)).toEqual({ kind: 'friend', friendshipId: 40 });
    expect(actionsFor(person)).toEqual(['remove', 'block']);
  });

  it('offers only to unblock a blocked person, whatever else the flags say', () => {
    const person = { ...stranger, is_blocked: true, block_id: 50, is_friend_request_send: true };
    expect(relationOf(person)).toEqual({ kind: 'blocked', blockId: 50 });
    expect(actionsFor(person)).toEqual(['unblock']);
  });

  it('leaves out an action whose object the server did not name', () => {
    expect(actionsFor({ ...stranger, is_friend: true })).toEqual(['block']);
    expect(actionsFor({ ...stranger, is_friend_request_send: true })).toEqual(['block']);
    expect(actionsFor({ ...stranger, is_blocked: true })).toEqual([]);
  });
});
