import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { StagedFile } from '@flashcards/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app';
import { formData } from '../../test/multipart';

const staged = () => readdirSync(tmpdir()).filter((name) => name.startsWith('flashcards-upload-'));

describe('large uploads', () => {
  let t: TestApp;
  /** What the route saw of its file while it ran. */
  let seen: { path: string; size: number; bytes: string; existed: boolean } | undefined;
  beforeAll(async () => {
    t = await buildTestApp({}, (app) => {
      app.post('/api/test/large/', { config: { largeUpload: 1024 } }, async (request) => {
        const file = (request.body as { file: StagedFile }).file;
        seen = {
          path: file.path,
          size: file.size,
          bytes: readFileSync(file.path, 'latin1'),
          existed: existsSync(file.path),
        };
        return { size: file.size };
      });
    });
  });
  afterAll(() => t.close());

  const send = async (bytes: number) => {
    const form = await formData(
      {},
      { file: { name: 'a.bin', type: 'application/octet-stream', data: Buffer.alloc(bytes, 'x') } },
    );
    return t.app.inject({ method: 'POST', url: '/api/test/large/', ...form });
  };

  it('are written to a temporary file the route reads, removed once answered', async () => {
    const before = staged();
    const response = await send(1024);
    expect(response.statusCode).toBe(200);
    expect(seen).toMatchObject({ size: 1024, existed: true, bytes: 'x'.repeat(1024) });
    expect(existsSync(seen!.path)).toBe(false);
    expect(staged()).toEqual(before);
  });

  it("answer 413 past the route's limit and leave no file", async () => {
    const before = staged();
    const response = await send(1025);
    expect(response.statusCode).toBe(413);
    expect(staged()).toEqual(before);
  });
});
