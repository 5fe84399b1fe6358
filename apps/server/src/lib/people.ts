/**
 * The SQL pieces every people list shares (friends, user groups, private sending): who may see whom, and
 * the relation of each listed person to the viewer, computed in the same statement as the list.
 */

import type { GroupMember, Person, ReachedPerson } from '@flashcards/contract';
import { type SQLWrapper, sql } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../db/schema';
import type { Actor } from './access';
import type { MediaStorage } from './storage';

const avatarUrl = (key: string | null, storage: MediaStorage) => (key ? storage.url(key) : null);

// Written with table aliases and the listed person as "users"."id": drizzle leaves the table name out of
// a select's own columns, which inside these subqueries would name the subquery's table instead.
const person = sql.raw('"users"."id"');

/** The ids of the viewer's friends, as a subquery. */
export const friendIdsOf = (me: number | SQLWrapper) =>
  sql`(select mf.friend_id from friendships mf where mf.user_id = ${me}
    union all select mf.user_id from friendships mf where mf.friend_id = ${me})`;

/** A block between the viewer and the listed person, either way. */
export const blockedEitherWay = (me: number) =>
  sql`exists (select 1 from blocks bl where (bl.blocker_id = ${me} and bl.blocked_id = ${person})
    or (bl.blocker_id = ${person} and bl.blocked_id = ${me}))`;

/**
 * Someone the viewer may find and reach: active, claimed (a school's unclaimed account only for members
 * of its school), not the viewer, and no block between them either way.
 */
export const reachableBy = (me: number) =>
  sql`("users"."is_active"
    and (not "users"."is_auto_created"
      or "users"."school_id" = (select ms.school_id from users ms where ms.id = ${me}))
    and ${person} <> ${me} and not ${blockedEitherWay(me)})`;

/**
 * The listed person is a student of a school where the viewer teaches or is principal. Only students: a
 * school's principals, teachers and staff members keep their cards to themselves, whoever else is in it
 * (a principal manages teachers through the school's own screens, not through reports or assignments).
 */
export const teachesStudent = (me: number) =>
  sql`("users"."is_student" and not "users"."is_teacher" and not "users"."is_organization_host"
    and not "users"."is_staff"
    and exists (select 1 from users rt where rt.id = ${me} and rt.school_id = "users"."school_id"
      and (rt.is_teacher or rt.is_organization_host)))`;

/** The listed person is a principal of the viewer's school. */
const principalOfSchoolOf = (me: number) =>
  sql`("users"."is_organization_host"
    and coalesce("users"."school_id" = (select ps.school_id from users ps where ps.id = ${me}), false))`;

/**
 * Someone whose learning the viewer may direct and follow (docs/api.md "Roles and reach"): reachable, and a
 * student of a school where the viewer teaches or is principal, or a friend. The principal of one's own
 * school is never among one's students, not even as a friend: they oversee the teachers' work instead.
 */
export const reachedBy = (me: number) =>
  sql`(${reachableBy(me)} and not ${principalOfSchoolOf(me)}
    and (${teachesStudent(me)} or ${person} in ${friendIdsOf(me)}))`;

/** The friendship between the viewer and the listed person (null when none). */
export const friendshipIdWith = (me: number) =>
  sql<number | null>`(select fw.id from friendships fw
    where fw.user_id = least(${me}::int, ${person}) and fw.friend_id = greatest(${me}::int, ${person}))`;

/** A person the requester reaches (a path or an exam may be given to them), as the people searches list them. */
export const reachedPersonRow = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  is_student: z.boolean(),
  is_teacher: z.boolean(),
  /** Reached as a student of a school the requester teaches at (else as a friend). */
  by_school: z.boolean(),
});
export type ReachedPersonRow = z.infer<typeof reachedPersonRow>;

export const toReachedPerson = (row: ReachedPersonRow, storage: MediaStorage): ReachedPerson => ({
  id: row.id,
  first_name: row.first_name,
  last_name: row.last_name,
  email: row.email,
  avatar_url: avatarUrl(row.avatar, storage),
  is_student: row.is_student,
  is_teacher: row.is_teacher,
  relation: row.by_school ? 'school' : 'friend',
});

/** A part of the full name, or the whole e-mail: what the people searches match. */
export const matchesNameOrEmail = (search: string) => {
  const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
  return sql`(lower("users"."first_name" || ' ' || "users"."last_name") like ${pattern} or lower("users"."email") = lower(${search}))`;
};

