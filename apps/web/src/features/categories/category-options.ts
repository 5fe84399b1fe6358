/** Catalog languages and topics (spec: English and Bulgarian; languages, education, hobby, art, computers). */
export const CATEGORY_LANGUAGES = ['en', 'bg'] as const;
export const CATEGORY_TOPICS = ['languages', 'education', 'hobby', 'art', 'computers'] as const;
