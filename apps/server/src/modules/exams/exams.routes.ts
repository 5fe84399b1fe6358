import { examRoutes, testRoutes } from '@flashcards/contract';
import { pageWindow, toPage } from '../../lib/pagination';
import { toReachedPerson } from '../../lib/people';
import { route } from '../../lib/routes';
import type { Services } from '../../services';
import {
  toExam,
  toExamAssignment,
  toExamDetail,
  toExamLive,
  toExamSummary,
  toExamTaking,
  toSchoolTest,
  toSchoolTestDetail,
  toTestChoice,
  toTestQuestion,
} from './exams.presenter';

export const testRouteHandlers = ({ exams, storage }: Services) => [
  route(testRoutes.tests, async ({ actor, query, request }) => {
    const window = pageWindow(query.page);
    const { total, rows } = await exams.tests(actor, {
      sortBy: query.sort_by,
      sortOrder: query.sort_order,
      search: query.search,
      ...window,
    });
    return toPage(request, window, total, rows.map(toSchoolTest));
  }),
  route(testRoutes.createTest, async ({ actor, body }) =>
    toSchoolTestDetail(await exams.createTest(actor, body), storage),
  ),
  route(testRoutes.draftTestFromCards, async ({ actor, body }) => exams.draftFromCards(actor, body)),
  route(testRoutes.createTestWithQuestions, async ({ actor, body }) =>
    toSchoolTestDetail(await exams.createTestWithQuestions(actor, body), storage),
  ),
  route(testRoutes.test, async ({ actor, params }) =>
    toSchoolTestDetail(await exams.test(actor, params.id), storage),
  ),
  route(testRoutes.updateTest, async ({ actor, params, body }) =>
    toSchoolTestDetail(await exams.updateTest(actor, params.id, body), storage),
  ),
  route(testRoutes.deleteTest, async ({ actor, params }) => {
    await exams.removeTest(actor, params.id);
    return null;
  }),
  route(testRoutes.copyTest, async ({ actor, params, body }) =>
    toSchoolTestDetail(await exams.copyTest(actor, params.id, body?.colleague), storage),
  ),
  route(testRoutes.orderQuestions, async ({ actor, params, body }) =>
    toSchoolTestDetail(await exams.orderQuestions(actor, params.id, body.questions), storage),
  ),
  route(testRoutes.testChoices, async ({ actor }) => (await exams.testChoices(actor)).map(toTestChoice)),
  route(testRoutes.createQuestion, async ({ actor, body }) => {
    const { test, ...question } = body;
    return toTestQuestion(await exams.createQuestion(actor, test, question), storage);
  }),
  route(testRoutes.updateQuestion, async ({ actor, params, body }) =>
    toTestQuestion(await exams.updateQuestion(actor, params.id, body), storage),
  ),
  route(testRoutes.deleteQuestion, async ({ actor, params }) => {
    await exams.deleteQuestion(actor, params.id);
    return null;
  }),
  route(testRoutes.setQuestionPicture, async ({ actor, params, body }) =>
    toTestQuestion(await exams.setQuestionPicture(actor, params.id, body.picture), storage),
  ),
  route(testRoutes.deleteQuestionPicture, async ({ actor, params }) =>
    toTestQuestion(await exams.removeQuestionPicture(actor, params.id), storage),
  ),
];

