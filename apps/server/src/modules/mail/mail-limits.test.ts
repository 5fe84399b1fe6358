import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildCard, buildCategory, buildSchool, buildUser, PASSWORD } from '../../../test/factories';
import { type MailServer, startMailServer } from '../../../test/mail-server';
import { formData } from '../../../test/multipart';
import { type Session, signInAgain, signIn as signInAs } from '../../../test/session';
import { privateOffers, users } from '../../db/schema';
import { MAIL_LIMITS } from './mail-limits';

const MINUTE = 60_000;
let t: TestApp;
let mail: MailServer;

beforeAll(async () => {
  mail = await startMailServer();
  t = await buildTestApp({
    SMTP_URL: mail.url,
    MAIL_FROM: 'Cards <no-reply@cards.test>',
    SITE_NAME: 'Cards',
  });
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

const db = () => t.database.db;
const signIn = (overrides: Parameters<typeof signInAs>[1] = {}) => signInAs(t, overrides);

/** Each test its own addresses, so that no test counts another's requests. */
let network = 0;
const newAddress = () => `10.${++network}.0.1`;

const inject = (
  as: Session,
  method: 'POST' | 'PUT',
  url: string,
  payload: object,
  remoteAddress: string,
  headers: Record<string, string> = {},
) => t.app.inject({ method, url, payload, remoteAddress, headers: { ...as.headers, ...headers } });

const friendRequest = (
  as: Session,
  to: number,
  remoteAddress: string,
  headers: Record<string, string> = {},
) => inject(as, 'POST', '/api/friends/friendship-requests/', { to_user: to }, remoteAddress, headers);

const people = async (count: number, overrides: Parameters<typeof buildUser>[1] = {}) => {
  const made = [];
  for (let i = 0; i < count; i++) made.push(await buildUser(db(), overrides));
  return made;
};

/** The status codes of the answers, counted: { 201: n, 429: m }. */
const tally = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((counts, { statusCode }) => {
    counts[statusCode] = (counts[statusCode] ?? 0) + 1;
    return counts;
  }, {});

/** A number the statement selects as `count`. */
const countOf = async (query: ReturnType<typeof sql>) =>
  ((await db().execute(query)) as unknown as { rows: { count: number }[] }).rows[0]!.count;

const mailsTo = (address: string) => mail.messages.filter((m) => m.to?.some((to) => to.address === address));

describe('friend requests', () => {
  it('take 20 an hour from one account, then 429 in the asker’s language until the hour has passed', async () => {
    const me = await signIn();
    const address = newAddress();
    const targets = await people(MAIL_LIMITS.friend_request.perAccount + 1);
    for (const target of targets.slice(0, -1))
      expect((await friendRequest(me, target.id, address)).statusCode).toBe(201);
    const last = targets.at(-1)!;

    const refused = await friendRequest(me, last.id, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      detail:
        'Too many friend requests were sent from your account or your network in the last hour. Please try again later.',
      code: 'throttled',
    });
    const refusedBg = await friendRequest(me, last.id, address, { 'accept-language': 'bg' });
    expect(refusedBg.json()).toEqual({
      detail:
        'От профила или мрежата ви бяха изпратени твърде много покани за приятелство през последния час. Моля, опитайте отново по-късно.',
      code: 'throttled',
    });
    // Another address does not help the same account; nothing was asked.
    expect((await friendRequest(me, last.id, newAddress())).statusCode).toBe(429);
    expect(
      await countOf(sql`select count(*)::int as count from friend_requests where to_user_id = ${last.id}`),
    ).toBe(0);

    t.clock.advance(61 * MINUTE);
    const later = await signInAgain(t, me);
    expect((await friendRequest(later, last.id, address)).statusCode).toBe(201);
  });

  it('take 60 an hour from one address, whichever accounts ask', async () => {
    const address = newAddress();
    const { perAccount, perAddress } = MAIL_LIMITS.friend_request;
    const askers = await Promise.all(Array.from({ length: perAddress / perAccount + 1 }, () => signIn()));
    const targets = await people(perAccount);
    for (const asker of askers.slice(0, -1))
      for (const target of targets)
        expect((await friendRequest(asker, target.id, address)).statusCode).toBe(201);

    const fresh = askers.at(-1)!;
    expect((await friendRequest(fresh, targets[0]!.id, address)).statusCode).toBe(429);
    expect((await friendRequest(fresh, targets[0]!.id, newAddress())).statusCode).toBe(201);
  });

  it('let exactly 20 of 100 parallel requests through', async () => {
    const me = await signIn();
    const address = newAddress();
    const targets = await people(100);
    const burst = await Promise.all(targets.map((target) => friendRequest(me, target.id, address)));
    expect(tally(burst)).toEqual({ 201: 20, 429: 80 });
  });
});

describe('the count', () => {
  it('lets exactly the limit through of 100 actions at once, for one account and for one address', async () => {
    const { perAccount, perAddress } = MAIL_LIMITS.friend_request;
    const outcomes = async (who: (i: number) => { accountId: number; ip: string }) =>
      tally(
        (
          await Promise.allSettled(
            Array.from({ length: 100 }, (_, i) => t.services.mail.limit('friend_request', who(i))),
          )
        ).map((outcome) => ({ statusCode: outcome.status === 'fulfilled' ? 201 : 429 })),
      );
    const account = (await buildUser(db())).id;
    expect(await outcomes((i) => ({ accountId: account, ip: `10.201.0.${i}` }))).toEqual({
      201: perAccount,
      429: 100 - perAccount,
    });
    const address = newAddress();
    const accounts = await people(100);
    expect(await outcomes((i) => ({ accountId: accounts[i]!.id, ip: address }))).toEqual({
      201: perAddress,
      429: 100 - perAddress,
    });
  });
});

describe('sign-ups', () => {
  const signUp = (remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/users/',
      remoteAddress,
      payload: {
        first_name: 'Maria',
        last_name: 'Ivanova',
        email: `signup.${Math.random().toString(36).slice(2)}@example.com`,
        password: PASSWORD,
        re_password: PASSWORD,
        accepted_terms: true,
      },
    });

  it('take 5 an hour from one address, under a burst too, then 429 until the hour has passed', async () => {
    const address = newAddress();
    const burst = await Promise.all(Array.from({ length: 12 }, () => signUp(address)));
    expect(tally(burst)).toEqual({ 201: 5, 429: 7 });
    expect(burst.find((response) => response.statusCode === 429)!.json()).toEqual({
      detail: 'Too many accounts were created from your network in the last hour. Please try again later.',
      code: 'throttled',
    });
    expect((await signUp(newAddress())).statusCode).toBe(201);

    t.clock.advance(61 * MINUTE);
    expect((await signUp(address)).statusCode).toBe(201);
  });

  it('follow SIGN_UPS_PER_ADDRESS where people share one address', async () => {
    const shared = await buildTestApp({ SIGN_UPS_PER_ADDRESS: '1' });
    try {
      const main = t;
      t = shared;
      try {
        expect((await signUp('10.200.0.1')).statusCode).toBe(201);
        expect((await signUp('10.200.0.1')).statusCode).toBe(429);
      } finally {
        t = main;
      }
    } finally {
      await shared.close();
    }
  });
});

