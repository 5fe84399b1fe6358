import bgGuardians from '@flashcards/i18n/locales/bg/guardians.json';
import enGuardians from '@flashcards/i18n/locales/en/guardians.json';
import { addTexts } from '../../lib/i18n';

// The guardians' texts come with the pages that show them: the school's members, the profile and the links.
addTexts('guardians', { en: enGuardians, bg: bgGuardians });
