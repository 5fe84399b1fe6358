import bgSchool from '@flashcards/i18n/locales/bg/school.json';
import enSchool from '@flashcards/i18n/locales/en/school.json';
import { addTexts } from '../../lib/i18n';

// The first sign-in of an account a school created speaks of the school: its texts are the school's.
addTexts('school', { en: enSchool, bg: bgSchool });
