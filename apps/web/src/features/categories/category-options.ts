/** Catalog languages and topics (spec: English and Bulgarian; languages, education, hobby, art, computers). */
export const CATEGORY_LANGUAGES = ['en', 'bg'] as const;
export const CATEGORY_TOPICS = ['languages', 'education', 'hobby', 'art', 'computers'] as const;

/** The server's bounds of a category's texts. */
export const LIMITS = { categoryName: 100, description: 2000 } as const;
