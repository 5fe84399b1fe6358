import { describe, expect, it } from 'vitest';
import { translateMessage } from '../../lib/translate';
import { commonPasswordCount, passwordProblems } from './password-rules';

const messages = (password: string, owner = {}) =>
  passwordProblems(password, owner).map((m) => translateMessage('en', m));

describe('password rules (Django validators)', () => {
  it('accepts a good password', () => {
    expect(messages('Blue-Kettle-Sings-42', { email: 'ana@example.com', first_name: 'Ana' })).toEqual([]);
  });

  it('rejects common and numeric passwords with Django messages, in order', () => {
    expect(messages('password')).toEqual(['This password is too common.']);
    expect(messages('Password')).toEqual(['This password is too common.']);
    expect(messages('12345678')).toEqual([
      'This password is too common.',
      'This password is entirely numeric.',
    ]);
    expect(messages('90817263544')).toEqual(['This password is entirely numeric.']);
  });

  it('rejects short passwords', () => {
    expect(messages('Xq#7z')).toEqual(['This password is too short. It must contain at least 8 characters.']);
  });

  it('rejects passwords too similar to the e-mail or names', () => {
    expect(messages('ivanpetrov@mail.bg', { email: 'ivanpetrov@mail.bg' })).toEqual([
      'The password is too similar to the email address.',
    ]);
    expect(messages('Gergana1991', { first_name: 'Gergana' })).toEqual([
      'The password is too similar to the first name.',
    ]);
    expect(
      passwordProblems('Georgieva!', { last_name: 'Georgieva' }).map((m) => translateMessage('bg', m)),
    ).toEqual(['Паролата е твърде сходна с фамилията.']);
  });

  it('holds a list of at least 20,000 common passwords', () => {
    expect(commonPasswordCount).toBeGreaterThanOrEqual(20_000);
    const sample = ['qwerty', 'iloveyou', 'sunshine', 'football', 'letmein', 'dragon123'];
    for (const password of sample) expect(messages(password).join(' '), password).toMatch(/too common/);
  });
});
