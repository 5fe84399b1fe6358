import bgResults from '@flashcards/i18n/locales/bg/results.json';
import enResults from '@flashcards/i18n/locales/en/results.json';
import { addTexts } from './i18n';

// The texts of results (item analysis, exports, printed sheets, relettered answers) come with their pages.
addTexts('results', { en: enResults, bg: bgResults });
