import { describe, expect, it } from 'vitest';
import { sideLanguage, speechLanguage, voiceFor } from './speech';

const voice = (lang: string, name = lang) => ({ lang, name }) as SpeechSynthesisVoice;

describe('speaking a kids card without a sound', () => {
  it("speaks in the card's language", () => {
    expect(speechLanguage('bg')).toBe('bg-BG');
    expect(speechLanguage('en')).toBe('en-GB');
    expect(speechLanguage('UK')).toBe('uk-UA');
    expect(speechLanguage('pt-BR')).toBe('pt-BR');
  });

  it('picks a voice of the exact region, else of the language, else none', () => {
    const voices = [voice('en-US'), voice('en-GB'), voice('bg_BG')];
    expect(voiceFor(voices, 'en-GB')?.lang).toBe('en-GB');
    expect(voiceFor(voices, 'en-AU')?.lang).toBe('en-US');
    expect(voiceFor(voices, 'bg-BG')?.lang).toBe('bg_BG');
    expect(voiceFor(voices, 'de-DE')).toBeUndefined();
  });
});

describe('the language a side is spoken in', () => {
  it("is the category's when the side is in its script, else the script's usual one", () => {
    expect(sideLanguage('Hund', 'de')).toBe('de');
    expect(sideLanguage('куче', 'de')).toBe('bg');
    expect(sideLanguage('собака', 'ru')).toBe('ru');
    expect(sideLanguage('dog', 'ru')).toBe('en');
    expect(sideLanguage('dog', '')).toBe('en');
    expect(sideLanguage('куче (dog)', '')).toBe('bg');
    expect(sideLanguage('x^2 = 4', 'bg')).toBe('en');
  });
});
