import { describe, expect, it } from 'vitest';
import { formatMoney, percentOf } from './money';

// Intl puts a no-break space between the number and the currency.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('money in the interface language', () => {
  it('writes lev and euro the Bulgarian way', () => {
    expect(plain(formatMoney('12.00', 'bgn', 'bg'))).toBe('12,00 лв.');
    expect(plain(formatMoney('6.5', 'eur', 'bg'))).toBe('6,50 €');
  });

  it('writes euro and lev the English way', () => {
    expect(formatMoney('6.00', 'eur', 'en')).toBe('€6.00');
    expect(plain(formatMoney('1234.50', 'bgn', 'en'))).toBe('BGN 1,234.50');
  });

  it('reads a rate as a percentage', () => {
    expect(percentOf('0.20')).toBe(20);
    expect(percentOf('0.125')).toBe(13);
  });
});
