import { z } from 'zod';

// Written separately from the code and possibly incomplete: missing parts become empty.
const text = z.string().catch('');

const emptySection = { title: '', text: '', points: [] };

const sectionSchema = z
  .object({ title: text, text: text, points: z.array(z.string()).catch([]) })
  .catch(emptySection);

/** The top-level keys of the `teachers` locale namespace. */
export const teachersKeys = ['title', 'intro', 'language', 'science', 'cta'] as const;

/** The `teachers` locale namespace. */
export const teachersContentSchema = z
  .object({ title: text, intro: text, language: sectionSchema, science: sectionSchema, cta: text })
  .catch({ title: '', intro: '', language: emptySection, science: emptySection, cta: '' });

export type TeachersSection = z.output<typeof sectionSchema>;
