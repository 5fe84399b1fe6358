import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildBlock, buildFriendship, buildUser } from '../../../test/factories';
import { type Session, signIn as signInAs } from '../../../test/session';

let t: TestApp;
const CAP = 3;

beforeAll(async () => {
  t = await buildTestApp({ USER_GROUP_MAX_MEMBERS: String(CAP) });
});
afterAll(() => t.close());

const signIn = (overrides: Parameters<typeof signInAs>[1] = {}) => signInAs(t, overrides);
const create = async (as: Session, name: string) => {
  const response = await as.call('POST', '/api/user-groups/list/paginated/', { name, author: 12345 });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
};
const add = (as: Session, id: number, ids: number[]) =>
  as.call('PUT', `/api/user-groups/details-add/${id}/`, { user_ids: ids });

describe('user groups', () => {
  it('are created, listed, renamed and deleted by their author; 404 to anyone else', async () => {
    const me = await signIn();
    const other = await signIn();
    const first = await create(me, 'Class 5B');
    expect(first).toMatchObject({
      name: 'Class 5B',
      author: me.user.id,
      receivers_users: [],
      members_count: 0,
    });
    t.clock.advance(1000);
    const second = await create(me, 'archery club');
    const page = (await me.call('GET', '/api/user-groups/list/paginated/')).json();
    expect(page.count).toBe(2);
    expect(page.results.map((g: { id: number }) => g.id)).toEqual([second.id, first.id]);
    const all = (await me.call('GET', '/api/user-groups/list/?user_id=1')).json();
    expect(all.map((g: { name: string }) => g.name)).toEqual(['archery club', 'Class 5B']);
    expect((await other.call('GET', '/api/user-groups/list/')).json()).toEqual([]);

    for (const [method, url, body] of [
      ['GET', `/api/user-groups/details/${first.id}/`, undefined],
      ['PUT', `/api/user-groups/details/${first.id}/`, { name: 'Mine now' }],
      ['DELETE', `/api/user-groups/details/${first.id}/`, undefined],
      ['PUT', `/api/user-groups/details-add/${first.id}/`, { user_ids: [other.user.id] }],
      ['PUT', `/api/user-groups/details-remove/${first.id}/`, { user_ids: [me.user.id] }],
      ['GET', `/api/search-users-groups/?users_group_id=${first.id}&search=a`, undefined],
    ] as const)
      expect((await other.call(method, url, body)).statusCode, `${method} ${url}`).toBe(404);

    const renamed = await me.call('PUT', `/api/user-groups/details/${first.id}/`, { name: ' Class 6B ' });
    expect(renamed.json().name).toBe('Class 6B');
    expect((await me.call('DELETE', `/api/user-groups/details/${first.id}/`)).statusCode).toBe(204);
    expect((await me.call('GET', `/api/user-groups/details/${first.id}/`)).statusCode).toBe(404);
  });

  it('are refused to accounts a school created and nobody claimed yet', async () => {
    const student = await signIn({ isAutoCreated: true });
    expect((await student.call('GET', '/api/user-groups/list/paginated/')).statusCode).toBe(403);
    expect((await student.call('GET', '/api/user-groups/list/')).statusCode).toBe(403);
    expect((await student.call('POST', '/api/user-groups/list/paginated/', { name: 'x' })).statusCode).toBe(
      403,
    );
  });

  it('take people I may reach up to the cap; the others come back with the reason', async () => {
    const me = await signIn();
    const group = await create(me, 'Cap');
    const friend = await signIn({ lastName: 'Friendly' });
    await buildFriendship(t.database.db, me.user.id, friend.user.id);
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => buildUser(t.database.db)));
    const inactive = await buildUser(t.database.db, { isActive: false });
    const unclaimed = await buildUser(t.database.db, { isAutoCreated: true });
    const blocking = await buildUser(t.database.db);
    await buildBlock(t.database.db, blocking.id, me.user.id);
    const blocked = await buildUser(t.database.db);
    await buildBlock(t.database.db, me.user.id, blocked.id);

    const response = await add(me, group.id, [
      friend.user.id,
      me.user.id,
      inactive.id,
      unclaimed.id,
      blocking.id,
      blocked.id,
      999_999,
      a!.id,
      b!.id,
      c!.id,
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.receivers_users.map((m: { id: number }) => m.id).sort()).toEqual(
      [friend.user.id, a!.id, b!.id].sort(),
    );
    expect(body.members_count).toBe(CAP);
    expect(body.skipped).toEqual([
      { id: me.user.id, reason: 'self' },
      { id: inactive.id, reason: 'unavailable' },
      { id: unclaimed.id, reason: 'unavailable' },
      { id: blocking.id, reason: 'unavailable' },
      { id: blocked.id, reason: 'unavailable' },
      { id: 999_999, reason: 'unavailable' },
      { id: c!.id, reason: 'group_full' },
    ]);
    // E-mails of friends only.
    const shown = body.receivers_users.find((m: { id: number }) => m.id === friend.user.id);
    expect(shown.email).toBe(friend.user.email);
    expect(body.receivers_users.find((m: { id: number }) => m.id === a!.id).email).toBe('');
    expect(body.receivers_emails).toBe(friend.user.email);
    // Adding members again is not an error, and a full group stays full.
    expect((await add(me, group.id, [a!.id])).json().skipped).toEqual([]);

    const removed = await me.call('PUT', `/api/user-groups/details-remove/${group.id}/`, {
      user_ids: [a!.id],
    });
    expect(removed.json().members_count).toBe(2);
    expect((await add(me, group.id, [c!.id])).json().skipped).toEqual([]);
  });

  it('lose the members a block separates', async () => {
    const me = await signIn();
    const other = await signIn();
    const group = await create(me, 'Blocks');
    await add(me, group.id, [other.user.id]);
    const theirs = await create(other, 'Theirs');
    await add(other, theirs.id, [me.user.id]);
    expect((await other.call('POST', '/api/friends/blocks/', { blocked: me.user.id })).statusCode).toBe(201);
    expect((await me.call('GET', `/api/user-groups/details/${group.id}/`)).json().receivers_users).toEqual(
      [],
    );
    expect(
      (await other.call('GET', `/api/user-groups/details/${theirs.id}/`)).json().receivers_users,
    ).toEqual([]);
  });

  it('suggest people to add by name or whole e-mail, friends first, flagging members; never blocked ones', async () => {
    const name = `Grp${Math.random().toString(36).slice(2, 8)}`;
    const me = await signIn();
    const group = await create(me, 'Search');
    const stranger = await buildUser(t.database.db, { lastName: `${name} Aaa` });
    const friend = await buildUser(t.database.db, { lastName: `${name} Zzz` });
    await buildFriendship(t.database.db, me.user.id, friend.id);
    const member = await buildUser(t.database.db, { lastName: `${name} Mmm` });
    await add(me, group.id, [member.id]);
    const blocking = await buildUser(t.database.db, { lastName: `${name} Blocking` });
    await buildBlock(t.database.db, blocking.id, me.user.id);
    await buildUser(t.database.db, { lastName: `${name} Unclaimed`, isAutoCreated: true });

    const found = await me.call('GET', `/api/search-users-groups/?users_group_id=${group.id}&search=${name}`);
    expect(found.statusCode).toBe(200);
    expect(found.json().map((p: { id: number; in_group: boolean }) => [p.id, p.in_group])).toEqual([
      [friend.id, false],
      [stranger.id, false],
      [member.id, true],
    ]);
    const byEmail = await me.call(
      'GET',
      `/api/search-users-groups/?users_group_id=${group.id}&search=${stranger.email}`,
    );
    expect(byEmail.json().map((p: { id: number }) => p.id)).toEqual([stranger.id]);
    // Without a search: my friends.
    const friends = await me.call('GET', `/api/search-users-groups/?users_group_id=${group.id}`);
    expect(friends.json().map((p: { id: number }) => p.id)).toEqual([friend.id]);
  });

  it('costs the same statements for a page of groups however many members they have', async () => {
    const statements = async (as: Session) => {
      t.database.queries.length = 0;
      expect((await as.call('GET', '/api/user-groups/list/paginated/')).statusCode).toBe(200);
      return t.database.queries.length;
    };
    const small = await signIn();
    await create(small, 'One');
    const big = await signIn();
    for (const label of ['A', 'B', 'C']) {
      const group = await create(big, label);
      await add(
        big,
        group.id,
        (await Promise.all([1, 2, 3].map(() => buildUser(t.database.db)))).map((u) => u.id),
      );
    }
    expect(await statements(big)).toBe(await statements(small));
  });
});
