import { reportRoutes } from '@flashcards/contract';
import { api } from '../../../lib/api-client';

/** Every report row of a student at once, for the CSV export. */
export const exportReport = (userEmail: string) =>
  api.call(reportRoutes.reportExport, { query: { userEmail } });
