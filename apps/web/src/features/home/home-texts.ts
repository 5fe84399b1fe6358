import bgDashboard from '@flashcards/i18n/locales/bg/dashboard.json';
import enDashboard from '@flashcards/i18n/locales/en/dashboard.json';
import { addTexts } from '../../lib/i18n';

// The signed-in home's texts come with its page, not with the app (the visitors' home is the first load).
addTexts('dashboard', { en: enDashboard, bg: bgDashboard });
