import { describe, expect, it } from 'vitest';
import { bulgarianStem, bulgarianStems, searchTerms } from './search-text';

describe('the Bulgarian stemmer', () => {
  it('gives the forms of a noun one stem', () => {
    const stems = ['котка', 'котката', 'котки', 'котките'].map(bulgarianStem);
    expect(new Set(stems)).toEqual(new Set(['котк']));
    expect(new Set(['град', 'градът', 'града', 'градове', 'градовете'].map(bulgarianStem))).toEqual(
      new Set(['град']),
    );
    expect(new Set(['книга', 'книгата', 'книги', 'книгите'].map(bulgarianStem)).size).toBe(1);
    expect(new Set(['момче', 'момчето', 'момчета', 'момчетата'].map(bulgarianStem)).size).toBe(1);
    expect(new Set(['куче', 'кучето', 'кучета', 'кучетата'].map(bulgarianStem)).size).toBe(1);
    expect(new Set(['кон', 'конят', 'коня', 'коне'].map(bulgarianStem)).size).toBe(1);
  });

  it('gives the forms of an adjective one stem', () => {
    const forms = [
      'красив',
      'красивият',
      'красивия',
      'красива',
      'красивата',
      'красиво',
      'красивото',
      'красиви',
      'красивите',
    ];
    expect(new Set(forms.map(bulgarianStem))).toEqual(new Set(['красив']));
  });

  it('leaves short words whole and lowercases', () => {
    expect(bulgarianStem('та')).toBe('та');
    expect(bulgarianStem('ДОМ')).toBe('дом');
  });

  it('stems only the Cyrillic words of a text', () => {
    expect(bulgarianStems('Cats: котките и кучетата')).toBe('котк и куч');
    expect(searchTerms('Big котки')).toEqual([
      { word: 'big', stem: null },
      { word: 'котки', stem: 'котк' },
    ]);
  });
});
