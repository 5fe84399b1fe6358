import bgPeople from '@flashcards/i18n/locales/bg/people.json';
import enPeople from '@flashcards/i18n/locales/en/people.json';
import { addTexts } from '../../lib/i18n';

// The people picker's texts come with the dialogs that show it rather than with the app.
addTexts('people', { en: enPeople, bg: bgPeople });
