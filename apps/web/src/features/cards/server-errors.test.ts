import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { splitServerErrors } from './server-errors';

const fallback = () => 'fallback';
const fields = ['first_side', 'second_side', 'tag'] as const;

describe('server errors of a card form', () => {
  it('puts field messages beside their fields and no general message', () => {
    const error = new ApiError(400, { first_side: ['Too long.'], tag: ['Bad tag.'] });
    expect(splitServerErrors(error, fields, fallback)).toEqual({
      fields: { first_side: 'Too long.', tag: 'Bad tag.' },
      general: null,
    });
  });

  it('shows a message of another field for the whole form', () => {
    const error = new ApiError(400, { category: ['This category holds another type of cards.'] });
    expect(splitServerErrors(error, fields, fallback)).toEqual({
      fields: {},
      general: 'This category holds another type of cards.',
    });
  });

  it('falls back for errors without field messages, such as being offline', () => {
    expect(splitServerErrors(new ApiError(0, null), fields, fallback)).toEqual({
      fields: {},
      general: 'fallback',
    });
    expect(splitServerErrors(new ApiError(404, { detail: 'Not found.' }), fields, fallback).general).toBe(
      'fallback',
    );
  });

  it('shows a too-large picture beside the picture (413 with a field body)', () => {
    const error = new ApiError(413, { first_side: ['The image is too large: at most 8 MB.'] });
    expect(splitServerErrors(error, ['first_side'] as const, fallback)).toEqual({
      fields: { first_side: 'The image is too large: at most 8 MB.' },
      general: null,
    });
  });
});
