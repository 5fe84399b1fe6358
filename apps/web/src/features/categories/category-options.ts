import { categoryBody } from '@flashcards/contract';

/** Catalog languages and topics (spec: English and Bulgarian; languages, education, hobby, art, computers). */
export const CATEGORY_LANGUAGES = ['en', 'bg'] as const;
export const CATEGORY_TOPICS = ['languages', 'education', 'hobby', 'art', 'computers'] as const;

/** The create and edit form of a category: the contract's body without the owner, who is the user. */
export const categoryForm = categoryBody.omit({ user: true });
