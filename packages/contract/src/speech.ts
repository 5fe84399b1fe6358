import { z } from 'zod';
import { CARD_SIDE_MAX_LENGTH } from './limits';
import { defineRoute, fileBody } from './route';

/** The languages a side can be spoken in (the kids cards' languages), by their codes. */
export const SPEECH_LANGUAGES = ['en', 'bg', 'it', 'de', 'fr', 'es', 'uk', 'ru'] as const;
export const speechLanguageSchema = z.enum(SPEECH_LANGUAGES);
export type SpeechLanguage = z.infer<typeof speechLanguageSchema>;

export const speechQuery = z.object({
  text: z.string().trim().min(1).max(CARD_SIDE_MAX_LENGTH),
  language: speechLanguageSchema,
});

export const speechRoutes = {
  speech: defineRoute({
    method: 'GET',
    path: '/api/speech/',
    access: 'public',
    tag: 'speech',
    summary: 'A text spoken, as a WAV file',
    description:
      "The server's own voice (eSpeak NG), for browsers without a voice for the language. The same text and " +
      'language always give the same sound, which may be cached. New texts are limited per address (429); ' +
      'a server that cannot speak answers 503.',
    query: speechQuery,
    response: fileBody,
    download: ['audio/wav'],
    errors: [429, 503],
  }),
};
