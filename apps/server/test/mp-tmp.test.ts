import { it } from 'vitest';
import { buildTestApp } from './build-app';

it('x', async () => {
  const t = await buildTestApp({ LOG_LEVEL: 'error' } as never);
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/user/jwt/create/',
    headers: { 'content-type': 'application/json' },
    payload: `${'['.repeat(5000)}${']'.repeat(5000)}`,
  });
  console.log('RES', r.statusCode);
  await t.close();
});
