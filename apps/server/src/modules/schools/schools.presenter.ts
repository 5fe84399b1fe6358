import type {
  AdminSchool,
  SchoolDetails,
  SchoolListItem,
  SchoolPrincipal,
  SchoolStudent,
} from '@flashcards/contract';
import type { MediaStorage } from '../../lib/storage';
import type { CountedSchool, MemberRow, PrincipalRow, SchoolRow } from './schools.repository';

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

export const toSchoolStudent = (row: MemberRow, storage: MediaStorage): SchoolStudent => ({
  id: row.id,
  first_name: row.firstName,
  last_name: row.lastName,
  email: row.email,
  avatar_url: row.avatar ? storage.url(row.avatar) : null,
  is_auto_created: row.isAutoCreated,
  is_student: row.isStudent,
  is_teacher: row.isTeacher,
  is_organization_host: row.isOrganizationHost,
  is_organization_member: row.isOrganizationMember,
  auto_school_add: row.autoSchoolAdd,
});
