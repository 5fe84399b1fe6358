import { defaultLanguage, isLanguage, type Language, languages } from '@flashcards/i18n';
import bgCommon from '@flashcards/i18n/locales/bg/common.json';
import bgHome from '@flashcards/i18n/locales/bg/home.json';
import bgPages from '@flashcards/i18n/locales/bg/pages.json';
import bgShell from '@flashcards/i18n/locales/bg/shell.json';
import enCommon from '@flashcards/i18n/locales/en/common.json';
import enHome from '@flashcards/i18n/locales/en/home.json';
import enPages from '@flashcards/i18n/locales/en/pages.json';
import enShell from '@flashcards/i18n/locales/en/shell.json';
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

/**
 * The texts the app starts with. The long legal and teachers texts, the AI pages' texts, the account's
 * (`lib/account-texts.ts`: signing in, the profile, badges), those of cards and practice (`lib/page-texts.ts`,
 * loaded with every page but the home page) and the `errors`
 * messages of forms (lib/error-texts.ts) come with the pages that show them (`addTexts`), and the
 * e-mails' texts are the server's alone.
 */
const resources = {
  en: {
    common: enCommon,
    home: enHome,
    pages: enPages,
    shell: enShell,
  },
  bg: {
    common: bgCommon,
    home: bgHome,
    pages: bgPages,
    shell: bgShell,
  },
};

/** Adds the texts of a namespace in both languages, for a page that brings its own. */
export function addTexts(namespace: string, texts: Record<Language, object>): void {
  for (const language of languages) i18next.addResourceBundle(language, namespace, texts[language]);
}

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
