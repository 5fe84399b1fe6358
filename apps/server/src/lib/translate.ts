import { defaultLanguage, type Language, languageFromHeader, resources } from '@flashcards/i18n';
import { createInstance, type TFunction } from 'i18next';
import type { Message } from './api-error';

const i18n = createInstance();
void i18n.init({
  resources,
  lng: defaultLanguage,
  fallbackLng: defaultLanguage,
  defaultNS: 'errors',
  interpolation: { escapeValue: false },
  initAsync: false,
});

const translators = new Map<Language, TFunction>(
  (['en', 'bg'] as const).map((language) => [language, i18n.getFixedT(language)]),
);

/** Translates a locale key (`errors:` namespace by default) into the given language. */
export const translate = (language: Language, key: string, values?: Record<string, unknown>): string =>
  (translators.get(language) ?? i18n.t)(key, values ?? {}) as string;

export const requestLanguage = (acceptLanguage: string | string[] | undefined): Language =>
  languageFromHeader(Array.isArray(acceptLanguage) ? acceptLanguage[0] : acceptLanguage);

/** Translates a message whose values may themselves be messages (e.g. a field's name). */
export const translateMessage = (language: Language, message: Message): string =>
  translate(
    language,
    message.key,
    message.values &&
      Object.fromEntries(
        Object.entries(message.values).map(([name, value]) => [
          name,
          typeof value === 'object' ? translateMessage(language, value) : value,
        ]),
      ),
  );
