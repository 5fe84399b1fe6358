import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { type Actor, authorize } from '../../lib/access';
import { conflict, invalid, notFound } from '../../lib/api-error';
import type { Clock } from '../../lib/clock';
import { matchesNameOrEmail } from '../../lib/people';
import type { MailService } from '../mail/mail.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { PracticeService } from '../practice/practice.service';
import type { UsersService } from '../users/users.service';
import { friendsPolicy } from './friends.policy';
import * as repo from './friends.repository';

export type PeopleSearch = {
  search?: string;
  region?: string;
  municipality?: string;
  town?: string;
  school?: string;
};

export const createFriendsService = ({
  db,
  config,
  clock,
  users,
  practice,
  mail,
  notifications,
}: {
  db: Database;
  config: Config;
  clock: Clock;
  users: UsersService;
  practice: PracticeService;
  mail: MailService;
  notifications: NotificationsService;
}) => {
  const fullName = (person: { firstName: string; lastName: string }) =>
    `${person.firstName} ${person.lastName}`.trim();

  const presentedFriendship = async (me: Actor, id: number) => {
    const [row] = await repo.friendshipsOf(db, me.id, id);
    if (!row) throw notFound();
    return row;
  };

  /** Accepts a request sent to me: it goes, the friendship comes, in one transaction. */
  const acceptRequest = async (me: Actor, request: { id: number; fromUserId: number }) => {
    const friendship = await db.transaction(async (tx) => {
      if (!(await repo.deleteRequest(tx, request.id))) throw notFound();
      return repo.insertFriendship(tx, me.id, request.fromUserId, clock.now());
    });
    return presentedFriendship(me, friendship.id);
  };

  /** The person, when they are my friend and active; 404 for anyone else. */
  const friendOf = async (me: Actor, id: number) => {
    const [friendship, account] = await Promise.all([
      repo.findFriendship(db, me.id, id),
      users.activeAccount(id),
    ]);
    if (!friendship || !account) throw notFound();
    return account;
  };

  return {
    async requests(me: Actor) {
      return repo.requestsOf(db, me.id);
    },

    /**
     * Asks someone to be my friend; when they already asked me, that accepts theirs. A new request counts
     * against my limits and the address's (MAIL_LIMITS.friend_request), whether or not it is mailed, and
     * the receiver is mailed in their language unless they turned it off (one such mail an hour, the
     * others in a digest).
     */
    async sendRequest(me: Actor, to: number, ip: string) {
      const target = to === me.id ? undefined : await repo.findReachable(db, me.id, to);
      if (!target) throw notFound();
      if (await repo.findFriendship(db, me.id, to)) throw conflict('friend_already');
      const existing = await repo.findRequestBetween(db, me.id, to);
      if (existing && existing.toUserId === me.id)
        return { status: 'accepted' as const, friendship: await acceptRequest(me, existing) };
      if (existing) throw conflict('friend_request_pending');
      const request = await db.transaction(async (tx) => {
        await mail.limit('friend_request', { accountId: me.id, ip }, { tx });
        const made = await repo.insertRequest(tx, me.id, to, clock.now());
        if (made) await notifications.notify(tx, [to], 'friend_request', { from: fullName(me) });
        return made;
      });
      // Both asked at the same moment: the pair's unique index kept the other request.
      if (!request) throw conflict('friend_request_pending');
      if (target.receiveInvitationsForFriends)
        await mail.notify(target, 'friend_request', {
          from: fullName(me),
          url: `${config.publicUrl}/friends`,
        });
      const [row] = await repo.requestsOf(db, me.id, request.id);
      return { status: 'pending' as const, request: row! };
    },

    async accept(me: Actor, id: number) {
      const request = authorize(me, friendsPolicy.answer, await repo.findRequest(db, id));
      return acceptRequest(me, request);
    },

    async reject(me: Actor, id: number) {
      authorize(me, friendsPolicy.answer, await repo.findRequest(db, id));
      if (!(await repo.deleteRequest(db, id))) throw notFound();
    },

    async cancel(me: Actor, id: number) {
      authorize(me, friendsPolicy.withdraw, await repo.findRequest(db, id));
      if (!(await repo.deleteRequest(db, id))) throw notFound();
    },

    friendships: (me: Actor) => repo.friendshipsOf(db, me.id),

    async removeFriendship(me: Actor, id: number) {
      authorize(me, friendsPolicy.end, await repo.findFriendshipById(db, id));
      await repo.deleteFriendship(db, id);
    },

    /** Blocks someone: the friendship, requests, group memberships and offers between us end with it. */
    async block(me: Actor, id: number) {
      if (id === me.id || !(await repo.findUser(db, id))) throw notFound();
      const block = await db.transaction(async (tx) => {
        await repo.separate(tx, me.id, id);
        return repo.insertBlock(tx, me.id, id, clock.now());
      });
      const [row] = await repo.blocksOf(db, me.id, block.id);
      return row!;
    },

    async unblock(me: Actor, id: number) {
      authorize(me, friendsPolicy.unblock, await repo.findBlock(db, id));
      await repo.deleteBlock(db, id);
    },

    blocks: (me: Actor) => repo.blocksOf(db, me.id),

    async search(me: Actor, query: PeopleSearch, limit: number, offset: number) {
      const { search, region, municipality, town, school } = query;
      if (!search && !region && !municipality && !town && !school)
        throw invalid({ non_field_errors: 'people_search_empty' });
      return repo.searchPeople(
        db,
        me.id,
        { search: search ? matchesNameOrEmail(search) : undefined, region, municipality, town, school },
        limit,
        offset,
      );
    },

    async details(me: Actor, id: number) {
      await friendOf(me, id);
      const row = await repo.personDetails(db, me.id, id);
      if (!row) throw notFound();
      return row;
    },

    async friendsOf(me: Actor, id: number) {
      await friendOf(me, id);
      return repo.friendsOfPerson(db, me.id, id);
    },

    async activity(me: Actor, id: number) {
      return practice.activity(await friendOf(me, id));
    },

    /** Whether the two are friends. */
    areFriends: async (a: number, b: number) => Boolean(await repo.findFriendship(db, a, b)),
  };
};

export type FriendsService = ReturnType<typeof createFriendsService>;
