import { describe, expect, it } from 'vitest';
import { isCorrectAnswer, normaliseAnswer } from './answer-check';

describe('checking a typed answer', () => {
  it('ignores letter case, in Latin and Cyrillic', () => {
    expect(isCorrectAnswer('bulgaria', 'Bulgaria')).toBe(true);
    expect(isCorrectAnswer('BULGARIA', 'Bulgaria')).toBe(true);
    expect(isCorrectAnswer('българия', 'България')).toBe(true);
  });

  it('ignores spaces around the answer and repeated spaces inside it', () => {
    expect(isCorrectAnswer('  New   York ', 'New York')).toBe(true);
    expect(isCorrectAnswer('new\tyork', 'New York')).toBe(true);
    expect(isCorrectAnswer('Costa Rica', '  costa  rica  ')).toBe(true);
  });

  it('still tells different words apart', () => {
    expect(isCorrectAnswer('NewYork', 'New York')).toBe(false);
    expect(isCorrectAnswer('Bulgari', 'Bulgaria')).toBe(false);
    expect(isCorrectAnswer('Sofia.', 'Sofia')).toBe(false);
  });

  it('never accepts an empty answer', () => {
    expect(isCorrectAnswer('', '')).toBe(false);
    expect(isCorrectAnswer('   ', ' ')).toBe(false);
  });

  it('compares composed and decomposed letters alike', () => {
    expect(normaliseAnswer('Reykjavi\u0301k')).toBe(normaliseAnswer('Reykjavík'));
    expect(isCorrectAnswer('Й', 'И\u0306')).toBe(true);
  });
});