export const examRouteHandlers = ({ exams, storage }: Services) => {
  const list = (side: 'teacher' | 'student') =>
    route(
      side === 'teacher' ? examRoutes.teacherExams : examRoutes.studentExams,
      async ({ actor, query, request }) => {
        const window = pageWindow(query.page);
        const { now, total, rows } = await exams.exams(actor, {
          side,
          testId: query.test_id,
          status: query.status,
          search: query.search,
          sortBy: query.sort_by,
          sortOrder: query.sort_order,
          ...window,
        });
        return toPage(
          request,
          window,
          total,
          rows.map((row) => toExam(row, now, side, storage)),
        );
      },
    );
  return [
    list('teacher'),
    list('student'),
    route(examRoutes.overseenExams, async ({ actor, query, request }) => {
      const window = pageWindow(query.page);
      const { now, total, rows } = await exams.overseenExams(actor, query.teacher, {
        testId: query.test_id,
        status: query.status,
        search: query.search,
        sortBy: query.sort_by,
        sortOrder: query.sort_order,
        ...window,
      });
      return toPage(
        request,
        window,
        total,
        rows.map((row) => toExam(row, now, 'teacher', storage)),
      );
    }),
    route(examRoutes.createExams, async ({ actor, body }) => exams.createExams(actor, body)),
    route(examRoutes.examAssignments, async ({ actor, query, request }) => {
      const window = pageWindow(query.page);
      const { total, rows } = await exams.assignments(actor, window.limit, window.offset);
      return toPage(request, window, total, rows.map(toExamAssignment));
    }),
    route(examRoutes.createExamAssignment, async ({ actor, body }) =>
      toExamAssignment(await exams.createAssignment(actor, body)),
    ),
    route(examRoutes.examAssignment, async ({ actor, params }) => {
      const { now, assignment, exams: given } = await exams.assignment(actor, params.id);
      return {
        ...toExamAssignment(assignment),
        exams: given.map((row) => toExam(row, now, 'teacher', storage)),
      };
    }),
    route(examRoutes.updateExamAssignment, async ({ actor, params, body }) =>
      toExamAssignment(await exams.updateAssignment(actor, params.id, body)),
    ),
    route(examRoutes.deleteExamAssignment, async ({ actor, params }) => {
      await exams.removeAssignment(actor, params.id);
      return null;
    }),
    route(examRoutes.examSummary, async ({ actor, query }) =>
      toExamSummary(
        await exams.summary(actor, { testId: query.test_id, status: query.status, search: query.search }),
      ),
    ),
    route(examRoutes.exam, async ({ actor, params }) =>
      toExamDetail(await exams.exam(actor, params.id), storage),
    ),
    route(examRoutes.updateExam, async ({ actor, params, body }) => {
      const { now, exam } = await exams.setExtraTime(actor, params.id, body.extra_minutes);
      return toExam(exam, now, 'teacher', storage);
    }),
    route(examRoutes.reopenExam, async ({ actor, params, body }) => {
      const { now, exam } = await exams.reopen(actor, params.id, body.minutes);
      return toExam(exam, now, 'teacher', storage);
    }),
    route(examRoutes.examPresence, async ({ actor, params, body }) => {
      await exams.presence(actor, params.id, body.state);
      return null;
    }),
    route(examRoutes.examLive, async ({ actor, params, query, request }) => {
      const window = pageWindow(query.page);
      const chosen =
        query.start_at && query.end_at
          ? { startAt: new Date(query.start_at), endAt: new Date(query.end_at) }
          : undefined;
      const { count, rows, ...live } = toExamLive(
        await exams.live(actor, params.id, chosen, window),
        storage,
      );
      return { ...toPage(request, window, count, rows), ...live };
    }),
    route(examRoutes.deleteExam, async ({ actor, params }) => {
      await exams.removeExam(actor, params.id);
      return null;
    }),
    route(examRoutes.examStudentsSearch, async ({ actor, query }) =>
      (await exams.people(actor, query.search)).map((row) => toReachedPerson(row, storage)),
    ),
    route(examRoutes.startExam, async ({ actor, params }) =>
      toExamTaking(await exams.start(actor, params.id), storage),
    ),
    route(examRoutes.answerQuestion, async ({ actor, params, body }) =>
      exams.answer(actor, params.examId, params.questionId, body),
    ),
    route(examRoutes.completeExam, async ({ actor, params }) =>
      toExamDetail(await exams.complete(actor, params.id), storage),
    ),
  ];
};
