import { describe, expect, it } from 'vitest';
import { speechLanguage, voiceFor } from './speech';

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
