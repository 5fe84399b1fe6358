import { schoolClassRoutes } from '@flashcards/contract';
import { attachment } from '../../lib/attachment';
import { route } from '../../lib/routes';
import type { Services } from '../../services';
import { toGradebook, toMyClass, toSchoolClass, toSchoolClassDetails } from './classes.presenter';

export const schoolClassRouteHandlers = ({ schoolClasses, schools }: Services) => [
  route(schoolClassRoutes.schoolClasses, async ({ actor }) =>
    (await schoolClasses.list(actor)).map(toSchoolClass),
  ),
  route(schoolClassRoutes.createSchoolClass, async ({ actor, body }) =>
    toSchoolClass(await schoolClasses.create(actor, body)),
  ),
  route(schoolClassRoutes.schoolClass, async ({ actor, params }) =>
    toSchoolClassDetails(await schoolClasses.details(actor, params.id)),
  ),
  route(schoolClassRoutes.updateSchoolClass, async ({ actor, params, body }) =>
    toSchoolClass(await schoolClasses.update(actor, params.id, body)),
  ),
  route(schoolClassRoutes.deleteSchoolClass, async ({ actor, params }) => {
    await schoolClasses.remove(actor, params.id);
    return null;
  }),
  route(schoolClassRoutes.assignClassTeacher, async ({ actor, params, body }) =>
    toSchoolClassDetails(await schoolClasses.assignTeacher(actor, params.id, params.teacherId, body.role)),
  ),
  route(schoolClassRoutes.removeClassTeacher, async ({ actor, params }) => {
    await schoolClasses.removeTeacher(actor, params.id, params.teacherId);
    return null;
  }),
  route(schoolClassRoutes.moveStudentToClass, async ({ actor, params, body }) => {
    await schoolClasses.moveStudent(actor, params.id, body.class_id);
    return null;
  }),
  route(schoolClassRoutes.gradebook, async ({ actor, params }) =>
    toGradebook(await schoolClasses.gradebook(actor, params.id)),
  ),
  route(schoolClassRoutes.exportGradebook, async ({ actor, params, language, reply }) => {
    const file = await schoolClasses.exportGradebook(actor, params.id, language);
    reply.header('Content-Type', 'text/csv; charset=utf-8');
    reply.header('Content-Disposition', attachment(file.name, 'csv', 'gradebook'));
    reply.header('Cache-Control', 'no-store');
    return file.data;
  }),
  route(schoolClassRoutes.myClasses, async ({ actor }) => (await schoolClasses.mine(actor)).map(toMyClass)),
  route(schoolClassRoutes.importOneRoster, async ({ actor, body, language, request }) =>
    schools.importOneRoster(actor, body, language, request.ip),
  ),
];
