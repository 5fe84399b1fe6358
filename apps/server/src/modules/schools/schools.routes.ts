import { adminSchoolRoutes, schoolRoutes } from '@flashcards/contract';
import { pageWindow, toPage } from '../../lib/pagination';
import { route } from '../../lib/routes';
import type { Services } from '../../services';
import {
  toAdminSchool,
  toSchoolDetails,
  toSchoolInvitation,
  toSchoolListItem,
  toSchoolPrincipal,
  toSchoolStudent,
} from './schools.presenter';

export const schoolRouteHandlers = ({ schools, storage }: Services) => [
  route(schoolRoutes.schoolsList, async ({ query, request }) => {
    const window = pageWindow(query.page);
    const { total, rows } = await schools.publicPage(window.limit, window.offset);
    return toPage(
      request,
      window,
      total,
      rows.map((row) => toSchoolListItem(row.school, storage)),
    );
  }),
  route(schoolRoutes.schoolDetails, async ({ actor }) =>
    toSchoolDetails(await schools.details(actor), storage),
  ),
  route(schoolRoutes.updateSchoolDetails, async ({ actor, body }) =>
    toSchoolDetails(await schools.updateSettings(actor, body), storage),
  ),
  route(schoolRoutes.schoolStudents, async ({ actor, query, request }) => {
    const window = pageWindow(query.page);
    const { total, rows } = await schools.members(actor, {
      schoolId: query.schoolId,
      search: query.search,
      role: query.role,
      limit: window.limit,
      offset: window.offset,
    });
    return toPage(
      request,
      window,
      total,
      rows.map((row) => toSchoolStudent(row, storage)),
    );
  }),
  route(schoolRoutes.registerStudent, async ({ actor, body, language, request }) => {
    const { member, initialPassword } = await schools.register(actor, body, language, request.ip);
    return { ...toSchoolStudent(member, storage), initial_password: initialPassword };
  }),
  route(schoolRoutes.updateSchoolStudent, async ({ actor, params, body }) =>
    toSchoolStudent(await schools.setTeacher(actor, params.id, body.is_teacher), storage),
  ),
  route(schoolRoutes.removeSchoolStudent, async ({ actor, params }) => {
    await schools.removeMember(actor, params.id);
    return null;
  }),
  route(schoolRoutes.leaveSchool, async ({ actor }) => {
    await schools.leave(actor);
    return null;
  }),
  route(schoolRoutes.myInvitations, async ({ actor }) =>
    (await schools.invitations(actor)).map((row) => toSchoolInvitation(row, storage)),
  ),
  route(schoolRoutes.acceptInvitation, async ({ actor, params }) =>
    toSchoolDetails(await schools.acceptInvitation(actor, params.id), storage),
  ),
  route(schoolRoutes.declineInvitation, async ({ actor, params }) => {
    await schools.declineInvitation(actor, params.id);
    return null;
  }),
  route(schoolRoutes.bulkCreateUsers, async ({ actor, query, body, language, request }) =>
    schools.importStudents(actor, body.file, query.preview ?? false, language, request.ip),
  ),
];

export const adminSchoolRouteHandlers = ({ schools, storage }: Services) => [
  route(adminSchoolRoutes.adminSchools, async ({ query, request }) => {
    const window = pageWindow(query.page);
    const { total, rows } = await schools.adminPage(query.search, window.limit, window.offset);
    return toPage(
      request,
      window,
      total,
      rows.map((row) => toAdminSchool(row, storage)),
    );
  }),
  route(adminSchoolRoutes.createSchool, async ({ body }) =>
    toAdminSchool(await schools.create(body), storage),
  ),
  route(adminSchoolRoutes.adminSchool, async ({ params }) =>
    toAdminSchool(await schools.adminSchool(params.id), storage),
  ),
  route(adminSchoolRoutes.updateSchool, async ({ params, body }) =>
    toAdminSchool(await schools.update(params.id, body), storage),
  ),
  route(adminSchoolRoutes.deleteSchool, async ({ params }) => {
    await schools.remove(params.id);
    return null;
  }),
  route(adminSchoolRoutes.addPrincipal, async ({ params, body, language }) =>
    toSchoolPrincipal(await schools.addPrincipal(params.id, body, language)),
  ),
  route(adminSchoolRoutes.removePrincipal, async ({ params }) => {
    await schools.removePrincipal(params.id, params.userId);
    return null;
  }),
];
