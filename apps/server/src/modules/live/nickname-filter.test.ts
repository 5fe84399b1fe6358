import { describe, expect, it } from 'vitest';
import { isRudeNickname } from './nickname-filter';

describe('the nickname filter', () => {
  it.each([
    'fuck',
    'Big Sh1t',
    'f.u.c.k',
    'FUUUCK',
    'b!tch',
    'Курва',
    'kурва', // a Latin k among Cyrillic letters
    'k u r v a',
    'хуй123',
    'a55',
    'Мамка ти',
    'putka',
    'dick',
    'diiick',
    'ass',
    'Гъз',
    'секс',
  ])('refuses %j', (nickname) => {
    expect(isRudeNickname(nickname)).toBe(true);
  });

  it.each([
    'Maria',
    'Иван',
    'Hancock',
    'Class 5B',
    'Гребане',
    'Онлайн',
    'Dickens',
    'Sussex',
    'Ассоциация',
    'Peter the Great',
    'Курт',
    'Player 45',
    'Player 455',
    '455',
    'Sassy',
  ])('lets %j play', (nickname) => {
    expect(isRudeNickname(nickname)).toBe(false);
  });
});
