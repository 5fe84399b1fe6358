import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildBlock, buildFriendship, buildUser } from '../../../test/factories';
import { type MailServer, startMailServer } from '../../../test/mail-server';
import { type Session, signIn as signInAs } from '../../../test/session';
import { userActivity } from '../../db/schema';

let t: TestApp;
let mail: MailServer;

beforeAll(async () => {
  mail = await startMailServer();
  t = await buildTestApp({ SMTP_URL: mail.url, MAIL_FROM: 'Cards <no-reply@cards.test>' });
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

let unique = 0;
/** A word no other test's names contain, to search by. */
const word = () => `Zq${++unique}x${Math.random().toString(36).slice(2, 7)}`;
const signIn = (overrides: Parameters<typeof signInAs>[1] = {}) => signInAs(t, overrides);
const search = async (as: Session, query: string) => {
  const response = await as.call('GET', `/api/friends/search-friends/?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const found = async (as: Session, name: string) =>
  (await search(as, `search=${encodeURIComponent(name)}`)).results as Record<string, unknown>[];
const request = (from: Session, to: number) =>
  from.call('POST', '/api/friends/friendship-requests/', { to_user: to });

describe('people search', () => {
  it('flags each relation: none, request sent, request received, friends; blocked people are absent both ways', async () => {
    const family = word();
    const me = await signIn();
    const stranger = await signIn({ lastName: `${family} Stranger` });
    const asked = await signIn({ lastName: `${family} Asked` });
    const asking = await signIn({ lastName: `${family} Asking` });
    const friend = await signIn({ lastName: `${family} Friend` });
    const blockedByMe = await signIn({ lastName: `${family} Blocked` });
    const blockingMe = await signIn({ lastName: `${family} Blocking` });

    const sent = await request(me, asked.user.id);
    expect(sent.statusCode, sent.body).toBe(201);
    const received = await request(asking, me.user.id);
    expect(received.statusCode).toBe(201);
    const friendship = await buildFriendship(t.database.db, me.user.id, friend.user.id);
    expect((await me.call('POST', '/api/friends/blocks/', { blocked: blockedByMe.user.id })).statusCode).toBe(
      201,
    );
    await buildBlock(t.database.db, blockingMe.user.id, me.user.id);

    const results = await found(me, family);
    const byId = new Map(results.map((person) => [person.id, person]));
    expect([...byId.keys()].sort()).toEqual(
      [stranger, asked, asking, friend].map((session) => session.user.id).sort(),
    );
    const none = {
      is_friend: false,
      friendship_id: null,
      friend_request_id: null,
      is_friend_request_send: false,
      is_blocked: false,
      block_id: null,
      is_friend_request_send_to_me: false,
      friend_request_to_me_id: null,
      mutual_friends: 0,
      email: '',
    };
    expect(byId.get(stranger.user.id)).toMatchObject(none);
    expect(byId.get(asked.user.id)).toMatchObject({
      ...none,
      friend_request_id: sent.json().request.id,
      is_friend_request_send: true,
    });
    expect(byId.get(asking.user.id)).toMatchObject({
      ...none,
      is_friend_request_send_to_me: true,
      friend_request_to_me_id: received.json().request.id,
    });
    expect(byId.get(friend.user.id)).toMatchObject({
      ...none,
      is_friend: true,
      friendship_id: friendship.id,
      email: friend.user.email,
    });
    // Neither blocked person finds me either.
    expect((await found(blockedByMe, me.user.lastName)).map((p) => p.id)).not.toContain(me.user.id);
    expect((await found(blockingMe, me.user.lastName)).map((p) => p.id)).not.toContain(me.user.id);
    // The block shows in my list only, flagged.
    const myBlocks = (await me.call('GET', '/api/friends/blocks/list/')).json();
    expect(myBlocks).toHaveLength(1);
    expect(myBlocks[0].blocked).toMatchObject({ id: blockedByMe.user.id, is_blocked: true });
    expect(myBlocks[0].blocked.block_id).toBe(myBlocks[0].id);
  });

  it('finds by a part of the name, by the whole e-mail only, and by whole place values ignoring case', async () => {
    const name = word();
    const me = await signIn();
    const person = await signIn({
      firstName: `Ana${name}`,
      region: 'Sofia City',
      municipality: 'Stolichna',
      town: `Town${name}`,
      school: `School ${name}`,
    });
    const ids = (rows: Record<string, unknown>[]) => rows.map((row) => row.id);
    expect(ids(await found(me, name.toLowerCase().slice(1)))).toEqual([person.user.id]);
    expect(ids(await found(me, person.user.email.toUpperCase()))).toEqual([person.user.id]);
    expect(ids(await found(me, person.user.email.slice(0, -3)))).toEqual([]);
    // Wildcards are taken as text.
    expect(ids(await found(me, '%'))).toEqual([]);
    const byPlace = async (query: string) => ids((await search(me, query)).results);
    expect(await byPlace(`town=${`town${name}`.toUpperCase()}`)).toEqual([person.user.id]);
    expect(await byPlace(`town=Town${name}&region=sofia city&municipality=STOLICHNA`)).toEqual([
      person.user.id,
    ]);
    expect(await byPlace(`school=${encodeURIComponent(`school ${name}`)}`)).toEqual([person.user.id]);
    expect(await byPlace(`town=Town${name.slice(0, -1)}`)).toEqual([]);
    expect(await byPlace(`town=Town${name}&region=Plovdiv`)).toEqual([]);
    // The e-mail is for friends only.
    expect((await found(me, name))[0]!.email).toBe('');

    const empty = await me.call('GET', '/api/friends/search-friends/?search=');
    expect(empty.statusCode).toBe(400);
  });

  it('never finds inactive accounts nor students a school created who have not claimed them', async () => {
    const name = word();
    const me = await signIn();
    const inactive = await buildUser(t.database.db, { lastName: `${name} Inactive`, isActive: false });
    const unclaimed = await buildUser(t.database.db, { lastName: `${name} Unclaimed`, isAutoCreated: true });
    const visible = await buildUser(t.database.db, { lastName: `${name} Visible` });
    expect((await found(me, name)).map((p) => p.id)).toEqual([visible.id]);
    expect((await request(me, unclaimed.id)).statusCode).toBe(404);
    expect((await request(me, inactive.id)).statusCode).toBe(404);
    // A friend whose account was closed has no profile to show.
    await buildFriendship(t.database.db, me.user.id, inactive.id);
    expect((await me.call('GET', `/api/friends/friend-details/${inactive.id}/`)).statusCode).toBe(404);
    expect((await me.call('GET', '/api/friends/friendships/')).json()).toEqual([]);
  });

  it('counts mutual friends on a known graph', async () => {
    // A-B, A-C, B-C, B-D, C-D: A and D share B and C; A and B share C.
    const name = word();
    const [a, b, c, d] = await Promise.all(
      ['A', 'B', 'C', 'D'].map((n) => signIn({ lastName: `${name} ${n}` })),
    );
    for (const [x, y] of [
      [a, b],
      [a, c],
      [b, c],
      [b, d],
      [c, d],
    ] as const)
      await buildFriendship(t.database.db, x!.user.id, y!.user.id);
    const mutual = new Map((await found(a!, name)).map((p) => [p.id, p.mutual_friends]));
    expect(mutual.get(d!.user.id)).toBe(2);
    expect(mutual.get(b!.user.id)).toBe(1);
    expect(mutual.get(c!.user.id)).toBe(1);
    const friends = (await a!.call('GET', '/api/friends/friendships/')).json();
    expect(friends.map((f: { friend: { id: number } }) => f.friend.id)).toEqual([b!.user.id, c!.user.id]);
    expect(friends[0].friend).toMatchObject({ mutual_friends: 1, is_friend: true, email: b!.user.email });
    // B's friends as A sees them: C (mutual, a friend of mine) first, then D; A left out.
    const ofB = (await a!.call('GET', `/api/friends/friend-details/${b!.user.id}/friends/`)).json();
    expect(ofB.map((p: { id: number }) => p.id)).toEqual([c!.user.id, d!.user.id]);
    expect(ofB[0]).toMatchObject({ is_friend: true, mutual_friends: 1 });
    expect(ofB[1]).toMatchObject({ is_friend: false, mutual_friends: 2, email: '' });
  });

  it('costs the same statements for a page of 2 people as of 15, and for 2 friends as for 15', async () => {
    const few = word();
    const many = word();
    const me = await signIn();
    for (let i = 0; i < 2; i++) {
      const user = await buildUser(t.database.db, { lastName: `${few} ${i}` });
      await buildFriendship(t.database.db, me.user.id, user.id);
    }
    const other = await signIn();
    for (let i = 0; i < 15; i++) {
      const user = await buildUser(t.database.db, { lastName: `${many} ${i}` });
      await buildFriendship(t.database.db, other.user.id, user.id);
      await buildFriendship(t.database.db, me.user.id, user.id);
    }
    const statements = async (as: Session, url: string, size: number) => {
      t.database.queries.length = 0;
      const response = await as.call('GET', url);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(Array.isArray(body) ? body.length : body.results.length).toBe(size);
      return t.database.queries.length;
    };
    expect(await statements(me, `/api/friends/search-friends/?search=${few}`, 2)).toBe(
      await statements(me, `/api/friends/search-friends/?search=${many}`, 15),
    );
    const lonely = await signIn();
    await buildFriendship(t.database.db, lonely.user.id, (await buildUser(t.database.db)).id);
    await buildFriendship(t.database.db, lonely.user.id, (await buildUser(t.database.db)).id);
    await buildFriendship(t.database.db, lonely.user.id, other.user.id);
    expect(await statements(lonely, '/api/friends/friendships/', 3)).toBe(
      await statements(me, '/api/friends/friendships/', 17),
    );
    await buildFriendship(t.database.db, me.user.id, other.user.id);
    expect(await statements(me, `/api/friends/friend-details/${other.user.id}/friends/`, 16)).toBe(
      await statements(other, `/api/friends/friend-details/${lonely.user.id}/friends/`, 2),
    );
  });
});

describe('friend requests', () => {
  it('allows one request at a time either way; a request back accepts the first', async () => {
    const a = await signIn();
    const b = await signIn();
    const first = await request(a, b.user.id);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      status: 'pending',
      friendship: null,
      request: { from_user: { id: a.user.id, email: a.user.email }, to_user: { id: b.user.id, email: '' } },
    });
    expect((await request(a, b.user.id)).statusCode).toBe(409);
    const back = await request(b, a.user.id);
    expect(back.statusCode).toBe(201);
    expect(back.json()).toMatchObject({
      status: 'accepted',
      request: null,
      friendship: { friend: { id: a.user.id, is_friend: true, email: a.user.email } },
    });
    expect((await a.call('GET', '/api/friends/friendship-requests/')).json()).toEqual([]);
    const again = await request(a, b.user.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('friend_already');
    expect((await request(a, a.user.id)).statusCode).toBe(404);
  });

  it('is accepted or rejected by its receiver and withdrawn by its sender only', async () => {
    const a = await signIn();
    const b = await signIn();
    const c = await signIn();
    const id = (await request(a, b.user.id)).json().request.id;
    const lists = await Promise.all([a, b].map((s) => s.call('GET', '/api/friends/friendship-requests/')));
    for (const list of lists) expect(list.json().map((r: { id: number }) => r.id)).toEqual([id]);
    expect(lists[1]!.json()[0]).toMatchObject({ from_user: { id: a.user.id }, to_user: { id: b.user.id } });
    expect((await a.call('PUT', `/api/friends/friendship-requests/${id}/accept/`)).statusCode).toBe(404);
    expect((await c.call('PUT', `/api/friends/friendship-requests/${id}/accept/`)).statusCode).toBe(404);
    expect((await b.call('DELETE', `/api/friends/friendship-requests/${id}/cancel/`)).statusCode).toBe(404);
    expect((await c.call('PUT', `/api/friends/friendship-requests/${id}/reject/`)).statusCode).toBe(404);
    expect((await b.call('PUT', `/api/friends/friendship-requests/${id}/reject/`)).statusCode).toBe(204);
    expect((await b.call('GET', '/api/friends/friendship-requests/')).json()).toEqual([]);

    const second = (await request(a, b.user.id)).json().request.id;
    expect((await a.call('DELETE', `/api/friends/friendship-requests/${second}/cancel/`)).statusCode).toBe(
      204,
    );
    const third = (await request(a, b.user.id)).json().request.id;
    const accepted = await b.call('PUT', `/api/friends/friendship-requests/${third}/accept/`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ friend: { id: a.user.id, is_friend: true } });
    const friendshipId = accepted.json().id;
    expect((await c.call('DELETE', `/api/friends/friendships/${friendshipId}/remove/`)).statusCode).toBe(404);
    expect((await a.call('DELETE', `/api/friends/friendships/${friendshipId}/remove/`)).statusCode).toBe(204);
    expect((await b.call('GET', '/api/friends/friendships/')).json()).toEqual([]);
  });

  it('mails the receiver in their language, and not when they turned it off; the request still works', async () => {
    const a = await signIn({ firstName: 'Мария', lastName: 'Иванова' });
    const b = await signIn({ language: 'bg', firstName: 'Петър' });
    await t.runJobs();
    expect((await request(a, b.user.id)).statusCode).toBe(201);
    expect(await t.runJobs()).toBe(1);
    const message = await mail.nextTo(b.user.email);
    // The sender's name is in the body only: subjects are the templates' own.
    expect(message.subject).toBe('Нова покана за приятелство в Flashcards');
    expect(message.text).toContain('Мария Иванова ви изпрати покана за приятелство.');
    expect(message.text).toContain('Здравейте, Петър,');
    expect(message.text).toContain('/friends');
    expect(message.text).not.toContain('Ако не сте поискали това');

    const quiet = await signIn({ receiveInvitationsForFriends: false });
    const sent = await request(a, quiet.user.id);
    expect(sent.statusCode).toBe(201);
    expect(await t.runJobs()).toBe(0);
    expect(mail.messages.some((m) => m.to?.some((to) => to.address === quiet.user.email))).toBe(false);
    expect((await quiet.call('GET', '/api/friends/friendship-requests/')).json()).toHaveLength(1);
  });
});

describe('blocking', () => {
  it('ends the friendship and requests, refuses new requests both ways, and is lifted by its blocker', async () => {
    const a = await signIn();
    const b = await signIn();
    const c = await signIn();
    await buildFriendship(t.database.db, a.user.id, b.user.id);
    await request(c, a.user.id);
    const blocked = await a.call('POST', '/api/friends/blocks/', { blocked: b.user.id, blocker: 999 });
    expect(blocked.statusCode).toBe(201);
    expect(blocked.json().blocked).toMatchObject({ id: b.user.id, is_friend: false, is_blocked: true });
    const blockedC = await a.call('POST', '/api/friends/blocks/', { blocked: c.user.id });
    expect((await a.call('GET', '/api/friends/friendships/')).json()).toEqual([]);
    expect((await a.call('GET', '/api/friends/friendship-requests/')).json()).toEqual([]);
    expect((await request(a, b.user.id)).statusCode).toBe(404);
    expect((await request(b, a.user.id)).statusCode).toBe(404);
    expect((await b.call('GET', `/api/friends/friend-details/${a.user.id}/`)).statusCode).toBe(404);

    const id = blocked.json().id;
    expect((await b.call('DELETE', `/api/friends/blocks/${id}/unblock/`)).statusCode).toBe(404);
    expect((await a.call('DELETE', `/api/friends/blocks/${id}/unblock/`)).statusCode).toBe(204);
    expect(
      (await a.call('GET', '/api/friends/blocks/list/')).json().map((x: { id: number }) => x.id),
    ).toEqual([blockedC.json().id]);
    expect((await request(b, a.user.id)).statusCode).toBe(201);
  });

  it('hides people blocked either way from a friend’s friends', async () => {
    const me = await signIn();
    const friend = await signIn();
    const mine = await signIn();
    const theirs = await signIn();
    for (const other of [mine, theirs]) await buildFriendship(t.database.db, friend.user.id, other.user.id);
    await buildFriendship(t.database.db, me.user.id, friend.user.id);
    await buildBlock(t.database.db, me.user.id, mine.user.id);
    await buildBlock(t.database.db, theirs.user.id, me.user.id);
    const list = (await me.call('GET', `/api/friends/friend-details/${friend.user.id}/friends/`)).json();
    expect(list).toEqual([]);
  });
});

describe('a friend’s profile', () => {
  it('shows details, friends and activity to friends only', async () => {
    const me = await signIn();
    const friend = await signIn({ ranking: 42, region: 'Varna' });
    const stranger = await signIn();
    await buildFriendship(t.database.db, me.user.id, friend.user.id);
    await buildFriendship(t.database.db, friend.user.id, stranger.user.id);
    await t.database.db
      .insert(userActivity)
      .values({ userId: friend.user.id, day: '2026-11-20', cardRequests: 12 });

    const details = await me.call('GET', `/api/friends/friend-details/${friend.user.id}/`);
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({
      id: friend.user.id,
      email: friend.user.email,
      ranking: 42,
      friends_count: 2,
      region: 'Varna',
      is_friend: true,
    });
    const activity = await me.call('GET', `/api/card/card-requests/${friend.user.id}/`);
    expect(activity.statusCode).toBe(200);
    expect(activity.json()).toEqual([
      expect.objectContaining({ create_at: '2026-11-20', card_requests: 12 }),
    ]);
    const theirFriends = await me.call('GET', `/api/friends/friend-details/${friend.user.id}/friends/`);
    expect(theirFriends.json().map((p: { id: number }) => p.id)).toEqual([stranger.user.id]);

    const outsider = await signIn();
    for (const url of [
      `/api/friends/friend-details/${friend.user.id}/`,
      `/api/friends/friend-details/${friend.user.id}/friends/`,
      `/api/card/card-requests/${friend.user.id}/`,
      `/api/card/card-requests/${me.user.id}/`,
    ])
      expect((await outsider.call('GET', url)).statusCode, url).toBe(404);
  });
});
