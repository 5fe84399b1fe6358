import { z } from 'zod';

// The texts are written separately from the code and may be incomplete: every missing part becomes
// empty instead of failing the page.
const text = z.string().catch('');

const sectionSchema = z.object({
  heading: text,
  paragraphs: z.array(z.string()).catch([]),
});

const emptyDocument = { title: '', updated: '', intro: '', sections: [] };

/** One document of the `legal` locale namespace; sections get stable ids for keys and anchors. */
export const legalDocumentSchema = z
  .object({ title: text, updated: text, intro: text, sections: z.array(sectionSchema).catch([]) })
  .catch(emptyDocument)
  .transform((document) => ({
    ...document,
    sections: document.sections.map((section, index) => ({ ...section, id: `section-${index + 1}` })),
  }));

export const legalDocuments = ['terms', 'privacy', 'cookies', 'affiliates'] as const;
export type LegalDocumentName = (typeof legalDocuments)[number];
