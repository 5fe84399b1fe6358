import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildCard, buildCategory, buildUser, PASSWORD } from '../../../test/factories';
import { linkIn, type MailServer, startMailServer } from '../../../test/mail-server';
import { type Session, signIn, signInAgain } from '../../../test/session';
import { buildApp } from '../../app';
import { affiliates, settings, users, userTokens } from '../../db/schema';
import { DAY, HOUR } from '../../lib/clock';
import { loginDelayMs } from './auth.service';

let t: TestApp;
let mail: MailServer;
const PUBLIC_URL = 'http://cards.test';

beforeAll(async () => {
  mail = await startMailServer();
  t = await buildTestApp({ SMTP_URL: mail.url, PUBLIC_URL, MAIL_FROM: 'Cards <no-reply@cards.test>' });
});
/** The next mail to this address, once the queued mails went out (no worker runs in tests). */
const mailTo = async (address: string) => {
  await t.runJobs();
  return mail.nextTo(address);
};

afterAll(async () => {
  await t.close();
  await mail.close();
});

// Letters only: digits in the e-mail would make numeric test passwords "similar to the email address".
const uniqueEmail = () =>
  `person.${Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}@example.com`;

let signUps = 0;
/** Each sign-up from an address of its own: the sign-ups an address may make are mail-limits.test's. */
const register = (body: Record<string, unknown>, language?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/users/',
    remoteAddress: `10.250.${Math.floor(++signUps / 250)}.${signUps % 250}`,
    payload: {
      first_name: 'Maria',
      last_name: 'Ivanova',
      password: PASSWORD,
      re_password: PASSWORD,
      accepted_terms: true,
      ...body,
    },
    headers: language ? { 'accept-language': language } : {},
  });

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers });

const login = (email: string, password = PASSWORD, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/user/jwt/create/', payload: { email, password }, remoteAddress });

const uidAndToken = (link: string) => {
  const [uid, token] = link.split('/').slice(-2);
  return { uid: uid!, token: token! };
};

/** The status codes of the answers, counted: { 401: n, 429: m }. */
const tally = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((counts, { statusCode }) => {
    counts[statusCode] = (counts[statusCode] ?? 0) + 1;
    return counts;
  }, {});

describe('registration', () => {
  it('creates an inactive account, records the agreement and mails an activation link', async () => {
    const email = uniqueEmail();
    const response = await register({ email: `  ${email.toUpperCase()} ` });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ email, first_name: 'Maria', last_name: 'Ivanova' });

    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user!.isActive).toBe(false);
    expect(user!.acceptedTermsAt).toBeInstanceOf(Date);
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user!.trialEndDate!.getTime() - t.clock.now().getTime()).toBe(30 * DAY);

    const message = await mailTo(email);
    expect(message.subject).toBe('Activate your Flashcards account');
    expect(message.from?.address).toBe('no-reply@cards.test');
    const link = linkIn(message, `${PUBLIC_URL}/activation/`);
    expect(message.html).toContain(link);
    expect(message.text).toContain('Hello Maria Ivanova');

    expect((await login(email)).statusCode).toBe(401);
  });

  it("keeps the browser's time zone, Sofia's for none or an unknown one", async () => {
    for (const [sent, kept] of [
      ['Asia/Tokyo', 'Asia/Tokyo'],
      [undefined, 'Europe/Sofia'],
      ['Mars/Olympus', 'Europe/Sofia'],
    ] as const) {
      const email = uniqueEmail();
      expect((await register({ email, time_zone: sent })).statusCode, sent).toBe(201);
      const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
      expect(user, sent).toMatchObject({ timeZone: kept, timeZoneChangedAt: null });
    }
  });

  it('writes the mail in Bulgarian for a Bulgarian sign-up', async () => {
    const email = uniqueEmail();
    expect((await register({ email }, 'bg')).statusCode).toBe(201);
    const message = await mailTo(email);
    expect(message.subject).toBe('Активирайте профила си в Flashcards');
    expect(message.text).toContain('Здравейте, Maria Ivanova,');
  });

  it('rejects a taken e-mail, whatever its case and spaces', async () => {
    const email = uniqueEmail();
    await register({ email });
    const again = await register({ email: ` ${email.toUpperCase()}` });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ email: ['User account with this email already exists.'] });
    const bg = await register({ email }, 'bg');
    expect(bg.json()).toEqual({ email: ['Вече има профил с този имейл адрес.'] });
  });

  it('applies the password validators with Django messages', async () => {
    const cases: [string, Record<string, unknown>, Record<string, string[]>][] = [
      [
        'common',
        { password: 'password', re_password: 'password' },
        { password: ['This password is too common.'] },
      ],
      [
        'numeric',
        { password: '12345678', re_password: '12345678' },
        { password: ['This password is too common.', 'This password is entirely numeric.'] },
      ],
      [
        'short',
        { password: 'Xy7#q', re_password: 'Xy7#q' },
        { password: ['This password is too short. It must contain at least 8 characters.'] },
      ],
      [
        'similar',
        { first_name: 'Stanislava', password: 'stanislava', re_password: 'stanislava' },
        { password: ['The password is too similar to the first name.'] },
      ],
      [
        'mismatch',
        { re_password: 'Something-Else-77' },
        { non_field_errors: ["The two password fields didn't match."] },
      ],
      [
        'terms',
        { accepted_terms: false },
        { accepted_terms: ['You must accept the terms of usage and the privacy policy.'] },
      ],
    ];
    for (const [name, body, expected] of cases) {
      const response = await register({ email: uniqueEmail(), ...body });
      expect(response.statusCode, name).toBe(400);
      expect(response.json(), name).toEqual(expected);
    }
    const bg = await register({ email: uniqueEmail(), password: '12345678', re_password: '12345678' }, 'bg');
    expect(bg.json()).toEqual({
      password: ['Тази парола е твърде често срещана.', 'Паролата се състои само от цифри.'],
    });
  });

  it('requires the fields and a valid e-mail', async () => {
    const response = await post('/api/user/users/', { email: 'not-an-email' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.email).toEqual(['Enter a valid email address.']);
    expect(body.first_name).toEqual(['This field is required.']);
    expect(body.password).toEqual(['This field is required.']);
  });

  it('keeps a known referral code and ignores an unknown one', async () => {
    const referrer = await buildUser(t.database.db);
    await t.database.db.insert(affiliates).values({ userId: referrer.id, affiliateCode: 'MARIA2026' });
    const referred = uniqueEmail();
    expect((await register({ email: referred, ref_code: 'MARIA2026' })).statusCode).toBe(201);
    const stranger = uniqueEmail();
    expect((await register({ email: stranger, ref_code: 'NO-SUCH-CODE' })).statusCode).toBe(201);
    const rows = await t.database.db
      .select({ email: users.email, referredById: users.referredById })
      .from(users)
      .where(sql`${users.email} in (${referred}, ${stranger})`);
    expect(Object.fromEntries(rows.map((r) => [r.email, r.referredById]))).toEqual({
      [referred]: referrer.id,
      [stranger]: null,
    });
  });
});

