import type { TextCard } from '@flashcards/contract';
import { describe, expect, it } from 'vitest';
import { checkAnswer } from './answer-check';
import { expectedAnswer, isClozeCard, sideAsText } from './card-sides';

const card = (first_side: string, second_side = '') => ({ id: 1, first_side, second_side }) as TextCard;

describe('the sides of a card', () => {
  it('a cloze card asks for its deletions, typed as people type them', () => {
    const sofia = card('{{c1::Sofia}} is the capital of **Bulgaria**', 'Since 1879');
    expect(isClozeCard(sofia)).toBe(true);
    expect(expectedAnswer(sofia)).toBe('Sofia');
    expect(checkAnswer('sofia', expectedAnswer(sofia))).toBe('right');
    expect(checkAnswer('Sofai', expectedAnswer(sofia))).toBe('almost');
    expect(checkAnswer('Bulgaria', expectedAnswer(sofia))).toBe('wrong');
    // Two gaps of one number: both answers, in order, as Anki types them.
    const two = card('{{c1::Rome}} and {{c1::*Paris*::a city}} are capitals');
    expect(expectedAnswer(two)).toBe('Rome, Paris');
    expect(checkAnswer('rome, paris', expectedAnswer(two))).toBe('right');
    expect(checkAnswer('Paris, Rome', expectedAnswer(two))).toBe('wrong');
  });

  it('reads a cloze question with its gaps, and its answer with the note', () => {
    const sofia = card('{{c1::Sofia}} is the capital of {{c2::Bulgaria::a country}}', 'Since 1879');
    expect(sideAsText(sofia, 'one')).toBe('[...] is the capital of [a country]');
    expect(sideAsText(sofia, 'two')).toBe('Sofia is the capital of Bulgaria\nSince 1879');
  });

  it('any other card asks for its second side as it reads', () => {
    const plain = card('**H~2~O**', '*water*');
    expect(isClozeCard(plain)).toBe(false);
    expect(expectedAnswer(plain)).toBe('water');
    expect(sideAsText(plain, 'one')).toBe('H2O');
  });
});
