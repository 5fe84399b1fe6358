import type { resources } from '@flashcards/i18n';
import 'i18next';

type Bundled = (typeof resources)['en'];

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    // Keys are checked against the English files. The long legal and teachers texts are checked at run
    // time by the pages that render them instead, as their shape is content, not code.
    resources: Omit<Bundled, 'legal' | 'teachers'> & {
      legal: Record<string, unknown>;
      teachers: Record<string, unknown>;
    };
  }
}