describe('categories offered', () => {
  const offer = (as: Session, categoryId: number, ids: number[], remoteAddress: string) =>
    inject(as, 'PUT', `/api/card/private/${categoryId}/`, { receivers_ids: ids }, remoteAddress);

  it('count each receiver: a send over what is left of the hour offers nobody anything', async () => {
    const me = await signIn();
    const address = newAddress();
    const category = await buildCategory(db(), { userId: me.user.id });
    await buildCard(db(), { categoryId: category.id });
    const receivers = await people(3);
    // Most of the hour's receivers went to others already.
    await t.services.mail.limit(
      'category_offer',
      { accountId: me.user.id, ip: address },
      { weight: MAIL_LIMITS.category_offer.perAccount - 2 },
    );

    const refused = await offer(
      me,
      category.id,
      receivers.map((r) => r.id),
      address,
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('throttled');
    expect(await db().select().from(privateOffers).where(eq(privateOffers.categoryId, category.id))).toEqual(
      [],
    );

    const sent = await offer(
      me,
      category.id,
      receivers.slice(0, 2).map((r) => r.id),
      address,
    );
    expect(sent.statusCode).toBe(200);
    expect(sent.json().sent).toHaveLength(2);
    // People skipped (already offered) do not count.
    expect(
      (
        await offer(
          me,
          category.id,
          receivers.slice(0, 2).map((r) => r.id),
          address,
        )
      ).statusCode,
    ).toBe(200);
    expect((await offer(me, category.id, [receivers[2]!.id], address)).statusCode).toBe(429);
  });
});

describe('accounts a school adds', () => {
  const register = (as: Session, remoteAddress: string) =>
    inject(
      as,
      'POST',
      '/api/school/register-student/',
      {
        first_name: 'Ana',
        last_name: 'Petrova',
        email: `pupil.${Math.random().toString(36).slice(2)}@example.com`,
      },
      remoteAddress,
    );

  it('count a CSV import once, however many students it adds', async () => {
    const school = await buildSchool(db(), { availableStudents: 100 });
    const principal = await signIn({
      schoolId: school.id,
      isOrganizationHost: true,
      isOrganizationMember: true,
    });
    const address = newAddress();
    await t.services.mail.limit(
      'school_accounts',
      { accountId: principal.user.id, ip: address },
      { weight: MAIL_LIMITS.school_accounts.perAccount - 2 },
    );
    expect((await register(principal, address)).statusCode).toBe(201);

    const rows = Array.from(
      { length: 30 },
      (_, i) => `import.${i}.${school.id}@example.com,First${i},Last${i}`,
    );
    const body = await formData(
      {},
      { file: { name: 'students.csv', type: 'text/csv', data: Buffer.from(rows.join('\n')) } },
    );
    const upload = (preview: boolean) =>
      t.app.inject({
        method: 'POST',
        url: `/api/school/bulk-create-users/${preview ? '?preview=true' : ''}`,
        payload: body.payload,
        remoteAddress: address,
        headers: { ...principal.headers, ...body.headers },
      });
    // A preview stores and mails nothing: it does not count.
    const preview = await upload(true);
    expect(preview.statusCode).toBe(201);
    expect(preview.json()).toMatchObject({ preview: true, created: 30 });
    const imported = await upload(false);
    expect(imported.statusCode, imported.body.slice(0, 200)).toBe(201);
    expect(imported.json().created).toBe(30);

    const refused = await register(principal, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      detail:
        'Too many accounts were added from your account or your network in the last hour. Please try again later.',
      code: 'throttled',
    });
  });
});