describe('activation', () => {
  const registerAndGetLink = async () => {
    const email = uniqueEmail();
    await register({ email });
    return { email, ...uidAndToken(linkIn(await mailTo(email), `${PUBLIC_URL}/activation/`)) };
  };

  it('activates once; the same link then answers stale', async () => {
    const { email, uid, token } = await registerAndGetLink();
    expect((await post('/api/user/users/activation/', { uid, token })).statusCode).toBe(204);
    expect((await login(email)).statusCode).toBe(200);
    const again = await post('/api/user/users/activation/', { uid, token });
    expect(again.statusCode).toBe(403);
    expect(again.json().detail).toBe('Stale token for given user.');
  });

  it('refuses a wrong token, an unknown user and an expired link', async () => {
    const { uid, token, email } = await registerAndGetLink();
    const wrong = await post('/api/user/users/activation/', { uid, token: `${token}x` });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ token: ['Invalid token for given user.'] });
    const unknown = await post('/api/user/users/activation/', { uid: 'OTk5OTk5', token });
    expect(unknown.json()).toEqual({ uid: ["Invalid user id or user doesn't exist."] });

    expect(email).toBeTruthy();
    // The link works for 72 hours.
    t.clock.advance(72 * HOUR + 1000);
    const expired = await post('/api/user/users/activation/', { uid, token });
    expect(expired.json()).toEqual({ token: ['Invalid token for given user.'] });
  });

  it('resends the link to an inactive account and says the same for any e-mail', async () => {
    const { email } = await registerAndGetLink();
    expect((await post('/api/user/users/resend_activation/', { email })).statusCode).toBe(204);
    const { uid, token } = uidAndToken(linkIn(await mailTo(email), `${PUBLIC_URL}/activation/`));
    expect((await post('/api/user/users/activation/', { uid, token })).statusCode).toBe(204);
    const before = mail.messages.length;
    expect(
      (await post('/api/user/users/resend_activation/', { email: 'nobody@example.com' })).statusCode,
    ).toBe(204);
    expect((await post('/api/user/users/resend_activation/', { email })).statusCode).toBe(204);
    // Each request queued its job, which found no account due a link.
    expect(await t.runJobs()).toBe(2);
    expect(mail.messages.length).toBe(before);
  });
});

