import { describe, expect, it } from 'vitest';
import { EASY_WITHIN_SECONDS, HARD_AFTER_SECONDS, ratingOf } from './review.rating';

describe('the rating of an answer', () => {
  it('is Again for a card not guessed or typed wrong, however fast', () => {
    expect(ratingOf({ mode: 'verbal', correct: false, seconds: 1 })).toBe('again');
    expect(ratingOf({ mode: 'typing', correct: false, seconds: 100 })).toBe('again');
    expect(ratingOf({ mode: 'verbal', correct: false })).toBe('again');
  });

  it('is Good for a right answer in an ordinary time, or without a time', () => {
    expect(ratingOf({ mode: 'verbal', correct: true, seconds: 10 })).toBe('good');
    expect(ratingOf({ mode: 'typing', correct: true, seconds: 20 })).toBe('good');
    expect(ratingOf({ mode: 'typing', correct: true })).toBe('good');
  });

  it('is Easy for a right answer within the bound of the mode, wider for typing', () => {
    expect(ratingOf({ mode: 'verbal', correct: true, seconds: EASY_WITHIN_SECONDS.verbal })).toBe('easy');
    expect(ratingOf({ mode: 'verbal', correct: true, seconds: EASY_WITHIN_SECONDS.verbal + 1 })).toBe('good');
    expect(ratingOf({ mode: 'typing', correct: true, seconds: EASY_WITHIN_SECONDS.verbal + 1 })).toBe('easy');
  });

  it('is Hard for a right answer that took longer than the bound of the mode', () => {
    expect(ratingOf({ mode: 'verbal', correct: true, seconds: HARD_AFTER_SECONDS.verbal + 1 })).toBe('hard');
    expect(ratingOf({ mode: 'verbal', correct: true, seconds: HARD_AFTER_SECONDS.verbal })).toBe('good');
    expect(ratingOf({ mode: 'typing', correct: true, seconds: HARD_AFTER_SECONDS.verbal + 1 })).toBe('good');
  });
});
