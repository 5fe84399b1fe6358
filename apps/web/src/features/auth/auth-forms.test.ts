import { schemaResolver } from '@mantine/form';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import '../../lib/i18n';
import { localized } from '../../lib/use-schema-form';
import { loginForm, newPasswordForm, signupForm } from './auth-forms';

const errorsOf = (schema: z.ZodType, values: object) =>
  schemaResolver(localized(schema), { sync: true })(values);

const signup = {
  first_name: 'Mila',
  last_name: 'Ivanova',
  email: 'mila@example.com',
  password: 'Blue-Kettle-81',
  re_password: 'Blue-Kettle-81',
  accepted_terms: true,
};

describe('auth forms', () => {
  it('asks for an address before judging it', () => {
    expect(errorsOf(loginForm, { email: ' ', password: '' })).toEqual({
      email: 'This field is required.',
      password: 'This field is required.',
    });
    expect(errorsOf(loginForm, { email: 'mila@', password: 'x' })).toEqual({
      email: 'Enter a valid email address.',
    });
  });

  it('takes a complete sign-up', () => {
    expect(errorsOf(signupForm, signup)).toEqual({});
  });

  it('wants the terms agreed to and the password typed twice alike', () => {
    expect(errorsOf(signupForm, { ...signup, accepted_terms: false, re_password: 'Blue-Kettle-8' })).toEqual({
      accepted_terms: 'Please agree to the terms of usage and the privacy policy.',
      re_password: 'Password not match',
    });
    expect(errorsOf(signupForm, { ...signup, re_password: '' })).toEqual({
      re_password: 'This field is required.',
    });
  });

  it('wants the new password typed twice alike', () => {
    expect(errorsOf(newPasswordForm, { new_password: 'Green-Teapot-52', re_new_password: 'x' })).toEqual({
      re_new_password: 'Password not match',
    });
  });
});
