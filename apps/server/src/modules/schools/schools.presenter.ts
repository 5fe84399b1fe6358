import type {
  AdminSchool,
  SchoolDetails,
  SchoolInvitation,
  SchoolListItem,
  SchoolPrincipal,
  SchoolStudent,
} from '@flashcards/contract';
import type { MediaStorage } from '../../lib/storage';
import type {
  CountedSchool,
  MemberRow,
  PendingInvitation,
  PrincipalRow,
  SchoolRow,
} from './schools.repository';

export const toSchoolListItem = (school: SchoolRow, storage: MediaStorage): SchoolListItem => ({
  id: school.id,
  name: school.name,
  town: school.town,
  website: school.website,
  logo_url: school.logo ? storage.url(school.logo) : null,
  is_paid: school.isPaid,
  description: school.description,
});

export const toSchoolDetails = (row: CountedSchool, storage: MediaStorage): SchoolDetails => ({
  ...toSchoolListItem(row.school, storage),
  students: row.students,
  teachers: row.teachers,
  principals: row.principals,
  available_students: row.school.availableStudents,
  free_seats: Math.max(0, row.school.availableStudents - row.students),
  is_listed: row.school.isListed,
});

export const toSchoolPrincipal = (row: PrincipalRow): SchoolPrincipal => ({
  id: row.id,
  email: row.email,
  first_name: row.firstName,
  last_name: row.lastName,
  invited: row.invited,
});

export const toAdminSchool = (
  row: CountedSchool & { principalsList: PrincipalRow[] },
  storage: MediaStorage,
): AdminSchool => ({
  ...toSchoolDetails(row, storage),
  principals_list: row.principalsList.map(toSchoolPrincipal),
  created_at: row.school.createdAt.toISOString(),
});

/** A member, or someone invited: the role they were invited as, and no membership yet. */
export const toSchoolStudent = (row: MemberRow, storage: MediaStorage): SchoolStudent => {
  const invited = row.invited ?? false;
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    avatar_url: row.avatar ? storage.url(row.avatar) : null,
    is_auto_created: row.isAutoCreated,
    is_student: invited ? !row.invitedAsTeacher : row.isStudent,
    is_teacher: invited ? (row.invitedAsTeacher ?? false) : row.isTeacher,
    is_organization_host: invited ? false : row.isOrganizationHost,
    is_organization_member: invited ? false : row.isOrganizationMember,
    auto_school_add: invited ? false : row.autoSchoolAdd,
    is_invited: invited,
    school_class:
      !invited && row.isStudent && row.classId != null
        ? { id: row.classId, name: row.className ?? '', school_year: row.classYear ?? '' }
        : null,
  };
};

export const toSchoolInvitation = (row: PendingInvitation, storage: MediaStorage): SchoolInvitation => ({
  id: row.invitation.id,
  school: toSchoolListItem(row.school, storage),
  invited_by: row.inviter ? { first_name: row.inviter.firstName, last_name: row.inviter.lastName } : null,
  is_teacher: row.invitation.isTeacher,
  created_at: row.invitation.createdAt.toISOString(),
});
