/**
 * Friends, blocks, user groups and private offers of categories: written by the friends, user-groups and
 * private-sending modules. Every row goes with either account (and an offer with its category).
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { categories } from './cards';
import { users } from './users';

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const account = (name: string) =>
  integer(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** A pending friend request; accepting, rejecting or withdrawing it deletes it. */
export const friendRequests = pgTable(
  'friend_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    fromUserId: account('from_user_id'),
    toUserId: account('to_user_id'),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [
    // One request at a time between two people, whichever way it goes.
    uniqueIndex('friend_requests_pair_idx').on(
      sql`least(${table.fromUserId}, ${table.toUserId})`,
      sql`greatest(${table.fromUserId}, ${table.toUserId})`,
    ),
    index('friend_requests_to_idx').on(table.toUserId, table.fromUserId),
    index('friend_requests_from_idx').on(table.fromUserId, table.toUserId),
    check('friend_requests_not_self', sql`${table.fromUserId} <> ${table.toUserId}`),
  ],
);

/** A friendship, one row per pair: the smaller user id first. */
export const friendships = pgTable(
  'friendships',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: account('user_id'),
    friendId: account('friend_id'),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('friendships_pair_idx').on(table.userId, table.friendId),
    index('friendships_friend_idx').on(table.friendId, table.userId),
    check('friendships_ordered', sql`${table.userId} < ${table.friendId}`),
  ],
);

export const blocks = pgTable(
  'blocks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    blockerId: account('blocker_id'),
    blockedId: account('blocked_id'),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('blocks_pair_idx').on(table.blockerId, table.blockedId),
    index('blocks_blocked_idx').on(table.blockedId, table.blockerId),
  ],
);

export const userGroups = pgTable(
  'user_groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    authorId: account('author_id'),
    name: text('name').notNull(),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [index('user_groups_author_idx').on(table.authorId, table.createdAt)],
);

export const userGroupMembers = pgTable(
  'user_group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => userGroups.id, { onDelete: 'cascade' }),
    userId: account('user_id'),
    addedAt: moment('added_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.userId] }),
    index('user_group_members_user_idx').on(table.userId),
  ],
);

export const offerStatusEnum = pgEnum('private_offer_status', ['pending', 'accepted', 'declined']);

/** A category offered privately to one person; accepting copies it into their account. */
export const privateOffers = pgTable(
  'private_offers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    senderId: account('sender_id'),
    receiverId: account('receiver_id'),
    status: offerStatusEnum('status').notNull().default('pending'),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [
    // One pending offer of a category per receiver.
    uniqueIndex('private_offers_pending_idx')
      .on(table.categoryId, table.receiverId)
      .where(sql`${table.status} = 'pending'`),
    // The inbox: a receiver's pending offers, newest first.
    index('private_offers_receiver_idx')
      .on(table.receiverId, table.createdAt)
      .where(sql`${table.status} = 'pending'`),
    index('private_offers_sender_idx').on(table.senderId),
    index('private_offers_receiver_all_idx').on(table.receiverId),
  ],
);