describe('tokens', () => {
  it('signs in, verifies, refreshes with rotation and logs out', async () => {
    const user = await buildUser(t.database.db, { password: PASSWORD });
    const created = await login(user.email.toUpperCase());
    expect(created.statusCode).toBe(200);
    const { access, refresh } = created.json();

    for (const scheme of ['JWT', 'Bearer']) {
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/user/users/me/',
        headers: { authorization: `${scheme} ${access}` },
      });
      expect(me.statusCode, scheme).toBe(200);
      expect(me.json().email).toBe(user.email);
    }
    expect((await post('/api/user/jwt/verify/', { token: access })).json()).toEqual({});

    const rotated = await post('/api/user/jwt/refresh/', { refresh });
    expect(rotated.statusCode).toBe(200);
    expect(Object.keys(rotated.json()).sort()).toEqual(['access', 'refresh']);
    const reused = await post('/api/user/jwt/refresh/', { refresh });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({
      detail: 'Given token not valid for any token type',
      code: 'token_not_valid',
    });
    expect((await post('/api/user/jwt/verify/', { token: refresh })).statusCode).toBe(401);

    const next = rotated.json().refresh;
    expect((await post('/api/user/logout/', { refresh: next })).statusCode).toBe(204);
    expect((await post('/api/user/jwt/refresh/', { refresh: next })).statusCode).toBe(401);
  });

  it('lets only one of several simultaneous refreshes with one token succeed', async () => {
    const user = await buildUser(t.database.db, { password: PASSWORD });
    const { refresh } = (await login(user.email)).json();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => post('/api/user/jwt/refresh/', { refresh })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401, 401, 401, 401]);
  });

  it('refuses wrong credentials, garbage and missing tokens', async () => {
    const user = await buildUser(t.database.db, { password: PASSWORD });
    const inactive = await buildUser(t.database.db, { password: PASSWORD, isActive: false });
    for (const response of [
      await login(user.email, 'Wrong-Password-1'),
      // A wrong password says nothing of whether the account is active.
      await login(inactive.email, 'Wrong-Password-1'),
      await login('nobody@example.com'),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        detail: 'No active account found with the given credentials',
        code: 'no_active_account',
      });
    }
    const garbage = await post('/api/user/jwt/verify/', { token: 'not.a.token' });
    expect(garbage.statusCode).toBe(401);
    const missing = await t.app.inject({ method: 'GET', url: '/api/user/users/me/' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().detail).toBe('Authentication credentials were not provided.');
    const refreshAsAccess = await t.app.inject({
      method: 'GET',
      url: '/api/user/users/me/',
      headers: { authorization: `JWT ${(await login(user.email)).json().refresh}` },
    });
    expect(refreshAsAccess.statusCode).toBe(401);
  });

  it('tells the owner of an account not yet activated, and only with the right password', async () => {
    const inactive = await buildUser(t.database.db, { password: PASSWORD, isActive: false });
    const response = await login(inactive.email);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      detail:
        'Your account is not activated yet. Open the link in the e-mail we sent you, or ask for a new one.',
      code: 'account_not_activated',
    });
    expect(response.json()).not.toHaveProperty('access');
    const bg = await t.app.inject({
      method: 'POST',
      url: '/api/user/jwt/create/',
      headers: { 'accept-language': 'bg' },
      payload: { email: inactive.email, password: PASSWORD },
    });
    expect(bg.json().code).toBe('account_not_activated');
    expect(bg.json().detail).toMatch(/не е активиран/);
  });

  it('accepts only access tokens signed with its own key, with HS256, and not expired', async () => {
    const user = await buildUser(t.database.db, { password: PASSWORD });
    const [stored] = await t.database.db.select().from(settings).where(eq(settings.key, 'jwt_secret'));
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const token = (
      secret: string,
      { alg = 'HS256', exp = now + 600, claims = {} }: { alg?: string; exp?: number; claims?: object } = {},
    ) =>
      new SignJWT({ token_type: 'access', user_id: user.id, ...claims })
        .setProtectedHeader({ alg, typ: 'JWT' })
        .setJti('test-token')
        .setIssuedAt(now - 60)
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(secret));
    const me = (jwt: string) =>
      t.app.inject({ method: 'GET', url: '/api/user/users/me/', headers: { authorization: `JWT ${jwt}` } });
    const unsigned = (jwt: string) => {
      const [, payload] = jwt.split('.');
      return `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    };

    const good = await token(stored!.value);
    expect((await me(good)).statusCode).toBe(200);
    for (const bad of [
      await token('another-secret-of-the-same-length-and-more-0123456789'),
      await token(stored!.value, { exp: now - 1 }),
      await token(stored!.value, { alg: 'HS512' }),
      await token(stored!.value, { claims: { token_type: 'refresh' } }),
      await token(stored!.value, { claims: { user_id: 'one' } }),
      unsigned(good),
      `${good.slice(0, -2)}AA`,
    ]) {
      const response = await me(bad);
      expect(response.statusCode, bad).toBe(401);
      expect(response.json().code).toBe('token_not_valid');
    }
  });

  it('locks out the address that failed 5 times for an e-mail, not the owner at another address', async () => {
    const user = await buildUser(t.database.db, { password: PASSWORD });
    const attack = await Promise.all(
      Array.from({ length: 50 }, (_, i) => login(user.email, `Wrong-Password-${i}`, '10.1.0.1')),
    );
    expect(tally(attack)).toEqual({ 401: 5, 429: 45 });
    const blocked = await login(user.email, PASSWORD, '10.1.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toBe('Try again in one hour!');

    // Another server process on the same database sees the same count.
    const other = await buildApp({ services: t.services, log: t.app.log });
    const fromOther = await other.inject({
      method: 'POST',
      url: '/api/user/jwt/create/',
      payload: { email: user.email, password: PASSWORD },
      headers: { 'accept-language': 'bg' },
      remoteAddress: '10.1.0.1',
    });
    expect(fromOther.statusCode).toBe(429);
    expect(fromOther.json().detail).toBe('Опитайте отново след един час!');
    await other.close();

    // The owner, from an address that did not fail, is let in at once.
    expect((await login(user.email, PASSWORD, '10.1.0.2')).statusCode).toBe(200);
    expect(t.clock.sleeping()).toEqual([]);
    // ...and the owner's success lifts nothing of the attacker's lock.
    expect((await login(user.email, PASSWORD, '10.1.0.1')).statusCode).toBe(429);

    t.clock.advance(61 * 60_000);
    expect((await login(user.email, PASSWORD, '10.1.0.1')).statusCode).toBe(200);
  });

  it('locks out an address after 20 failures within an hour, whatever the e-mails', async () => {
    for (let i = 0; i < 20; i++) await login(`ghost${i}@example.com`, 'Wrong-Password-1', '10.9.9.9');
    const user = await buildUser(t.database.db, { password: PASSWORD });
    expect((await login(user.email, PASSWORD, '10.9.9.9')).statusCode).toBe(429);
    expect((await login(user.email, PASSWORD, '10.9.9.10')).statusCode).toBe(200);
  });

  it('slows an e-mail attacked from many addresses, more with each failure, and never locks it', async () => {
    const user = await buildUser(t.database.db, { password: PASSWORD });
    /** One sign-in from its own address: the delay it waited on the clock (none: 0), and its answer. */
    const attempt = async (password: string, address: string) => {
      const answer = login(user.email, password, address);
      let waited = 0;
      const settled = answer.then(() => true);
      // The answer comes at once, or it waits on the clock: then the clock is moved by what it waits.
      while (!(await Promise.race([settled, Promise.resolve(false)]))) {
        const [sleeping] = t.clock.sleeping();
        if (sleeping !== undefined) {
          waited += sleeping;
          t.clock.advance(sleeping);
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
      return { waited, status: (await answer).statusCode };
    };

    const delays: number[] = [];
    for (let i = 0; i < 14; i++) {
      const { waited, status } = await attempt('Wrong-Password-1', `10.4.${i}.1`);
      expect(status).toBe(401);
      delays.push(waited);
    }
    // Two addresses' worth of failures (10) before any delay, then 1 s doubling with each one.
    expect(delays).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1000, 2000, 4000, 8000]);
    // The owner waits too, and is let in.
    expect(await attempt(PASSWORD, '10.4.200.1')).toEqual({ waited: 16_000, status: 200 });
  });

  it('delays an attacked e-mail 1 s at its 10th failure within the hour, doubling up to 30 s', () => {
    expect([0, 9, 10, 11, 12, 14, 15, 50].map(loginDelayMs)).toEqual([
      0, 0, 1000, 2000, 4000, 16_000, 30_000, 30_000,
    ]);
  });

  it('lets no more than 5 of 100 simultaneous wrong passwords for one e-mail from one address through', async () => {
    const user = await buildUser(t.database.db, { password: PASSWORD });
    const burst = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login(user.email, `Wrong-Password-${i}`, '10.2.0.1')),
    );
    expect(tally(burst)).toEqual({ 401: 5, 429: 95 });
    expect((await login(user.email, PASSWORD, '10.2.0.1')).statusCode).toBe(429);
    expect((await login(user.email, PASSWORD, '10.2.0.2')).statusCode).toBe(200);
  });

  it('lets no more than 20 of 100 simultaneous wrong attempts from one address through', async () => {
    const burst = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login(`crowd${i}@example.com`, 'Wrong-Password-1', '10.3.3.3')),
    );
    expect(tally(burst)).toEqual({ 401: 20, 429: 80 });
    const user = await buildUser(t.database.db, { password: PASSWORD });
    expect((await login(user.email, PASSWORD, '10.3.3.3')).statusCode).toBe(429);
    expect((await login(user.email, PASSWORD, '10.3.3.4')).statusCode).toBe(200);
  });
});

describe('sessions after a password change', () => {
  const NEW_PASSWORD = 'Another-Good-Pass-7';
  /** Two devices of one premium account (a trial ahead), each signed in, and a card of it to answer. */
  const twoDevices = async () => {
    const user = await buildUser(t.database.db, {
      password: PASSWORD,
      trialEndDate: new Date(t.clock.now().getTime() + 10 * DAY),
    });
    const card = await buildCard(t.database.db, {
      categoryId: (await buildCategory(t.database.db, { userId: user.id })).id,
    });
    const [first, second] = [(await login(user.email)).json(), (await login(user.email)).json()];
    return { user, card, first, second };
  };
  const as = (access: string) => ({ authorization: `JWT ${access}` });
  /** What an access token gets: the profile, the practice deck and an answer (the statements that check the account). */
  const reach = async (access: string, card: { id: number; categoryId: number }) => [
    (await t.app.inject({ method: 'GET', url: '/api/user/users/me/', headers: as(access) })).statusCode,
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/card/card-text/?category_id=${card.categoryId}`,
        headers: as(access),
      })
    ).statusCode,
    (
      await t.app.inject({
        method: 'PUT',
        url: `/api/card/card-text/${card.id}/`,
        payload: { guesses_score: 1 },
        headers: as(access),
      })
    ).statusCode,
  ];
  const changePassword = (access: string, extra: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/users/set_password/',
      payload: {
        current_password: PASSWORD,
        new_password: NEW_PASSWORD,
        re_new_password: NEW_PASSWORD,
        ...extra,
      },
      headers: as(access),
    });

  it('ends every other session on a change; the changing one goes on with the pair it is given', async () => {
    const { user, card, first, second } = await twoDevices();
    expect(await reach(second.access, card)).toEqual([200, 200, 200]);

    const changed = await changePassword(first.access);
    expect(changed.statusCode).toBe(200);
    const renewed = changed.json();
    expect(Object.keys(renewed).sort()).toEqual(['access', 'refresh']);

    // The other device: its access token on every kind of route, and its refresh token.
    expect(await reach(second.access, card)).toEqual([401, 401, 401]);
    expect((await post('/api/user/jwt/verify/', { token: second.access })).statusCode).toBe(401);
    expect((await post('/api/user/jwt/refresh/', { refresh: second.refresh })).statusCode).toBe(401);
    // The tokens the changing device had before are of the old password too.
    expect((await reach(first.access, card))[0]).toBe(401);
    expect((await post('/api/user/jwt/refresh/', { refresh: first.refresh })).statusCode).toBe(401);

    // The changing device, with its new pair.
    expect(await reach(renewed.access, card)).toEqual([200, 200, 200]);
    expect((await post('/api/user/jwt/verify/', { token: renewed.access })).statusCode).toBe(200);
    const rotated = await post('/api/user/jwt/refresh/', { refresh: renewed.refresh });
    expect(rotated.statusCode).toBe(200);
    expect((await reach(rotated.json().access, card))[0]).toBe(200);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('keeps the other sessions when the person asks to stay signed in elsewhere', async () => {
    const { card, first, second } = await twoDevices();
    const changed = await changePassword(first.access, { logout_other_sessions: false });
    expect(changed.statusCode).toBe(200);
    expect(await reach(second.access, card)).toEqual([200, 200, 200]);
    expect((await post('/api/user/jwt/refresh/', { refresh: second.refresh })).statusCode).toBe(200);
    expect(await reach(changed.json().access, card)).toEqual([200, 200, 200]);
  });

  it('changes nothing when the current password is wrong', async () => {
    const { card, first, second } = await twoDevices();
    const refused = await changePassword(first.access, { current_password: 'Not-The-Password-1' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ current_password: ['Invalid password.'] });
    expect(await reach(second.access, card)).toEqual([200, 200, 200]);
  });

  it('ends every session, access tokens included, on a reset from the mailed link', async () => {
    const { user, card, first, second } = await twoDevices();
    expect((await post('/api/user/users/reset_password/', { email: user.email })).statusCode).toBe(204);
    const { uid, token } = uidAndToken(
      linkIn(await mailTo(user.email), `${PUBLIC_URL}/password/reset/confirm/`),
    );
    const reset = await post('/api/user/users/reset_password_confirm/', {
      uid,
      token,
      new_password: NEW_PASSWORD,
      re_new_password: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(204);
    for (const device of [first, second]) {
      expect(await reach(device.access, card)).toEqual([401, 401, 401]);
      expect((await post('/api/user/jwt/refresh/', { refresh: device.refresh })).statusCode).toBe(401);
    }
    const fresh = await login(user.email, NEW_PASSWORD);
    expect(await reach(fresh.json().access, card)).toEqual([200, 200, 200]);
  });

  it('checks the token version in the practice deck and answer statements, adding none', async () => {
    const { card, first } = await twoDevices();
    const statementsOf = async (method: 'GET' | 'PUT', url: string, payload?: object) => {
      t.database.queries.length = 0;
      const response = await t.app.inject({ method, url, payload, headers: as(first.access) });
      expect(response.statusCode).toBe(200);
      return t.database.queries.length;
    };
    expect(await statementsOf('GET', `/api/card/card-text/?category_id=${card.categoryId}`)).toBe(1);
    expect(await statementsOf('PUT', `/api/card/card-text/${card.id}/`, { guesses_score: 1 })).toBe(1);
  });
});

describe('password reset', () => {
  it('mails a single-use link and changes the password, ending other sessions', async () => {
    const user = await buildUser(t.database.db, { password: PASSWORD, language: 'bg' });
    const session = (await login(user.email)).json();
    expect((await post('/api/user/users/reset_password/', { email: user.email })).statusCode).toBe(204);
    const message = await mailTo(user.email);
    expect(message.subject).toBe('Нова парола за Flashcards');
    const { uid, token } = uidAndToken(linkIn(message, `${PUBLIC_URL}/password/reset/confirm/`));

    const weak = await post('/api/user/users/reset_password_confirm/', {
      uid,
      token,
      new_password: '12345678',
      re_new_password: '12345678',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({
      new_password: ['This password is too common.', 'This password is entirely numeric.'],
    });
    const mismatch = await post('/api/user/users/reset_password_confirm/', {
      uid,
      token,
      new_password: 'Another-Good-Pass-5',
      re_new_password: 'Another-Good-Pass-6',
    });
    expect(mismatch.json()).toEqual({ non_field_errors: ["The two password fields didn't match."] });

    const body = { uid, token, new_password: 'Another-Good-Pass-5', re_new_password: 'Another-Good-Pass-5' };
    expect((await post('/api/user/users/reset_password_confirm/', body)).statusCode).toBe(204);
    expect((await post('/api/user/users/reset_password_confirm/', body)).json()).toEqual({
      token: ['Invalid token for given user.'],
    });
    expect((await login(user.email)).statusCode).toBe(401);
    expect((await login(user.email, 'Another-Good-Pass-5')).statusCode).toBe(200);
    expect((await post('/api/user/jwt/refresh/', { refresh: session.refresh })).statusCode).toBe(401);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const before = mail.messages.length;
    const response = await post('/api/user/users/reset_password/', { email: 'nobody-here@example.com' });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    // The request queued its job, which found no account.
    expect(await t.runJobs()).toBe(1);
    expect(mail.messages.length).toBe(before);
  });
});

describe('e-mail change', () => {
  const SET = '/api/user/users/set_email/';
  const CONFIRM = '/api/user/users/set_email_confirm/';
  const me = async (session: Session) => (await session.call('GET', '/api/user/users/me/')).json().email;

  it('changes the e-mail only once the link mailed to the new address is opened; the old one is told', async () => {
    const session = await signIn(t, { language: 'bg' });
    const newEmail = uniqueEmail();
    const asked = await session.call('POST', SET, {
      current_password: PASSWORD,
      new_email: ` ${newEmail.toUpperCase()} `,
    });
    expect(asked.statusCode).toBe(204);
    const confirmation = await mailTo(newEmail);
    expect(confirmation.subject).toBe('Потвърдете новия си имейл за Flashcards');
    const notice = await mail.nextTo(session.user.email);
    expect(notice.subject).toBe('Имейлът ви в Flashcards ще бъде сменен');
    expect(notice.text).toContain(newEmail);
    // Until the link is opened, nothing changed.
    expect(await me(session)).toBe(session.user.email);
    expect((await login(newEmail)).statusCode).toBe(401);

    const link = uidAndToken(linkIn(confirmation, `${PUBLIC_URL}/email/confirm/`));
    expect((await post(CONFIRM, link)).statusCode).toBe(204);
    expect(await me(session)).toBe(newEmail);
    expect((await login(newEmail)).statusCode).toBe(200);
    expect((await login(session.user.email)).statusCode).toBe(401);
    // The link works once.
    expect((await post(CONFIRM, link)).json()).toEqual({ token: ['Invalid token for given user.'] });
  });

  it('asks for the right current password, a different and free address, and changes nothing otherwise', async () => {
    const session = await signIn(t);
    const other = await buildUser(t.database.db);
    const attempts = [
      [{ current_password: 'wrong', new_email: uniqueEmail() }, { current_password: ['Invalid password.'] }],
      [
        { current_password: PASSWORD, new_email: session.user.email },
        { new_email: ['This is already your e-mail.'] },
      ],
      [
        { current_password: PASSWORD, new_email: other.email },
        { new_email: ['User account with this email already exists.'] },
      ],
      [
        { current_password: PASSWORD, new_email: 'not-an-address' },
        { new_email: ['Enter a valid email address.'] },
      ],
    ] as const;
    for (const [body, errors] of attempts) {
      const response = await session.call('POST', SET, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(errors);
    }
    expect(await t.runJobs()).toBe(0);
    expect(await me(session)).toBe(session.user.email);
  });

  it('asks an account without a password to set one first', async () => {
    const session = await signIn(t);
    await t.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, session.user.id));
    const response = await session.call('POST', SET, { current_password: '', new_email: uniqueEmail() });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['current_password']);
  });

  it('lets a newer request retire the older link, and expires a link after 24 hours', async () => {
    const session = await signIn(t);
    const first = uniqueEmail();
    const second = uniqueEmail();
    await session.call('POST', SET, { current_password: PASSWORD, new_email: first });
    const firstLink = uidAndToken(linkIn(await mailTo(first), `${PUBLIC_URL}/email/confirm/`));
    await session.call('POST', SET, { current_password: PASSWORD, new_email: second });
    const secondLink = uidAndToken(linkIn(await mailTo(second), `${PUBLIC_URL}/email/confirm/`));
    expect((await post(CONFIRM, firstLink)).statusCode).toBe(400);
    t.clock.advance(24 * HOUR + 1000);
    expect((await post(CONFIRM, secondLink)).json()).toEqual({ token: ['Invalid token for given user.'] });
    expect(await me(await signInAgain(t, session))).toBe(session.user.email);
  });

  it('refuses the link when another account took the address meanwhile', async () => {
    const session = await signIn(t);
    const wanted = uniqueEmail();
    await session.call('POST', SET, { current_password: PASSWORD, new_email: wanted });
    const link = uidAndToken(linkIn(await mailTo(wanted), `${PUBLIC_URL}/email/confirm/`));
    await buildUser(t.database.db, { email: wanted });
    expect((await post(CONFIRM, link)).json()).toEqual({
      new_email: ['User account with this email already exists.'],
    });
    expect(await me(session)).toBe(session.user.email);
  });

  it('takes 5 requests an hour from one account, also when they come at once', async () => {
    const session = await signIn(t);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        session.call('POST', SET, { current_password: PASSWORD, new_email: uniqueEmail() }),
      ),
    );
    expect(tally(answers)).toEqual({ 204: 5, 429: 95 });
    t.clock.advance(HOUR + 1000);
    const later = await (await signInAgain(t, session)).call('POST', SET, {
      current_password: PASSWORD,
      new_email: uniqueEmail(),
    });
    expect(later.statusCode).toBe(204);
  });
});

