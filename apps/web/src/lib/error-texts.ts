import bgErrors from '@flashcards/i18n/locales/bg/errors.json';
import enErrors from '@flashcards/i18n/locales/en/errors.json';
import { addTexts } from './i18n';

// The messages of the `errors` namespace (checks of forms, files and quotas) come with the forms that show
// them rather than with the app: the home page's first load does without them.
addTexts('errors', { en: enErrors, bg: bgErrors });
