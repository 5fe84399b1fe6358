import { examResultRoutes, type examSummaryQuery } from '@flashcards/contract';
import type { z } from 'zod';
import { attachment } from '../../lib/attachment';
import { route } from '../../lib/routes';
import type { Services } from '../../services';
import { toColleague, toExamAnalysis, toExamResults } from './exam-results.presenter';

/** The list's filters, as the summary route takes them. */
const filterOf = (query: z.output<typeof examSummaryQuery>) => ({
  testId: query.test_id,
  status: query.status,
  search: query.search,
});

export const examResultRouteHandlers = ({ exams, storage }: Services) => [
  route(examResultRoutes.examAnalysis, async ({ actor, query }) =>
    toExamAnalysis(await exams.analysis(actor, filterOf(query)), storage),
  ),
  route(examResultRoutes.examResults, async ({ actor, query }) =>
    toExamResults(await exams.results(actor, filterOf(query)), storage),
  ),
  route(examResultRoutes.exportExamResults, async ({ actor, query, reply }) => {
    const file = await exams.exportResults(actor, filterOf(query));
    reply.header('Content-Type', 'text/csv; charset=utf-8');
    reply.header('Content-Disposition', attachment(file.name, 'csv', 'results'));
    reply.header('Cache-Control', 'no-store');
    return file.data;
  }),
  route(examResultRoutes.colleagues, async ({ actor }) =>
    (await exams.colleagues(actor)).map((row) => toColleague(row, storage)),
  ),
];
