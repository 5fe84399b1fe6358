import { z } from 'zod';
import { cardTypeSchema, categorySchema } from './cards';
import { idParams, idValue, pageValue, paginated } from './common';
import { activityEntrySchema } from './practice';
import { defineRoute, noContent } from './route';

/** Members of one user group (a deployment may change it with USER_GROUP_MAX_MEMBERS). */
export const USER_GROUP_MAX_MEMBERS = 500;
/** Characters of a user group's name. */
export const USER_GROUP_NAME_MAX_LENGTH = 100;
/** Characters of a people search and of each place field. */
export const PEOPLE_SEARCH_MAX_LENGTH = 100;
/** People the search-as-you-type calls (groups, private sending) return at most. */
export const PEOPLE_SUGGESTIONS = 20;
/** Receivers of one private sending. */
export const PRIVATE_SEND_MAX_RECEIVERS = 500;

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const searchText = z.preprocess(emptyToUndefined, z.string().trim().max(PEOPLE_SEARCH_MAX_LENGTH).optional());
const ids = z.array(idValue).min(1).max(PRIVATE_SEND_MAX_RECEIVERS);

/**
 * Another person as the signed-in user sees them (spec: Friend search result, Friend or user list item),
 * with the relation between the two. `email` is shown to friends only (and found only by typing it whole);
 * others see an empty string. `friend_request_id` is my pending request to them, `friend_request_to_me_id`
 * theirs to me; `friendship_id` and `block_id` name the friendship and my block of them, for the remove and
 * unblock calls. `mutual_friends` counts the friends we share.
 */
export const personSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  region: z.string(),
  municipality: z.string(),
  town: z.string(),
  school: z.string(),
  avatar_url: z.string().nullable(),
  is_friend: z.boolean(),
  friendship_id: z.number().int().nullable(),
  friend_request_id: z.number().int().nullable(),
  is_friend_request_send: z.boolean(),
  is_blocked: z.boolean(),
  block_id: z.number().int().nullable(),
  is_friend_request_send_to_me: z.boolean(),
  friend_request_to_me_id: z.number().int().nullable(),
  mutual_friends: z.number().int(),
});
export type Person = z.infer<typeof personSchema>;

/** A pending friend request, either way: the web app tells received from sent by `from_user.id`. */
export const friendshipRequestSchema = z.object({
  id: z.number().int(),
  from_user: personSchema,
  to_user: personSchema,
  created_at: z.string(),
});

export const friendshipSchema = z.object({
  id: z.number().int(),
  friend: personSchema,
  created_at: z.string(),
});

export const blockSchema = z.object({
  id: z.number().int(),
  blocked: personSchema,
  created_at: z.string(),
});
export type Block = z.infer<typeof blockSchema>;

/** A friend's profile (spec: Friend details); for friends only. */
export const friendDetailsSchema = personSchema.extend({
  ranking: z.number().int(),
  friends_count: z.number().int(),
});
export type FriendDetails = z.infer<typeof friendDetailsSchema>;

/**
 * What sending a friend request did: `pending` for a new request; `accepted` when the other person had
 * already asked me, which accepts theirs (docs/api.md "Sharing and friends": one request at a time either way).
 */
export const friendRequestResultSchema = z.object({
  status: z.enum(['pending', 'accepted']),
  request: friendshipRequestSchema.nullable(),
  friendship: friendshipSchema.nullable(),
});

export const peopleSearchQuery = z.object({
  page: pageValue,
  search: searchText,
  region: searchText,
  municipality: searchText,
  town: searchText,
  school: searchText,
});

/** A member of a user group (spec: User group's receivers_users); `email` follows the person rule above. */
export const groupMemberSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  avatar_url: z.string().nullable(),
  is_auto_created: z.boolean(),
  is_student: z.boolean(),
  is_teacher: z.boolean(),
  school: z.string(),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

/** Why a person was left out of a group or a sending. `unavailable` also covers blocks, without saying so. */
export const skipReasonSchema = z.enum([
  'self',
  'unavailable',
  'not_receiving',
  'already_offered',
  'group_full',
]);
export const skippedSchema = z.array(z.object({ id: z.number().int(), reason: skipReasonSchema }));
export type SkipReason = z.infer<typeof skipReasonSchema>;