/** The full name's order of the lists. */
export const byName = [
  sql`lower("users"."first_name" || ' ' || "users"."last_name")`,
  sql`${person}`,
] as const;

/** A listed person with their relation to the viewer: the columns of the contract's person. */
export const personColumns = (me: number) => ({
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  region: users.region,
  municipality: users.municipality,
  town: users.town,
  school: users.school,
  avatar: users.avatar,
  friendshipId: friendshipIdWith(me),
  requestId: sql<
    number | null
  >`(select ro.id from friend_requests ro where ro.from_user_id = ${me} and ro.to_user_id = ${person})`,
  requestToMeId: sql<
    number | null
  >`(select ri.id from friend_requests ri where ri.from_user_id = ${person} and ri.to_user_id = ${me})`,
  blockId: sql<
    number | null
  >`(select bm.id from blocks bm where bm.blocker_id = ${me} and bm.blocked_id = ${person})`,
  mutualFriends: sql<number>`(select count(*)::int from friendships pf
    where (pf.user_id = ${person} and pf.friend_id in ${friendIdsOf(me)})
       or (pf.friend_id = ${person} and pf.user_id in ${friendIdsOf(me)}))`,
});

export type PersonRow = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  region: string;
  municipality: string;
  town: string;
  school: string;
  avatar: string | null;
  friendshipId: number | null;
  requestId: number | null;
  requestToMeId: number | null;
  blockId: number | null;
  mutualFriends: number;
};

/** The contract's person: the e-mail for friends only, the relation's flags and the ids its calls take. */
export const toPerson = (row: PersonRow, storage: MediaStorage): Person => ({
  id: row.id,
  first_name: row.firstName,
  last_name: row.lastName,
  email: row.friendshipId !== null ? row.email : '',
  region: row.region,
  municipality: row.municipality,
  town: row.town,
  school: row.school,
  avatar_url: avatarUrl(row.avatar, storage),
  is_friend: row.friendshipId !== null,
  friendship_id: row.friendshipId,
  friend_request_id: row.requestId,
  is_friend_request_send: row.requestId !== null,
  is_blocked: row.blockId !== null,
  block_id: row.blockId,
  is_friend_request_send_to_me: row.requestToMeId !== null,
  friend_request_to_me_id: row.requestToMeId,
  mutual_friends: row.mutualFriends,
});

/** The viewer as a person in their own lists (a request's sender or receiver): no relation to themselves. */
export const selfPerson = (actor: Actor, storage: MediaStorage): Person => ({
  ...toPerson(
    {
      ...actor,
      friendshipId: null,
      requestId: null,
      requestToMeId: null,
      blockId: null,
      mutualFriends: 0,
    },
    storage,
  ),
  email: actor.email,
});

/** The columns of a group member or candidate (the contract's group member), with the friendship they need. */
export const memberColumns = (me: number) => ({
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  avatar: users.avatar,
  isAutoCreated: users.isAutoCreated,
  isStudent: users.isStudent,
  isTeacher: users.isTeacher,
  school: users.school,
  friendshipId: friendshipIdWith(me),
});

/** Suggestions of people to choose: those matching the search, or without one my friends. */
export const suggestedBy = (me: number, search: string | undefined) =>
  sql`(${reachableBy(me)} and ${search ? matchesNameOrEmail(search) : sql`${friendshipIdWith(me)} is not null`})`;

/** Suggestions' order: friends first, then by name. */
export const friendsFirst = (me: number) => [sql`${friendshipIdWith(me)} is not null desc`, ...byName];

type MemberLike = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  avatar: string | null;
  isAutoCreated: boolean;
  isStudent: boolean;
  isTeacher: boolean;
  school: string;
  friendshipId: number | null;
};

/** A group member or candidate as the signed-in user sees them: the e-mail for friends only. */
export const toGroupMember = (row: MemberLike, storage: MediaStorage): GroupMember => ({
  id: row.id,
  first_name: row.firstName,
  last_name: row.lastName,
  email: row.friendshipId !== null ? row.email : '',
  avatar_url: avatarUrl(row.avatar, storage),
  is_auto_created: row.isAutoCreated,
  is_student: row.isStudent,
  is_teacher: row.isTeacher,
  school: row.school,
});

/** A person's name as the app writes it in texts: first and last, trimmed. */
export const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();
