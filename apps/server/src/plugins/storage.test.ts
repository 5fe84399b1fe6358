import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app';
import { buildCategory } from '../../test/factories';
import { formData } from '../../test/multipart';
import { startS3Server } from '../../test/s3-server';
import { signIn } from '../../test/session';

describe('media on an S3-compatible store', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let t: TestApp;
  let client: S3Client;
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await buildTestApp(s3.env);
    client = new S3Client({
      endpoint: s3.env.S3_ENDPOINT,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
  });
  afterAll(async () => {
    client.destroy();
    await t.close();
    await s3.close();
  });

  const keys = async () =>
    ((await client.send(new ListObjectsV2Command({ Bucket: 'media' }))).Contents ?? []).map(
      (object) => object.Key,
    );

  it('stores uploads in the bucket, serves them at /media/ and deletes them with the account', async () => {
    const { user, headers } = await signIn(t);
    const picture = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#ff8800' } })
      .png()
      .toBuffer();

    const avatarBody = await formData({}, { avatar: { name: 'me.png', type: 'image/png', data: picture } });
    const avatar = await t.app.inject({
      method: 'POST',
      url: '/api/upload-avatar/',
      headers: { ...headers, ...avatarBody.headers },
      payload: avatarBody.payload,
    });
    expect(avatar.statusCode).toBe(200);
    const category = await buildCategory(t.database.db, { userId: user.id, typeOfCards: 'picture' });
    const cardBody = await formData(
      { second_side: 'orange', category: category.id },
      { first_side: { name: 'o.png', type: 'image/png', data: picture } },
    );
    const card = await t.app.inject({
      method: 'POST',
      url: '/api/card/card-picture/',
      headers: { ...headers, ...cardBody.headers },
      payload: cardBody.payload,
    });
    expect(card.statusCode).toBe(201);
    expect(await keys()).toHaveLength(3);

    const served = await t.app.inject({ method: 'GET', url: avatar.json().avatar_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(256);
    expect((await t.app.inject({ method: 'GET', url: '/media/u/0/missing.webp' })).statusCode).toBe(404);

    expect((await t.app.inject({ method: 'DELETE', url: '/api/remove-user/', headers })).statusCode).toBe(
      204,
    );
    expect(await keys()).toEqual([]);
  });
});