/** A user group (spec: User group): its author's alone. `receivers_emails` joins the members' shown e-mails. */
export const userGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  author: z.number().int(),
  receivers_emails: z.string(),
  receivers_users: z.array(groupMemberSchema),
  members_count: z.number().int(),
  created_at: z.string(),
});
export type UserGroup = z.infer<typeof userGroupSchema>;

/** Adding members answers the group and who could not be added (blocked, inactive, unknown, or over the cap). */
export const userGroupAddResultSchema = userGroupSchema.extend({ skipped: skippedSchema });

const groupName = z.string().trim().min(1).max(USER_GROUP_NAME_MAX_LENGTH);
/** The spec's `author` (and `id`, `name` on member changes) are accepted and ignored: the token decides. */
const ignored = z.unknown().optional();

export const groupCandidateSchema = groupMemberSchema.extend({ in_group: z.boolean() });

/** Someone I may send a category to, found by name (or whole e-mail). */
export const receiverCandidateSchema = groupMemberSchema.extend({
  is_friend: z.boolean(),
  /** They already have a pending offer of this category. */
  has_offer: z.boolean(),
  /** They turned off receive_invitations_for_categories: a sending would skip them. */
  receives_categories: z.boolean(),
});
export type ReceiverCandidate = z.infer<typeof receiverCandidateSchema>;

/**
 * A pending offer in my inbox (spec: Privately sent category). `id` is the offered category's id, the one
 * the accept and decline calls name; `user` is the sender's id.
 */
export const privateOfferSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  user: z.number().int(),
  description: z.string(),
  created_by_full_name: z.string(),
  cards_length: z.number().int(),
  type_of_cards: cardTypeSchema,
  created_at: z.string(),
});
export type PrivateOffer = z.infer<typeof privateOfferSchema>;

export const sendResultSchema = z.object({
  sent: z.array(z.number().int()),
  skipped: skippedSchema,
});
export type SendResult = z.infer<typeof sendResultSchema>;

const friendsTag = 'friends';
const groupsTag = 'user groups';
const privateTag = 'private sending';
const friendsOnly = 'Friends only: anyone else answers 404.';

