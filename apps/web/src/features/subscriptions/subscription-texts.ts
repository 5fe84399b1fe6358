import bgSubscriptions from '@flashcards/i18n/locales/bg/subscriptions.json';
import enSubscriptions from '@flashcards/i18n/locales/en/subscriptions.json';
import { addTexts } from '../../lib/i18n';

// The texts of plans, payments and affiliates come with their pages rather than with the app.
addTexts('subscriptions', { en: enSubscriptions, bg: bgSubscriptions });
