import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { readTokens, type StoredTokens } from './session';
import { checkSession } from './session-check';

const unreachable = () => new ApiError(0, null);
const both = { access: 'access-1', refresh: 'refresh-1' };

function steps({
  verifies = true,
  renews = true,
}: {
  verifies?: boolean | 'offline';
  renews?: boolean | 'offline';
}) {
  return {
    verify: vi.fn(() =>
      verifies === true
        ? Promise.resolve({})
        : Promise.reject(verifies ? unreachable() : new Error('rejected')),
    ),
    renew: vi.fn(() =>
      renews === 'offline' ? Promise.reject(unreachable()) : Promise.resolve(renews ? 'access-2' : null),
    ),
  };
}

/** Runs the check on these tokens, stored as the guard would find them. */
function check(tokens: StoredTokens, fakeSteps: ReturnType<typeof steps>) {
  if (tokens.access) localStorage.setItem('access', tokens.access);
  if (tokens.refresh) localStorage.setItem('refresh', tokens.refresh);
  return checkSession(readTokens(), fakeSteps);
}

afterEach(() => localStorage.clear());

describe('the signed-in guard check', () => {
  it('fails without tokens and asks the server nothing', async () => {
    const fake = steps({});
    await expect(check({ access: null, refresh: null }, fake)).resolves.toBe(false);
    expect(fake.verify).not.toHaveBeenCalled();
    expect(fake.renew).not.toHaveBeenCalled();
  });

  it('discards an access token stored alone, as nothing can renew it', async () => {
    const fake = steps({});
    await expect(check({ access: 'access-1', refresh: null }, fake)).resolves.toBe(false);
    expect(fake.verify).not.toHaveBeenCalled();
    expect(readTokens()).toEqual({ access: null, refresh: null });
  });

  it('renews a refresh token stored alone', async () => {
    const fake = steps({});
    await expect(check({ access: null, refresh: 'refresh-1' }, fake)).resolves.toBe(true);
    expect(fake.renew).toHaveBeenCalledTimes(1);
    expect(fake.verify).not.toHaveBeenCalled();
  });

  it('clears a refresh token stored alone that is refused', async () => {
    await expect(check({ access: null, refresh: 'refresh-1' }, steps({ renews: false }))).resolves.toBe(
      false,
    );
    expect(readTokens()).toEqual({ access: null, refresh: null });
  });

  it('passes both tokens when the access token verifies', async () => {
    const fake = steps({});
    await expect(check(both, fake)).resolves.toBe(true);
    expect(fake.verify).toHaveBeenCalledWith('access-1');
    expect(fake.renew).not.toHaveBeenCalled();
    expect(readTokens()).toEqual(both);
  });

  it('renews when the access token fails verification', async () => {
    const fake = steps({ verifies: false });
    await expect(check(both, fake)).resolves.toBe(true);
    expect(fake.renew).toHaveBeenCalledTimes(1);
  });

  it('clears both tokens when neither verification nor renewal succeeds', async () => {
    await expect(check(both, steps({ verifies: false, renews: false }))).resolves.toBe(false);
    expect(readTokens()).toEqual({ access: null, refresh: null });
  });

  it('keeps the session when the server cannot be reached: the app works offline', async () => {
    await expect(check(both, steps({ verifies: 'offline', renews: 'offline' }))).resolves.toBe(true);
    expect(readTokens()).toEqual(both);
    await expect(check({ access: null, refresh: 'refresh-1' }, steps({ renews: 'offline' }))).resolves.toBe(
      true,
    );
  });

  it('still ends a session the server refuses, whatever failed to reach it before', async () => {
    await expect(check(both, steps({ verifies: 'offline', renews: false }))).resolves.toBe(false);
    expect(readTokens()).toEqual({ access: null, refresh: null });
  });
});