export const friendRoutes = {
  friendshipRequests: defineRoute({
    method: 'GET',
    path: '/api/friends/friendship-requests/',
    access: 'user',
    tag: friendsTag,
    summary: 'My pending friend requests, received and sent, newest first',
    response: z.array(friendshipRequestSchema),
  }),
  sendFriendshipRequest: defineRoute({
    method: 'POST',
    path: '/api/friends/friendship-requests/',
    access: 'user',
    tag: friendsTag,
    summary: 'Ask someone to be my friend',
    description:
      'One request at a time either way: a second one answers 409, and a request to someone who already ' +
      'asked me accepts theirs. People who blocked me, or whom I blocked, answer 404. The receiver is ' +
      'mailed in their language unless they turned off receive_invitations_for_friends.',
    body: z.object({ to_user: idValue }),
    status: 201,
    response: friendRequestResultSchema,
    errors: [404, 409, 429],
  }),
  acceptFriendshipRequest: defineRoute({
    method: 'PUT',
    path: '/api/friends/friendship-requests/{id}/accept/',
    access: 'user',
    tag: friendsTag,
    summary: 'Accept a request sent to me',
    params: idParams,
    response: friendshipSchema,
    errors: [404],
  }),
  rejectFriendshipRequest: defineRoute({
    method: 'PUT',
    path: '/api/friends/friendship-requests/{id}/reject/',
    access: 'user',
    tag: friendsTag,
    summary: 'Reject a request sent to me',
    params: idParams,
    status: 204,
    response: noContent,
    errors: [404],
  }),
  cancelFriendshipRequest: defineRoute({
    method: 'DELETE',
    path: '/api/friends/friendship-requests/{id}/cancel/',
    access: 'user',
    tag: friendsTag,
    summary: 'Withdraw a request I sent',
    params: idParams,
    status: 204,
    response: noContent,
    errors: [404],
  }),
  friendships: defineRoute({
    method: 'GET',
    path: '/api/friends/friendships/',
    access: 'user',
    tag: friendsTag,
    summary: 'My friends, by name',
    response: z.array(friendshipSchema),
  }),
  removeFriendship: defineRoute({
    method: 'DELETE',
    path: '/api/friends/friendships/{id}/remove/',
    access: 'user',
    tag: friendsTag,
    summary: 'End a friendship (by the friendship id)',
    params: idParams,
    status: 204,
    response: noContent,
    errors: [404],
  }),
  block: defineRoute({
    method: 'POST',
    path: '/api/friends/blocks/',
    access: 'user',
    tag: friendsTag,
    summary: 'Block someone',
    description:
      'Ends the friendship and the pending requests both ways; from then on neither finds the other, ' +
      'nor can send the other requests, offers or group memberships. `blocker` is accepted and ignored.',
    body: z.object({ blocked: idValue, blocker: ignored }),
    status: 201,
    response: blockSchema,
    errors: [404],
  }),
  unblock: defineRoute({
    method: 'DELETE',
    path: '/api/friends/blocks/{id}/unblock/',
    access: 'user',
    tag: friendsTag,
    summary: 'Lift my block (by the block id)',
    params: idParams,
    status: 204,
    response: noContent,
    errors: [404],
  }),
  blocks: defineRoute({
    method: 'GET',
    path: '/api/friends/blocks/list/',
    access: 'user',
    tag: friendsTag,
    summary: 'People I blocked, newest first',
    response: z.array(blockSchema),
  }),
  searchFriends: defineRoute({
    method: 'GET',
    path: '/api/friends/search-friends/',
    access: 'user',
    tag: friendsTag,
    summary: 'Find people by name (or whole e-mail), region, municipality, town and school (paginated)',
    description:
      'At least one field is needed. Place fields match whole values, ignoring case. Leaves out myself, ' +
      'inactive accounts, anyone blocked either way, and students a school created who have not claimed ' +
      'their account yet.',
    query: peopleSearchQuery,
    response: paginated(personSchema),
  }),
  friendDetails: defineRoute({
    method: 'GET',
    path: '/api/friends/friend-details/{id}/',
    access: 'user',
    tag: friendsTag,
    summary: "A friend's profile (by user id)",
    description: friendsOnly,
    params: idParams,
    response: friendDetailsSchema,
    errors: [404],
  }),
  friendFriends: defineRoute({
    method: 'GET',
    path: '/api/friends/friend-details/{id}/friends/',
    access: 'user',
    tag: friendsTag,
    summary: "A friend's friends, each with my relation to them (mutual friends first)",
    description: `${friendsOnly} People blocked either way are left out.`,
    params: idParams,
    response: z.array(personSchema),
    errors: [404],
  }),
  friendActivity: defineRoute({
    method: 'GET',
    path: '/api/card/card-requests/{id}/',
    access: 'user',
    // Derived, it would be `cardCardRequestsList`, the signed-in user's own activity (a list too).
    operationId: 'cardCardRequestsFriendList',
    tag: friendsTag,
    summary: "A friend's activity: one entry per day, newest first",
    description: friendsOnly,
    params: idParams,
    response: activityEntrySchema.array(),
    errors: [404],
  }),
};

