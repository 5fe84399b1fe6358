import { SPEECH_LANGUAGES, type SpeechLanguage } from '@flashcards/contract';

/** Kids cards' languages (en, bg, …) as the speech synthesiser's language tags. */
const speechTags: Record<string, string> = {
  en: 'en-GB',
  bg: 'bg-BG',
  it: 'it-IT',
  de: 'de-DE',
  fr: 'fr-FR',
  es: 'es-ES',
  uk: 'uk-UA',
  ru: 'ru-RU',
};

export const speechLanguage = (language: string): string =>
  speechTags[language.toLowerCase()] ?? (language || 'en-GB');

/** The browser's speech synthesis, where it has one. */
export const browserSpeech = () =>
  typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : undefined;

/** A voice of the language, the exact region first; none when the browser has no such voice. */
export function voiceFor(
  voices: readonly SpeechSynthesisVoice[],
  tag: string,
): SpeechSynthesisVoice | undefined {
  const wanted = tag.toLowerCase().replace('_', '-');
  const base = wanted.split('-')[0];
  const normal = (voice: SpeechSynthesisVoice) => voice.lang.toLowerCase().replace('_', '-');
  return (
    voices.find((voice) => normal(voice) === wanted) ??
    voices.find((voice) => normal(voice).split('-')[0] === base)
  );
}

const CYRILLIC_LANGUAGES = new Set(['bg', 'uk', 'ru']);

/**
 * The language a side is spoken in: the category's, when the side is written in that language's script
 * (Latin or Cyrillic); otherwise the script's usual language here: Bulgarian for Cyrillic, English for
 * Latin. So "Hund" in a German category is German and its "куче" Bulgarian.
 */
export function sideLanguage(text: string, categoryLanguage: string): SpeechLanguage {
  const cyrillic = (text.match(/\p{Script=Cyrillic}/gu) ?? []).length;
  const latin = (text.match(/\p{Script=Latin}/gu) ?? []).length;
  const script = cyrillic > latin ? 'cyrillic' : 'latin';
  const chosen = (SPEECH_LANGUAGES as readonly string[]).includes(categoryLanguage)
    ? (categoryLanguage as SpeechLanguage)
    : undefined;
  if (chosen && CYRILLIC_LANGUAGES.has(chosen) === (script === 'cyrillic')) return chosen;
  return script === 'cyrillic' ? 'bg' : 'en';
}

/** The server's voice for a text: a WAV the browser plays when it has no voice of its own. */
export const serverSpeechUrl = (text: string, language: SpeechLanguage) =>
  `/api/speech/?${new URLSearchParams({ text, language })}`;
