import { describe, expect, it } from 'vitest';
import { joinForm, newGameBody, newGameDefaults, newGameForm, testGameForm } from './live-form';

describe('the new game’s form', () => {
  const values = { ...newGameDefaults('7'), questions: 3 as const, teams: '4', streak_bonus: true };

  it('asks a category’s game for its category and count, a test’s for neither', () => {
    expect(newGameBody(values, { kind: 'category', id: 7 })).toEqual({
      category: 7,
      questions: 3,
      question_seconds: 20,
      teams: 4,
      streak_bonus: true,
    });
    expect(newGameBody(values, { kind: 'test', id: 9 })).toEqual({
      test: 9,
      question_seconds: 20,
      teams: 4,
      streak_bonus: true,
    });
  });

  it('checks the bounds, and a category only where one is chosen', () => {
    expect(newGameForm.safeParse(values).success).toBe(true);
    expect(newGameForm.safeParse({ ...values, category: '' }).success).toBe(false);
    expect(newGameForm.safeParse({ ...values, questions: 31 }).success).toBe(false);
    expect(newGameForm.safeParse({ ...values, questions: '' }).success).toBe(false);
    expect(newGameForm.safeParse({ ...values, question_seconds: 4 }).success).toBe(false);
    expect(testGameForm.safeParse({ ...values, category: '', questions: '' }).success).toBe(true);
    expect(testGameForm.safeParse({ ...values, question_seconds: 121 }).success).toBe(false);
  });
});

describe('the join form', () => {
  it('sends the code without spaces and the nickname trimmed', () => {
    expect(joinForm.parse({ code: '123 456', nickname: '  Ana ' })).toEqual({
      code: '123456',
      nickname: 'Ana',
    });
  });

  it('refuses a code that is not six digits, and an empty or long nickname', () => {
    expect(joinForm.safeParse({ code: '12345', nickname: 'Ana' }).success).toBe(false);
    expect(joinForm.safeParse({ code: '12345a', nickname: 'Ana' }).success).toBe(false);
    expect(joinForm.safeParse({ code: '123456', nickname: '   ' }).success).toBe(false);
    expect(joinForm.safeParse({ code: '123456', nickname: 'x'.repeat(21) }).success).toBe(false);
  });
});