export const userGroupRoutes = {
  userGroupsPage: defineRoute({
    method: 'GET',
    path: '/api/user-groups/list/paginated/',
    access: 'user',
    tag: groupsTag,
    summary: 'My user groups, newest first (paginated)',
    description: 'Refused (403) to accounts a school created until they are claimed.',
    query: z.object({ page: pageValue }),
    response: paginated(userGroupSchema),
    errors: [403],
  }),
  userGroups: defineRoute({
    method: 'GET',
    path: '/api/user-groups/list/',
    access: 'user',
    tag: groupsTag,
    summary: 'All my user groups, by name (the `user_id` of the spec is accepted and ignored)',
    query: z.object({ user_id: ignored }),
    response: z.array(userGroupSchema),
    errors: [403],
  }),
  createUserGroup: defineRoute({
    method: 'POST',
    path: '/api/user-groups/list/paginated/',
    access: 'user',
    tag: groupsTag,
    summary: 'Create a user group',
    body: z.object({ name: groupName, author: ignored }),
    status: 201,
    response: userGroupSchema,
    errors: [403],
  }),
  userGroup: defineRoute({
    method: 'GET',
    path: '/api/user-groups/details/{id}/',
    access: 'user',
    tag: groupsTag,
    summary: 'One of my user groups with its members',
    params: idParams,
    response: userGroupSchema,
    errors: [403, 404],
  }),
  renameUserGroup: defineRoute({
    method: 'PUT',
    path: '/api/user-groups/details/{id}/',
    access: 'user',
    tag: groupsTag,
    summary: 'Rename one of my user groups',
    params: idParams,
    body: z.object({ name: groupName, author: ignored, id: ignored }),
    response: userGroupSchema,
    errors: [403, 404],
  }),
  deleteUserGroup: defineRoute({
    method: 'DELETE',
    path: '/api/user-groups/details/{id}/',
    access: 'user',
    tag: groupsTag,
    summary: 'Delete one of my user groups (its members keep their accounts)',
    params: idParams,
    status: 204,
    response: noContent,
    errors: [403, 404],
  }),
  addGroupMembers: defineRoute({
    method: 'PUT',
    path: '/api/user-groups/details-add/{id}/',
    access: 'user',
    tag: groupsTag,
    summary: 'Add people to one of my user groups',
    description:
      'Members can be any active users who have not blocked me (nor I them); others come back in ' +
      '`skipped`, as do people past the group cap (USER_GROUP_MAX_MEMBERS, 500 unless configured).',
    params: idParams,
    body: z.object({ user_ids: ids, id: ignored, name: ignored, author: ignored }),
    response: userGroupAddResultSchema,
    errors: [403, 404],
  }),
  removeGroupMembers: defineRoute({
    method: 'PUT',
    path: '/api/user-groups/details-remove/{id}/',
    access: 'user',
    tag: groupsTag,
    summary: 'Remove people from one of my user groups',
    params: idParams,
    body: z.object({ user_ids: ids, id: ignored, name: ignored, author: ignored }),
    response: userGroupSchema,
    errors: [403, 404],
  }),
  searchGroupCandidates: defineRoute({
    method: 'GET',
    path: '/api/search-users-groups/',
    access: 'user',
    tag: groupsTag,
    summary: `People to add to a group, by name or whole e-mail (at most ${PEOPLE_SUGGESTIONS}), flagging members`,
    query: z.object({ search: searchText, users_group_id: idValue }),
    response: z.array(groupCandidateSchema),
    errors: [403, 404],
  }),
};

export const privateSendingRoutes = {
  inbox: defineRoute({
    method: 'GET',
    path: '/api/card/private/',
    access: 'user',
    tag: privateTag,
    summary: 'Categories offered to me and still pending, newest first (paginated)',
    description: 'The `user_id` of the spec is accepted and ignored. Offers of deleted categories are gone.',
    query: z.object({ page: pageValue, user_id: ignored }),
    response: paginated(privateOfferSchema),
  }),
  inboxCount: defineRoute({
    method: 'GET',
    path: '/api/card/private/count/',
    access: 'user',
    tag: privateTag,
    summary: 'How many offers wait in my inbox (for the menu)',
    response: z.object({ count: z.number().int() }),
  }),
  acceptOffer: defineRoute({
    method: 'POST',
    path: '/api/card/private/',
    access: 'user',
    tag: privateTag,
    summary: 'Accept an offer: a copy of the category, its cards and media becomes mine (send_to_me)',
    description: 'In one transaction; scores start at zero. A category not offered to me answers 404.',
    body: z.object({ category_id: idValue, user_id: ignored }),
    status: 201,
    response: categorySchema,
    errors: [404],
  }),
  declineOffer: defineRoute({
    method: 'PUT',
    path: '/api/card/private-cancel/{id}/',
    access: 'user',
    tag: privateTag,
    summary: 'Decline an offer (by the offered category id)',
    params: idParams,
    status: 204,
    response: noContent,
    errors: [404],
  }),
  sendCategory: defineRoute({
    method: 'PUT',
    path: '/api/card/private/{id}/',
    access: 'user',
    tag: privateTag,
    summary: 'Offer my category to people (the web app expands a chosen group into its members)',
    description:
      'My category only (404 otherwise). Each receiver must be active, not blocked either way and accept ' +
      'categories (receive_invitations_for_categories); a pending offer of the same category is not made ' +
      'twice. Those left out come back in `skipped` with the reason; each receiver is mailed in their language.',
    params: idParams,
    body: z.object({ receivers_ids: ids, id: ignored, name: ignored, user: ignored }),
    response: sendResultSchema,
    errors: [404, 429],
  }),
  searchReceivers: defineRoute({
    method: 'GET',
    path: '/api/search-users/',
    access: 'user',
    tag: privateTag,
    summary: `People to send my category to, by name or whole e-mail (at most ${PEOPLE_SUGGESTIONS}), friends first`,
    query: z.object({ search: searchText, category_id: idValue }),
    response: z.array(receiverCandidateSchema),
    errors: [404],
  }),
};