describe('one notice of a kind an hour to one person', () => {
  // The tests above leave hundreds of mails queued (their sign-ups and imports): sent first, on their own
  // time, so these tests' jobs are only their own.
  beforeAll(() => t.runJobs(), 120_000);

  it('mails the first friend request at once and the others of the hour in one digest after it', async () => {
    const receiver = await buildUser(db(), { firstName: 'Rada' });
    const first = await signIn({ firstName: 'Ivan', lastName: 'First' });
    const second = await signIn({ firstName: '<b>Win</b>', lastName: 'http://prize.example' });
    const third = await signIn({ firstName: 'Maria', lastName: 'Third' });
    const address = newAddress();

    expect((await friendRequest(first, receiver.id, address)).statusCode).toBe(201);
    await t.runJobs();
    const now = await mail.nextTo(receiver.email);
    expect(now.subject).toBe('A new friend request on Cards');
    expect(now.text).toContain('Ivan First sent you a friend request');

    expect((await friendRequest(second, receiver.id, address)).statusCode).toBe(201);
    expect((await friendRequest(third, receiver.id, address)).statusCode).toBe(201);
    await t.runJobs();
    t.clock.advance(59 * MINUTE);
    await t.runJobs();
    expect(mailsTo(receiver.email)).toHaveLength(1);

    t.clock.advance(2 * MINUTE);
    expect(await t.runJobs()).toBeGreaterThanOrEqual(2);
    const digest = await mail.nextTo(receiver.email);
    expect(digest.subject).toBe('More friend requests on Cards');
    expect(digest.text).toContain('Since our last e-mail, 2 more people sent you friend requests:');
    expect(digest.text).toContain('- <b>Win</b> http://prize.example\n- Maria Third');
    expect(digest.html).toContain('<li>&#60;b&#62;Win&#60;/b&#62; http://prize.example</li>');
    expect(digest.html).not.toContain('<b>Win');
    expect(mailsTo(receiver.email)).toHaveLength(2);

    // The digest began a new hour: a request now waits for the next one.
    const fourth = await signIn({ firstName: 'Petar', lastName: 'Fourth' });
    expect((await friendRequest(fourth, receiver.id, address)).statusCode).toBe(201);
    await t.runJobs();
    expect(mailsTo(receiver.email)).toHaveLength(2);
    t.clock.advance(61 * MINUTE);
    await t.runJobs();
    const next = await mail.nextTo(receiver.email);
    expect(next.subject).toBe('More friend requests on Cards');
    expect(next.text).toContain('Since our last e-mail, one more person sent you a friend request:');
    expect(next.text).toContain('- Petar Fourth');
  });

  it('gathers categories offered within the hour, in the receiver’s language, with no name in a subject', async () => {
    const receiver = await buildUser(db(), { firstName: 'Rada', language: 'bg' });
    const sender = await signIn({ firstName: 'Free', lastName: 'money http://spam.example' });
    const address = newAddress();
    const offer = async (name: string) => {
      const category = await buildCategory(db(), { userId: sender.user.id, name });
      await buildCard(db(), { categoryId: category.id });
      const response = await inject(
        sender,
        'PUT',
        `/api/card/private/${category.id}/`,
        { receivers_ids: [receiver.id] },
        address,
      );
      expect(response.json().sent).toEqual([receiver.id]);
    };

    await offer('Buy now at http://spam.example');
    await t.runJobs();
    const now = await mail.nextTo(receiver.email);
    expect(now.subject).toBe('Изпратиха ви категория в Cards');
    expect(now.text).toContain(
      'Free money http://spam.example ви изпрати категорията „Buy now at http://spam.example“',
    );

    await offer('Verbs');
    await offer('Nouns');
    t.clock.advance(61 * MINUTE);
    await t.runJobs();
    const digest = await mail.nextTo(receiver.email);
    expect(digest.subject).toBe('Изпратиха ви още категории в Cards');
    expect(digest.text).toContain('След последното ни писмо ви изпратиха още 2 категории:');
    expect(digest.text).toContain(
      '- „Verbs“ от Free money http://spam.example\n- „Nouns“ от Free money http://spam.example',
    );
  });

  it('sends nothing held for a person whose account is gone', async () => {
    const receiver = await buildUser(db());
    const address = newAddress();
    for (const name of ['One', 'Two']) {
      const asker = await signIn({ firstName: name });
      expect((await friendRequest(asker, receiver.id, address)).statusCode).toBe(201);
    }
    await t.runJobs();
    await mail.nextTo(receiver.email);
    await db()
      .update(users)
      .set({ isActive: false })
      .where(and(eq(users.id, receiver.id)));
    t.clock.advance(61 * MINUTE);
    await t.runJobs();
    expect(mailsTo(receiver.email)).toHaveLength(1);
    expect(
      await countOf(sql`select count(*)::int as count from held_mails where recipient_id = ${receiver.id}`),
    ).toBe(0);
  });
});
