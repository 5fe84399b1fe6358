import bgSchool from '@flashcards/i18n/locales/bg/school.json';
import enSchool from '@flashcards/i18n/locales/en/school.json';
import { addTexts } from '../../lib/i18n';

// The texts of the school area come with its pages rather than with the app.
addTexts('school', { en: enSchool, bg: bgSchool });
