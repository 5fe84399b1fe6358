import bgReview from '@flashcards/i18n/locales/bg/review.json';
import enReview from '@flashcards/i18n/locales/en/review.json';
import { addTexts } from './i18n';

// The review's texts come with its code (the entry buttons and the review page) rather than with the app.
addTexts('review', { en: enReview, bg: bgReview });
