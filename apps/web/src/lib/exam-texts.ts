import bgExams from '@flashcards/i18n/locales/bg/exams.json';
import enExams from '@flashcards/i18n/locales/en/exams.json';
import { addTexts } from './i18n';

// The texts of exams come with their pages rather than with the app.
addTexts('exams', { en: enExams, bg: bgExams });
