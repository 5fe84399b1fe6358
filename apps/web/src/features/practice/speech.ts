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
