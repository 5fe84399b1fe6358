import { describe, expect, it } from 'vitest';
import { pickSignupErrors } from './signup-errors';

describe('pickSignupErrors', () => {
  it('shows only the first password message when the password is refused', () => {
    expect(
      pickSignupErrors({
        password: ['This password is too common.', 'This password is entirely numeric.'],
        email: ['User account with this email already exists.'],
        first_name: ['This field is required.'],
      }),
    ).toEqual({ fields: { password: 'This password is too common.' } });
  });

  it('else shows the e-mail message', () => {
    expect(
      pickSignupErrors({
        email: ['User account with this email already exists.', 'second'],
        last_name: ['This field is required.'],
      }),
    ).toEqual({ fields: { email: 'User account with this email already exists.' } });
  });

  it('else shows every other field beside itself, and a message about no field above the form', () => {
    expect(
      pickSignupErrors({
        first_name: ['This field is required.'],
        accepted_terms: ['You must accept the terms of usage and the privacy policy.'],
        non_field_errors: ["The two password fields didn't match."],
        ref_code: ['Ensure this field has no more than 64 characters.'],
      }),
    ).toEqual({
      fields: {
        first_name: 'This field is required.',
        accepted_terms: 'You must accept the terms of usage and the privacy policy.',
      },
      general: "The two password fields didn't match.",
    });
  });

  it("else gives the server's detail, or nothing so that the generic error shows", () => {
    expect(pickSignupErrors({ detail: 'Request was throttled.', code: 'throttled' })).toEqual({
      fields: {},
      general: 'Request was throttled.',
    });
    expect(pickSignupErrors(null)).toEqual({ fields: {} });
    expect(pickSignupErrors({ password: [] })).toEqual({ fields: {} });
  });
});
