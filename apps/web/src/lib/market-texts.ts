import bgMarket from '@flashcards/i18n/locales/bg/market.json';
import enMarket from '@flashcards/i18n/locales/en/market.json';
import { addTexts } from './i18n';

// The catalog's texts come with its code rather than with the app: most visits never open it.
addTexts('market', { en: enMarket, bg: bgMarket });
