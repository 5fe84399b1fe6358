import { defaultLanguage, isLanguage, type Language, languages, resources } from '@flashcards/i18n';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStored, storageKeys, writeStored } from './storage';

/** The stored choice, else Bulgarian for a Bulgarian browser, else English. */
export function initialLanguage(): Language {
  const stored = readStored(storageKeys.language);
  if (isLanguage(stored)) return stored;
  return navigator.language.toLowerCase().startsWith('bg') ? 'bg' : defaultLanguage;
}

/** Switches the interface language and remembers the choice. */
export function changeLanguage(language: Language): Promise<unknown> {
  writeStored(storageKeys.language, language);
  return i18next.changeLanguage(language);
}

i18next.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

i18next.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: defaultLanguage,
  supportedLngs: languages,
  ns: Object.keys(resources.en),
  defaultNS: 'common',
  // React escapes rendered text already.
  interpolation: { escapeValue: false },
  initAsync: false,
});
