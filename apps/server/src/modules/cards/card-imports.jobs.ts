import type { JobQueue } from '../../lib/jobs';
import { CARD_IMPORT_JOB, type CardImportsService, cardImportJobOptions } from './card-imports.service';

const SWEEP_IMPORTS = 'cards.sweep-imports';

/** Imports of Anki packages run as jobs; those that outlived their time are swept. */
export const registerCardImportJobs = (
  queue: JobQueue,
  { cardImports }: { cardImports: CardImportsService },
) => {
  queue.define(CARD_IMPORT_JOB, ({ importId }, job) => cardImports.run(importId, job), cardImportJobOptions);
  queue.define(SWEEP_IMPORTS, async () => {
    await cardImports.sweep();
  });
};

/** Every hour (call after the queue started, where jobs are worked). */
export const scheduleImportSweep = (queue: JobQueue) => queue.schedule(SWEEP_IMPORTS, '17 * * * *');
