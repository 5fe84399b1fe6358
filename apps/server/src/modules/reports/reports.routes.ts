import { reportRoutes } from '@flashcards/contract';
import { pageWindow, toPage } from '../../lib/pagination';
import { route } from '../../lib/routes';
import type { Services } from '../../services';
import { toReportCard, toReportRow, toReportStudent } from './reports.presenter';

export const reportRouteHandlers = ({ reports, storage }: Services) => [
  route(reportRoutes.reportStudents, async ({ actor, query, request }) => {
    const window = pageWindow(query.page);
    const { total, rows } = await reports.students(actor, query.search, window.limit, window.offset);
    return toPage(
      request,
      window,
      total,
      rows.map((row) => toReportStudent(row, storage)),
    );
  }),
  route(reportRoutes.reports, async ({ actor, query, request }) => {
    const window = pageWindow(query.page);
    const { student, total, rows } = await reports.rows(actor, query.userEmail, window.limit, window.offset);
    return toPage(
      request,
      window,
      total,
      rows.map((row) => toReportRow(row, student, storage)),
    );
  }),
  route(reportRoutes.reportCards, async ({ actor, query, request }) => {
    const window = pageWindow(query.page);
    const { student, report, total, rows } = await reports.cards(
      actor,
      query.userEmail,
      { categoryId: query.category_id, pathId: query.learning_path_id, tags: query.tags },
      window.limit,
      window.offset,
    );
    return {
      ...toPage(
        request,
        window,
        total,
        rows.map((row) => toReportCard(row, report.type_of_cards, storage)),
      ),
      report: toReportRow(report, student, storage),
    };
  }),
  route(reportRoutes.reportExport, async ({ actor, query }) => {
    const { student, rows } = await reports.all(actor, query.userEmail);
    return rows.map((row) => toReportRow(row, student, storage));
  }),
];
