import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildCard, buildCategory } from '../../../test/factories';
import { formData } from '../../../test/multipart';
import { signInAgain, signIn as signInAs } from '../../../test/session';
import { categories, users } from '../../db/schema';
import { DAY, HOUR } from '../../lib/clock';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const signIn = (overrides: Parameters<typeof signInAs>[1] = {}) => signInAs(t, overrides);

const png = (width = 400, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 90 } } })
    .png()
    .toBuffer();

const mediaFile = (url: string) => path.join(t.dataDir, 'media', url.replace(/^\/media\//, ''));

describe('current user', () => {
  it('returns every field of the User entity', async () => {
    const { user, headers } = await signIn({ firstName: 'Petar', isTeacher: true });
    const response = await t.app.inject({ method: 'GET', url: '/api/user/users/me/', headers });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        'id',
        'email',
        'first_name',
        'last_name',
        'avatar',
        'avatar_url',
        'region',
        'municipality',
        'town',
        'school',
        'gender',
        'date_of_birth',
        'ranking',
        'receive_invitations_for_categories',
        'receive_invitations_for_contest',
        'receive_invitations_for_friends',
        'receive_promo_emails',
        'ai_usage',
        'ai_image_usage',
        'ai_quota',
        'subscription_type',
        'trial_end_date',
        'subscription_end_date',
        'annual_subscription_end_date',
        'is_auto_created',
        'is_student',
        'is_teacher',
        'is_organization_host',
        'is_organization_member',
        'auto_school_add',
        'school_id',
        'is_staff',
        'uses_teacher_tools',
        'is_premium',
        'language',
        'time_zone',
        'time_zone_changeable_at',
        'badges',
      ].sort(),
    );
    expect(body).toMatchObject({
      id: user.id,
      first_name: 'Petar',
      is_teacher: true,
      avatar_url: null,
      school_id: null,
      ai_quota: { text: 20, images: 10 },
      badges: [],
      // A teacher without a school has made no test, exam or path yet: no teaching tools in the menu.
      uses_teacher_tools: false,
    });
    expect(body).not.toHaveProperty('password_hash');
  });

  it('changes only the fields sent, as JSON', async () => {
    const { user, headers } = await signIn({ region: 'Sofia', town: 'Sofia' });
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/users/me/',
      headers,
      payload: {
        town: 'Bankya',
        gender: 'female',
        date_of_birth: '2010-05-17',
        email: 'hijack@example.com',
        id: 1,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: user.id,
      email: user.email,
      region: 'Sofia',
      town: 'Bankya',
      gender: 'female',
      date_of_birth: '2010-05-17',
      first_name: user.firstName,
    });
  });

  it('changes the fields of a multipart form, booleans sent as strings, with an avatar', async () => {
    const { headers } = await signIn();
    const body = await formData(
      {
        first_name: 'Елена',
        receive_promo_emails: 'True',
        receive_invitations_for_friends: 'false',
        gender: '',
      },
      { avatar: { name: 'me.png', type: 'image/png', data: await png() } },
    );
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/users/me/',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(200);
    const me = response.json();
    expect(me).toMatchObject({
      first_name: 'Елена',
      receive_promo_emails: true,
      receive_invitations_for_friends: false,
      gender: null,
    });
    expect(me.avatar_url).toMatch(/^\/media\/u\/\d+\/avatar-[0-9a-f]+\.webp$/);
  });

  it('refuses bad values with field errors', async () => {
    const { headers } = await signIn();
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/users/me/',
      headers,
      payload: { gender: 'other', date_of_birth: 'yesterday' },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(['date_of_birth', 'gender']);
    const future = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/users/me/',
      headers: { ...headers, 'accept-language': 'bg' },
      payload: { date_of_birth: '2999-01-01' },
    });
    expect(future.json()).toEqual({ date_of_birth: ['Датата на раждане не може да е в бъдещето.'] });
  });
});

