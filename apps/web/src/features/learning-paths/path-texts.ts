import bgPaths from '@flashcards/i18n/locales/bg/paths.json';
import enPaths from '@flashcards/i18n/locales/en/paths.json';
import { addTexts } from '../../lib/i18n';

// The texts of learning paths come with their pages rather than with the app.
addTexts('paths', { en: enPaths, bg: bgPaths });
