import { learningPathRoutes } from '@flashcards/contract';
import { pageWindow, toPage } from '../../lib/pagination';
import { toReachedPerson } from '../../lib/people';
import { route, tokenRoute } from '../../lib/routes';
import type { Services } from '../../services';
import {
  toLearningPath,
  toPathAssignment,
  toPathPictureCard,
  toPathTextCard,
  toProgressEntry,
} from './learning-paths.presenter';

export const learningPathRouteHandlers = ({ learningPaths, storage }: Services) => {
  const list = (side: 'teacher' | 'student') =>
    route(
      side === 'teacher' ? learningPathRoutes.teacherPaths : learningPathRoutes.studentPaths,
      async ({ actor, query, request }) => {
        const window = pageWindow(query.page);
        const { total, rows } = await learningPaths.page(actor, {
          side,
          sortBy: query.sort_by,
          sortOrder: query.sort_order,
          search: query.search,
          named: query.named === 'true',
          ...window,
        });
        return toPage(
          request,
          window,
          total,
          rows.map((row) => toLearningPath(row, storage)),
        );
      },
    );
  const withProgress = ({ path, progress, test }: Awaited<ReturnType<typeof learningPaths.progress>>) => ({
    ...toLearningPath(path, storage),
    progress: progress.map(toProgressEntry),
    test_state: test,
  });

  return [
    list('teacher'),
    list('student'),
    route(learningPathRoutes.overseenPaths, async ({ actor, query, request }) => {
      const window = pageWindow(query.page);
      const { total, rows } = await learningPaths.overseenPage(actor, query.teacher, {
        sortBy: query.sort_by,
        sortOrder: query.sort_order,
        search: query.search,
        ...window,
      });
      return toPage(
        request,
        window,
        total,
        rows.map((row) => toLearningPath(row, storage)),
      );
    }),
    route(learningPathRoutes.createPaths, async ({ actor, body }) => learningPaths.create(actor, body)),
    route(learningPathRoutes.teacherPath, async ({ actor, params }) =>
      withProgress(await learningPaths.progress(actor, params.id, true)),
    ),
    route(learningPathRoutes.pathTest, async ({ actor, params, body }) =>
      withProgress(await learningPaths.setTest(actor, params.id, body)),
    ),
    route(learningPathRoutes.openPathTest, async ({ actor, params }) =>
      learningPaths.openTest(actor, params.id),
    ),
    route(learningPathRoutes.updatePath, async ({ actor, params, body }) =>
      withProgress(await learningPaths.updatePath(actor, params.id, body)),
    ),
    route(learningPathRoutes.assignments, async ({ actor, query, request }) => {
      const window = pageWindow(query.page);
      const { total, rows } = await learningPaths.assignments(actor, window.limit, window.offset);
      return toPage(request, window, total, rows.map(toPathAssignment));
    }),
    route(learningPathRoutes.createAssignment, async ({ actor, body }) =>
      toPathAssignment(await learningPaths.createAssignment(actor, body)),
    ),
    route(learningPathRoutes.assignment, async ({ actor, params }) => {
      const { assignment, paths } = await learningPaths.assignment(actor, params.id);
      return { ...toPathAssignment(assignment), paths: paths.map((row) => toLearningPath(row, storage)) };
    }),
    route(learningPathRoutes.updateAssignment, async ({ actor, params, body }) =>
      toPathAssignment(await learningPaths.updateAssignment(actor, params.id, body)),
    ),
    route(learningPathRoutes.deleteAssignment, async ({ actor, params }) => {
      await learningPaths.removeAssignment(actor, params.id);
      return null;
    }),
    route(learningPathRoutes.deletePath, async ({ actor, params }) => {
      await learningPaths.remove(actor, params.id);
      return null;
    }),
    route(learningPathRoutes.pathProgress, async ({ actor, query }) =>
      withProgress(await learningPaths.progress(actor, query.learning_path_id, false)),
    ),
    route(learningPathRoutes.pathTextCards, async ({ actor, query }) =>
      (await learningPaths.deck(actor, 'text', query.learning_path_id, query.type)).map(toPathTextCard),
    ),
    route(learningPathRoutes.pathPictureCards, async ({ actor, query }) =>
      (await learningPaths.deck(actor, 'picture', query.learning_path_id, query.type)).map((row) =>
        toPathPictureCard(row, storage),
      ),
    ),
    tokenRoute(learningPathRoutes.answerPathTextCard, async ({ signedIn, params, body }) =>
      toPathTextCard(await learningPaths.answer(signedIn, 'text', params.id, body.field, body.session)),
    ),
    tokenRoute(learningPathRoutes.answerPathPictureCard, async ({ signedIn, params, body }) =>
      toPathPictureCard(
        await learningPaths.answer(signedIn, 'picture', params.id, body.field, body.session),
        storage,
      ),
    ),
    route(learningPathRoutes.undoPathAnswer, async ({ actor, params }) => {
      const { rowId, field } = await learningPaths.undo(actor, params.session);
      return { card_id: rowId, field };
    }),
    route(learningPathRoutes.pathStudentsSearch, async ({ actor, query }) =>
      (await learningPaths.people(actor, query.search)).map((row) => toReachedPerson(row, storage)),
    ),
  ];
};