describe('time zone', () => {
  const patch = (session: Awaited<ReturnType<typeof signIn>>, body: object, language = 'en') =>
    session.call('PATCH', '/api/user/users/me/', body, { 'accept-language': language });

  it('changes at most once a day; sending the same zone is no change', async () => {
    const start = t.clock.now();
    try {
      let session = await signIn();
      const me = (await session.call('GET', '/api/user/users/me/')).json();
      expect(me).toMatchObject({ time_zone: 'UTC', time_zone_changeable_at: null });

      const first = await patch(session, { time_zone: 'america/new_york', first_name: 'Ana' });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({
        time_zone: 'America/New_York',
        first_name: 'Ana',
        time_zone_changeable_at: new Date(start.getTime() + DAY).toISOString(),
      });
      // The profile form sends every field: the zone it already has changes nothing, the rest saves.
      expect((await patch(session, { time_zone: 'America/New_York', first_name: 'Bo' })).statusCode).toBe(
        200,
      );

      t.clock.advance(23 * HOUR);
      session = await signInAgain(t, session);
      const refused = await patch(session, { time_zone: 'Europe/Sofia', first_name: 'Cy' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        time_zone: ['You changed your time zone less than a day ago. You can change it again in 1 hour.'],
      });
      expect((await patch(session, { time_zone: 'Asia/Tokyo' }, 'bg')).json()).toEqual({
        time_zone: [
          'Сменихте часовата си зона преди по-малко от ден. Можете да я смените отново след 1 час.',
        ],
      });
      const [row] = await t.database.db.select().from(users).where(eq(users.id, session.user.id));
      expect(row).toMatchObject({ timeZone: 'America/New_York', firstName: 'Bo' });

      t.clock.advance(HOUR);
      session = await signInAgain(t, session);
      const later = await patch(session, { time_zone: 'Europe/Sofia' });
      expect(later.statusCode).toBe(200);
      expect(later.json()).toMatchObject({
        time_zone: 'Europe/Sofia',
        time_zone_changeable_at: new Date(start.getTime() + 2 * DAY).toISOString(),
      });
    } finally {
      t.clock.set(start);
    }
  });

  it('lets two changes at once make one', async () => {
    const session = await signIn();
    const results = await Promise.all(
      ['Asia/Tokyo', 'Europe/Paris', 'Africa/Cairo', 'America/Lima'].map((zone) =>
        patch(session, { time_zone: zone }),
      ),
    );
    expect(results.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(results.filter((response) => response.statusCode === 400)).toHaveLength(3);
  });

  it('refuses a zone that is not an IANA name', async () => {
    const session = await signIn();
    for (const zone of ['Mars/Olympus', '', '+02:00', 'x'.repeat(200)]) {
      const response = await patch(session, { time_zone: zone });
      expect(response.statusCode, zone).toBe(400);
      expect(response.json(), zone).toEqual({ time_zone: [expect.any(String)] });
    }
    expect((await patch(session, { time_zone: 'Mars/Olympus' })).json()).toEqual({
      time_zone: ['Choose a time zone from the list.'],
    });
  });
});

describe('avatar upload', () => {
  const upload = async (headers: Record<string, string>, files: Parameters<typeof formData>[1]) => {
    const body = await formData({}, files);
    return t.app.inject({
      method: 'POST',
      url: '/api/upload-avatar/',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };

  it('re-encodes the picture as a 256 px WebP, serves it, and drops the previous one', async () => {
    const { headers } = await signIn();
    const first = await upload(headers, {
      avatar: { name: 'a.png', type: 'image/png', data: await png(800, 500) },
    });
    expect(first.statusCode).toBe(200);
    const firstUrl: string = first.json().avatar_url;
    const served = await t.app.inject({ method: 'GET', url: firstUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);

    const second = await upload(headers, { avatar: { name: 'b.png', type: 'image/png', data: await png() } });
    expect(second.json().avatar_url).not.toBe(firstUrl);
    expect(existsSync(mediaFile(firstUrl))).toBe(false);
    expect(existsSync(mediaFile(second.json().avatar_url))).toBe(true);
  });

  it('needs a file', async () => {
    const { headers } = await signIn();
    const none = await upload(headers, {});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ avatar: ['No file provided'] });
    const empty = await t.app.inject({ method: 'POST', url: '/api/upload-avatar/', headers });
    expect(empty.json()).toEqual({ avatar: ['No file provided'] });
  });

  it('judges by the bytes: a text file named .jpg is refused and nothing is stored', async () => {
    const { user, headers } = await signIn();
    const response = await upload(headers, {
      avatar: { name: 'photo.jpg', type: 'image/jpeg', data: Buffer.from('just some text, not a picture') },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().avatar[0]).toMatch(/^Upload a valid image/);
    expect(existsSync(path.join(t.dataDir, 'media', 'u', String(user.id)))).toBe(false);
  });

  it('refuses a picture over 5 MB and a decompression bomb', async () => {
    const { headers } = await signIn();
    const noise = await sharp(randomBytes(1600 * 1600 * 3), {
      raw: { width: 1600, height: 1600, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(5 * 1024 * 1024);
    const big = await upload(headers, { avatar: { name: 'big.png', type: 'image/png', data: noise } });
    expect(big.statusCode).toBe(413);
    expect(big.json().avatar[0]).toMatch(/too large/);

    const bomb = await sharp({
      create: { width: 10_000, height: 10_000, channels: 3, background: '#000000' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const refused = await upload(headers, { avatar: { name: 'bomb.png', type: 'image/png', data: bomb } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().avatar[0]).toMatch(/^Upload a valid image/);
  });
});

describe('account deletion', () => {
  it('deletes the user with their categories, cards and files', async () => {
    const { user, headers } = await signIn();
    const category = await buildCategory(t.database.db, { userId: user.id });
    await buildCard(t.database.db, { categoryId: category.id });
    const body = await formData({}, { avatar: { name: 'a.png', type: 'image/png', data: await png() } });
    const avatarUrl = (
      await t.app.inject({
        method: 'POST',
        url: '/api/upload-avatar/',
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      })
    ).json().avatar_url;

    const response = await t.app.inject({ method: 'DELETE', url: '/api/remove-user/', headers });
    expect(response.statusCode).toBe(204);
    expect(await t.database.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await t.database.db.select().from(categories).where(eq(categories.userId, user.id))).toEqual([]);
    expect(existsSync(mediaFile(avatarUrl))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/users/me/', headers })).statusCode).toBe(401);
  });

  it('refuses a school principal, in both languages', async () => {
    const { user, headers } = await signIn({ isOrganizationHost: true });
    const en = await t.app.inject({ method: 'DELETE', url: '/api/remove-user/', headers });
    expect(en.statusCode).toBe(403);
    expect(en.json().detail).toBe('You are a school principal and cannot delete your account.');
    const bg = await t.app.inject({
      method: 'DELETE',
      url: '/api/remove-user/',
      headers: { ...headers, 'accept-language': 'bg' },
    });
    expect(bg.json().detail).toBe('Вие сте директор на училище и не можете да изтриете профила си.');
    expect(await t.database.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
  });
});
