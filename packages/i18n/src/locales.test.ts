import { describe, expect, it } from 'vitest';
import { languageFromHeader, resources } from './index';

type Tree = { [key: string]: unknown };

const leaves = (value: unknown, prefix = ''): [string, unknown][] =>
  value && typeof value === 'object'
    ? Object.entries(value as Tree).flatMap(([key, child]) =>
        leaves(child, prefix ? `${prefix}.${key}` : key),
      )
    : [[prefix, value]];

describe('locales', () => {
  for (const namespace of Object.keys(resources.en) as (keyof typeof resources.en)[]) {
    it(`${namespace}: en and bg hold the same keys`, () => {
      const en = leaves(resources.en[namespace]).map(([key]) => key);
      const bg = leaves(resources.bg[namespace]).map(([key]) => key);
      expect(bg.sort()).toEqual(en.sort());
    });
  }

  it('translates every English sentence into Bulgarian', () => {
    const bg = new Map(leaves(resources.bg));
    const untranslated = leaves(resources.en)
      .filter(
        ([key, text]) =>
          typeof text === 'string' && /[a-z]{3,} [a-z]{3,}/i.test(text) && bg.get(key) === text,
      )
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });

  it('puts no value but the site’s name into a mail subject: what people chose goes in the body', () => {
    for (const language of ['en', 'bg'] as const) {
      const subjects = leaves(resources[language].email).filter(([key]) => key.endsWith('.subject'));
      expect(subjects.length).toBeGreaterThan(10);
      const named = subjects.filter(([, text]) =>
        (String(text).match(/{{\s*(\w+)/g) ?? []).some((value) => !/{{\s*site$/.test(value)),
      );
      expect(named).toEqual([]);
    }
  });
});

describe('languageFromHeader', () => {
  it('picks the best-ranked supported language', () => {
    expect(languageFromHeader('bg')).toBe('bg');
    expect(languageFromHeader('bg-BG,bg;q=0.9,en;q=0.8')).toBe('bg');
    expect(languageFromHeader('de,en;q=0.5,bg;q=0.7')).toBe('bg');
    expect(languageFromHeader('fr')).toBe('en');
    expect(languageFromHeader(undefined)).toBe('en');
  });
});
