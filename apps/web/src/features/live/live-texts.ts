import bgLive from '@flashcards/i18n/locales/bg/live.json';
import enLive from '@flashcards/i18n/locales/en/live.json';
import { addTexts } from '../../lib/i18n';
import '../../lib/error-texts';

// The texts of live games come with their pages rather than with the app; the socket's refusals are
// message keys of the `errors` namespace, which comes with them.
addTexts('live', { en: enLive, bg: bgLive });
