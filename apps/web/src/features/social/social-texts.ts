import bgSocial from '@flashcards/i18n/locales/bg/social.json';
import enSocial from '@flashcards/i18n/locales/en/social.json';
import { addTexts } from '../../lib/i18n';

// The texts of friends, groups and private sending come with their pages rather than with the app.
addTexts('social', { en: enSocial, bg: bgSocial });
