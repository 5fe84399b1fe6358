import type { JobQueue } from '../../lib/jobs';
import { CARD_IMPORT_JOB, type CardImportsService, cardImportJobOptions } from './card-imports.service';

/** Imports of Anki packages run as jobs. */
export const registerCardImportJobs = (
  queue: JobQueue,
  { cardImports }: { cardImports: CardImportsService },
) => {
  queue.define(CARD_IMPORT_JOB, ({ importId }, job) => cardImports.run(importId, job), cardImportJobOptions);
};
