import { friendRoutes } from '@flashcards/contract';
import type { Actor } from '../../lib/access';
import { pageWindow, toPage } from '../../lib/pagination';
import { type PersonRow, selfPerson, toPerson } from '../../lib/people';
import { route } from '../../lib/routes';
import type { Services } from '../../services';
import { toActivityEntry } from '../practice/practice.presenter';

type RequestRow = { id: number; fromUserId: number; toUserId: number; createdAt: Date; person: PersonRow };

export const friendRouteHandlers = ({ friends, storage }: Services) => {
  const person = (row: PersonRow) => toPerson(row, storage);
  const request = (actor: Actor, row: RequestRow) => {
    const me = selfPerson(actor, storage);
    const other = person(row.person);
    const mine = row.fromUserId === actor.id;
    return {
      id: row.id,
      from_user: mine ? me : other,
      to_user: mine ? other : me,
      created_at: row.createdAt.toISOString(),
    };
  };
  const friendship = (row: { id: number; createdAt: Date; person: PersonRow }) => ({
    id: row.id,
    friend: person(row.person),
    created_at: row.createdAt.toISOString(),
  });
  const block = (row: { id: number; createdAt: Date; person: PersonRow }) => ({
    id: row.id,
    blocked: person(row.person),
    created_at: row.createdAt.toISOString(),
  });

  return [
    route(friendRoutes.friendshipRequests, async ({ actor }) =>
      (await friends.requests(actor)).map((row) => request(actor, row)),
    ),
    route(friendRoutes.sendFriendshipRequest, async ({ actor, body, request: httpRequest }) => {
      const result = await friends.sendRequest(actor, body.to_user, httpRequest.ip);
      return result.status === 'accepted'
        ? { status: result.status, request: null, friendship: friendship(result.friendship) }
        : { status: result.status, request: request(actor, result.request), friendship: null };
    }),
    route(friendRoutes.acceptFriendshipRequest, async ({ actor, params }) =>
      friendship(await friends.accept(actor, params.id)),
    ),
    route(friendRoutes.rejectFriendshipRequest, async ({ actor, params }) => {
      await friends.reject(actor, params.id);
      return null;
    }),
    route(friendRoutes.cancelFriendshipRequest, async ({ actor, params }) => {
      await friends.cancel(actor, params.id);
      return null;
    }),
    route(friendRoutes.friendships, async ({ actor }) => (await friends.friendships(actor)).map(friendship)),
    route(friendRoutes.removeFriendship, async ({ actor, params }) => {
      await friends.removeFriendship(actor, params.id);
      return null;
    }),
    route(friendRoutes.block, async ({ actor, body }) => block(await friends.block(actor, body.blocked))),
    route(friendRoutes.unblock, async ({ actor, params }) => {
      await friends.unblock(actor, params.id);
      return null;
    }),
    route(friendRoutes.blocks, async ({ actor }) => (await friends.blocks(actor)).map(block)),
    route(friendRoutes.searchFriends, async ({ actor, query, request: httpRequest }) => {
      const window = pageWindow(query.page);
      const { total, rows } = await friends.search(actor, query, window.limit, window.offset);
      return toPage(httpRequest, window, total, rows.map(person));
    }),
    route(friendRoutes.friendDetails, async ({ actor, params }) => {
      const row = await friends.details(actor, params.id);
      return { ...person(row), ranking: row.ranking, friends_count: row.friendsCount };
    }),
    route(friendRoutes.friendFriends, async ({ actor, params }) =>
      (await friends.friendsOf(actor, params.id)).map(person),
    ),
    route(friendRoutes.friendActivity, async ({ actor, params }) =>
      (await friends.activity(actor, params.id)).map(toActivityEntry),
    ),
  ];
};
