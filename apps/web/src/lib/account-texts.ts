import bgAccount from '@flashcards/i18n/locales/bg/account.json';
import enAccount from '@flashcards/i18n/locales/en/account.json';
import { addTexts } from './i18n';

// The texts of signing in, the profile and badges come with the pages that show them, not with the app.
addTexts('account', { en: enAccount, bg: bgAccount });
