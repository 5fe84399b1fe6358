import bgReports from '@flashcards/i18n/locales/bg/reports.json';
import enReports from '@flashcards/i18n/locales/en/reports.json';
import { addTexts } from '../../lib/i18n';

// The texts of the reports come with their page rather than with the app.
addTexts('reports', { en: enReports, bg: bgReports });
