import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-app';

let t: TestApp;
const lines: string[] = [];

beforeAll(async () => {
  const logTo = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).trim().split('\n'));
      done();
    },
  });
  t = await buildTestApp({ LOG_LEVEL: 'info' }, undefined, logTo);
});
afterAll(() => t.close());

it('writes one line per request, as it ends, with its method, address, status and time but not its token', async () => {
  lines.length = 0;
  const token = 'not-a-real-token-but-secret';
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/health',
    headers: { authorization: `JWT ${token}` },
  });
  expect(response.statusCode).toBe(200);
  const entries = lines.map((line) => JSON.parse(line));
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({
    msg: 'request completed',
    req: { method: 'GET', url: '/api/health' },
    res: { statusCode: 200 },
  });
  expect(entries[0].responseTime).toBeTypeOf('number');
  expect(lines.join('\n')).not.toContain(token);
});
