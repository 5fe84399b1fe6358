import bgCards from '@flashcards/i18n/locales/bg/cards.json';
import bgPractice from '@flashcards/i18n/locales/bg/practice.json';
import enCards from '@flashcards/i18n/locales/en/cards.json';
import enPractice from '@flashcards/i18n/locales/en/practice.json';
import { addTexts } from './i18n';

// The texts of cards and practice, which many pages show but the home page does not, come with the first
// other page rather than with the app: the router loads this module with each page's code.
addTexts('cards', { en: enCards, bg: bgCards });
addTexts('practice', { en: enPractice, bg: bgPractice });