describe('reset and activation requests', () => {
  const ask =
    (url: string) =>
    (email: string, remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url, payload: { email }, remoteAddress, headers });
  const reset = ask('/api/user/users/reset_password/');
  const resend = ask('/api/user/users/resend_activation/');

  /** The jobs waiting in the queue that name this address: requests by `email`, mails by `to`. */
  const queuedFor = async (address: string) => {
    const { rows } = (await t.database.db.execute(
      sql`select name, data from pgboss.job
          where state = 'created' and (data->>'email' = ${address} or data->>'to' = ${address})`,
    )) as unknown as { rows: { name: string; data: Record<string, unknown> }[] };
    return rows;
  };
  const linksOf = async (userId: number) =>
    (await t.database.db.select().from(userTokens).where(eq(userTokens.userId, userId))).length;
  const mailsTo = (address: string) =>
    mail.messages.filter((message) => message.to?.some((to) => to.address === address)).length;

  // Earlier tests may leave queued mails behind; each test here starts from an empty queue.
  beforeEach(async () => {
    await t.runJobs();
  });

  it('answers a reset having only queued its job; the job makes the link and queues the mail', async () => {
    const user = await buildUser(t.database.db, { password: PASSWORD });
    expect((await reset(user.email, '10.5.1.1')).statusCode).toBe(204);
    expect(await queuedFor(user.email)).toEqual([
      { name: 'auth.account-mail', data: { kind: 'password_reset', email: user.email } },
    ]);
    expect(await linksOf(user.id)).toBe(0);
    expect(mailsTo(user.email)).toBe(0);

    // The request's job, then the mail it queued.
    expect(await t.runJobs()).toBe(2);
    const message = await mail.nextTo(user.email);
    expect(message.text).toContain('If you did not ask for this, you can ignore this e-mail.');
    const { uid, token } = uidAndToken(linkIn(message, `${PUBLIC_URL}/password/reset/confirm/`));
    const body = { uid, token, new_password: 'Reset-By-Job-77', re_new_password: 'Reset-By-Job-77' };
    expect((await post('/api/user/users/reset_password_confirm/', body)).statusCode).toBe(204);
  });

  it('queues the same job for an unknown e-mail, and no mail results', async () => {
    const unknown = 'nobody-by-that-name@example.com';
    expect((await reset(unknown, '10.5.1.2')).statusCode).toBe(204);
    expect(await queuedFor(unknown)).toEqual([
      { name: 'auth.account-mail', data: { kind: 'password_reset', email: unknown } },
    ]);
    expect(await t.runJobs()).toBe(1);
    expect(await queuedFor(unknown)).toEqual([]);
    expect(mailsTo(unknown)).toBe(0);
  });

  it('runs the same statements in the request for a known and an unknown e-mail, none on accounts', async () => {
    const user = await buildUser(t.database.db, { password: PASSWORD });
    const statementsOf = async (request: Promise<{ statusCode: number }>) => {
      t.database.queries.length = 0;
      expect((await request).statusCode).toBe(204);
      return [...t.database.queries];
    };
    for (const ask of [reset, resend]) {
      const known = await statementsOf(ask(user.email, '10.5.2.1'));
      const unknown = await statementsOf(ask('no-account-here@example.com', '10.5.2.2'));
      expect(known.length).toBeGreaterThan(0);
      expect(unknown).toEqual(known);
      expect(known.join('\n')).not.toMatch(/"users"|"user_tokens"/);
    }
  });

  it('answers a resend having only queued its job; the job mails a link that activates', async () => {
    const user = await buildUser(t.database.db, { password: PASSWORD, isActive: false });
    expect((await resend(user.email, '10.5.1.3')).statusCode).toBe(204);
    expect(await queuedFor(user.email)).toEqual([
      { name: 'auth.account-mail', data: { kind: 'activation', email: user.email } },
    ]);
    expect(await linksOf(user.id)).toBe(0);
    expect(mailsTo(user.email)).toBe(0);

    expect(await t.runJobs()).toBe(2);
    const { uid, token } = uidAndToken(linkIn(await mail.nextTo(user.email), `${PUBLIC_URL}/activation/`));
    expect((await post('/api/user/users/activation/', { uid, token })).statusCode).toBe(204);
    expect((await login(user.email)).statusCode).toBe(200);
  });

  it('writes the mail in the language the request named', async () => {
    const user = await buildUser(t.database.db, { language: 'en' });
    expect((await reset(user.email, '10.5.1.4', { 'accept-language': 'bg' })).statusCode).toBe(204);
    expect(await queuedFor(user.email)).toEqual([
      { name: 'auth.account-mail', data: { kind: 'password_reset', email: user.email, language: 'bg' } },
    ]);
    await t.runJobs();
    expect((await mail.nextTo(user.email)).subject).toBe('Нова парола за Flashcards');
  });

  it('queues the mail of a retried job once while the first is waiting', async () => {
    const user = await buildUser(t.database.db);
    const request = { kind: 'password_reset', email: user.email } as const;
    await t.services.auth.sendAccountMail(request, 'job-tried-twice');
    await t.services.auth.sendAccountMail(request, 'job-tried-twice');
    expect((await queuedFor(user.email)).map((job) => job.name)).toEqual(['mail.send']);
    expect(await t.runJobs()).toBe(1);
    await mail.nextTo(user.email);
    expect(mailsTo(user.email)).toBe(1);
  });

  it('takes 5 requests an hour for one e-mail, known or not, then 429 until the hour has passed', async () => {
    const user = await buildUser(t.database.db);
    const emails = [user.email, 'not-registered-anywhere@example.com'];
    for (const email of emails) {
      for (let i = 0; i < 5; i++)
        expect((await (i % 2 ? resend : reset)(email, `10.6.${i}.1`)).statusCode).toBe(204);
      const refused = await reset(email, '10.6.9.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        detail: 'Too many e-mails were requested. Try again in one hour.',
        code: 'throttled',
      });
      const refusedBg = await resend(email, '10.6.9.2', { 'accept-language': 'bg' });
      expect(refusedBg.statusCode).toBe(429);
      expect(refusedBg.json().detail).toBe(
        'Бяха поискани твърде много имейли. Опитайте отново след един час.',
      );
    }
    t.clock.advance(HOUR - 1000);
    for (const email of emails) expect((await reset(email, '10.6.9.3')).statusCode).toBe(429);
    t.clock.advance(1000);
    for (const email of emails) expect((await reset(email, '10.6.9.3')).statusCode).toBe(204);
  });

  it('takes 20 requests an hour from one address, then 429 for any e-mail until the hour has passed', async () => {
    for (let i = 0; i < 20; i++)
      expect((await (i % 2 ? resend : reset)(`asker${i}@example.com`, '10.7.7.7')).statusCode).toBe(204);
    expect((await reset('one-more-asker@example.com', '10.7.7.7')).statusCode).toBe(429);
    expect((await resend('one-more-asker@example.com', '10.7.7.7')).statusCode).toBe(429);
    expect((await reset('one-more-asker@example.com', '10.7.7.8')).statusCode).toBe(204);
    t.clock.advance(HOUR);
    expect((await reset('after-the-hour@example.com', '10.7.7.7')).statusCode).toBe(204);
  });

  it('counts simultaneous requests exactly, per e-mail and per address', async () => {
    const forOneEmail = await Promise.all(
      Array.from({ length: 50 }, (_, i) => reset('burst@example.com', `10.8.${i}.1`)),
    );
    expect(tally(forOneEmail)).toEqual({ 204: 5, 429: 45 });
    expect(await queuedFor('burst@example.com')).toHaveLength(5);

    const fromOneAddress = await Promise.all(
      Array.from({ length: 50 }, (_, i) => resend(`burst${i}@example.com`, '10.8.8.8')),
    );
    expect(tally(fromOneAddress)).toEqual({ 204: 20, 429: 30 });
  });
});

describe('staff accounts from the command line', () => {
  it('creates an active staff user who can sign in, and promotes an existing one', async () => {
    const email = uniqueEmail();
    const created = await t.services.auth.createStaff(email, 'Staff-Pass-Word-31');
    expect(created).toMatchObject({ created: true });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ isStaff: true, isActive: true });
    expect((await login(email, 'Staff-Pass-Word-31')).statusCode).toBe(200);

    const existing = await buildUser(t.database.db, { isActive: false });
    expect(await t.services.auth.createStaff(existing.email, 'Staff-Pass-Word-32')).toMatchObject({
      created: false,
    });
    expect((await login(existing.email, 'Staff-Pass-Word-32')).statusCode).toBe(200);

    expect(await t.services.auth.createStaff(uniqueEmail(), '12345678')).toHaveProperty('problems');
  });
});
