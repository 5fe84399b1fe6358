import { guardianRoutes } from '@flashcards/contract';
import { route } from '../../lib/routes';
import type { Services } from '../../services';
import { toGuardian, toSchoolGuardian } from './guardians.presenter';

export const guardianRouteHandlers = ({ guardians }: Services) => [
  route(guardianRoutes.schoolGuardians, async ({ actor }) =>
    (await guardians.ofSchool(actor)).map(toSchoolGuardian),
  ),
  route(guardianRoutes.setStudentGuardian, async ({ actor, params, body, request }) =>
    toGuardian(await guardians.setForStudent(actor, params.id, body, request.ip)),
  ),
  route(guardianRoutes.removeStudentGuardian, async ({ actor, params }) => {
    await guardians.removeForStudent(actor, params.id);
    return null;
  }),
  route(guardianRoutes.myGuardian, async ({ actor }) => {
    const guardian = await guardians.mine(actor);
    return guardian && toGuardian(guardian);
  }),
  route(guardianRoutes.setMyGuardian, async ({ actor, body, request }) =>
    toGuardian(await guardians.setMine(actor, body, request.ip)),
  ),
  route(guardianRoutes.removeMyGuardian, async ({ actor }) => {
    await guardians.removeMine(actor);
    return null;
  }),
  route(guardianRoutes.confirmGuardian, async ({ params }) => guardians.confirm(params.token)),
  route(guardianRoutes.unsubscribeGuardian, async ({ params }) => guardians.unsubscribe(params.token)),
];
