import type { GroupMember, UserGroup } from '@flashcards/contract';
import { describe, expect, it } from 'vitest';
import { receiversOf, skippedByReason } from './receivers';

const member = (id: number): GroupMember => ({
  id,
  first_name: `Person ${id}`,
  last_name: '',
  email: '',
  avatar_url: null,
  is_auto_created: false,
  is_student: false,
  is_teacher: false,
  school: '',
});

const group = (id: number, members: number[]): UserGroup => ({
  id,
  name: `Group ${id}`,
  author: 1,
  receivers_emails: '',
  receivers_users: members.map(member),
  members_count: members.length,
  created_at: '2026-11-01T10:00:00Z',
});

describe('the receivers of a sending', () => {
  const groups = [group(10, [2, 3]), group(11, [3, 4, 1])];

  it('expands each chosen group into its members, after the people picked one by one', () => {
    expect(receiversOf({ people: [5], groupIds: [10], groups })).toEqual([5, 2, 3]);
  });

  it('counts a person once, however many times they were chosen', () => {
    expect(receiversOf({ people: [3, 5, 3], groupIds: [10, 11], groups })).toEqual([3, 5, 2, 4, 1]);
  });

  it('leaves out myself, and groups it does not know', () => {
    expect(receiversOf({ people: [1], groupIds: [11, 99], groups, selfId: 1 })).toEqual([3, 4]);
  });

  it('is empty when nothing is chosen', () => {
    expect(receiversOf({ people: [], groupIds: [], groups })).toEqual([]);
  });
});

describe('the report of left-out people', () => {
  it('groups them by reason in a fixed order', () => {
    expect(
      skippedByReason([
        { id: 4, reason: 'unavailable' },
        { id: 2, reason: 'already_offered' },
        { id: 9, reason: 'unavailable' },
      ]),
    ).toEqual([
      { reason: 'already_offered', ids: [2] },
      { reason: 'unavailable', ids: [4, 9] },
    ]);
  });
});
