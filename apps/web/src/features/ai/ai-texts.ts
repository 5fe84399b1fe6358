import bgAi from '@flashcards/i18n/locales/bg/ai.json';
import enAi from '@flashcards/i18n/locales/en/ai.json';
import { addTexts } from '../../lib/i18n';

// The AI pages' texts come with their code rather than with the app: most visits never open them.
addTexts('ai', { en: enAi, bg: bgAi });
