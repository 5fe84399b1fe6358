import bgTests from '@flashcards/i18n/locales/bg/tests.json';
import enTests from '@flashcards/i18n/locales/en/tests.json';
import { addTexts } from '../../lib/i18n';
import '../../lib/exam-texts';

// The texts of tests and of the exams a teacher gives come with their pages rather than with the app.
addTexts('tests', { en: enTests, bg: bgTests });
