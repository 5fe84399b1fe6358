import { categoryBody, SPEECH_LANGUAGES } from '@flashcards/contract';

/** A category's language: what its cards are spoken in (the server's voice has each of them). */
export const CATEGORY_LANGUAGES = SPEECH_LANGUAGES;
/** Catalog topics (spec: languages, education, hobby, art, computers). */
export const CATEGORY_TOPICS = ['languages', 'education', 'hobby', 'art', 'computers'] as const;

/** The create and edit form of a category: the contract's body without the owner, who is the user. */
export const categoryForm = categoryBody.omit({ user: true });
