import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { serverFormErrors } from './form-errors';

const fields = ['first_side', 'second_side', 'tag'];

describe('serverFormErrors', () => {
  it('puts the first message of each field beside that field', () => {
    const error = new ApiError(400, { first_side: ['Too long.', 'Other.'], tag: ['Bad tag.'] });
    expect(serverFormErrors(error, fields)).toEqual({
      fields: { first_side: 'Too long.', tag: 'Bad tag.' },
      general: null,
    });
  });

  it('gives non_field_errors, else a field the form lacks, as the message for the whole form', () => {
    const other = new ApiError(400, { category: ['This category holds another type of cards.'] });
    expect(serverFormErrors(other, fields)).toEqual({
      fields: {},
      general: 'This category holds another type of cards.',
    });
    const whole = new ApiError(400, { category: ['Other field.'], non_field_errors: ['The whole body.'] });
    expect(serverFormErrors(whole, fields).general).toBe('The whole body.');
  });

  it('gives the detail of an error that names no field', () => {
    expect(serverFormErrors(new ApiError(404, { detail: 'Not found.' }), fields)).toEqual({
      fields: {},
      general: 'Not found.',
    });
  });

  it('gives nothing for a call that was not answered with a body, such as being offline', () => {
    expect(serverFormErrors(new ApiError(0, null), fields)).toEqual({ fields: {}, general: null });
    expect(serverFormErrors(new Error('boom'), fields)).toEqual({ fields: {}, general: null });
  });

  it('renames the server’s fields the form calls otherwise', () => {
    const error = new ApiError(413, { audio: ['The sound file is too large: at most 10 MB.'] });
    expect(serverFormErrors(error, ['recording'], { audio: 'recording' })).toEqual({
      fields: { recording: 'The sound file is too large: at most 10 MB.' },
      general: null,
    });
  });
});
