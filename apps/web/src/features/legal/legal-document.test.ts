import { describe, expect, it } from 'vitest';
import { legalDocumentSchema } from './legal-document';

describe('legal document', () => {
  it('reads a complete document and numbers its sections', () => {
    const document = legalDocumentSchema.parse({
      title: 'Terms',
      updated: '2026-01-31',
      intro: 'Intro',
      sections: [{ heading: 'One', paragraphs: ['First.', 'Second.'] }],
    });
    expect(document.sections).toEqual([
      { id: 'section-1', heading: 'One', paragraphs: ['First.', 'Second.'] },
    ]);
  });

  it('turns missing or malformed parts into empty ones', () => {
    // i18next answers a missing key with the key itself.
    expect(legalDocumentSchema.parse('terms')).toEqual({ title: '', updated: '', intro: '', sections: [] });
    expect(legalDocumentSchema.parse({ title: 'Terms', sections: [{ heading: 3 }] })).toEqual({
      title: 'Terms',
      updated: '',
      intro: '',
      sections: [{ id: 'section-1', heading: '', paragraphs: [] }],
    });
  });
});
