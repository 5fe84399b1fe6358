import { z } from 'zod';
import { emailField, formBoolean, personName } from './auth';
import { idParams, idValue, pageQuery, pageValue, paginated } from './common';
import { defineRoute, filePart, noContent } from './route';

/** Students of one CSV file (spec: at most 1000 lines). */
export const SCHOOL_CSV_MAX_LINES = 1000;
/** Bytes of one CSV file of students: 1000 lines of long names fit many times over. */
export const SCHOOL_CSV_MAX_BYTES = 1024 * 1024;
/** Bytes of a school's logo before it is re-encoded. */
export const SCHOOL_LOGO_MAX_BYTES = 5 * 1024 * 1024;
/** Characters of a school's name and town, and of its description. */
export const SCHOOL_NAME_MAX_LENGTH = 200;
export const SCHOOL_DESCRIPTION_MAX_LENGTH = 2000;
/** Seats (`available_students`) a school may have. */
export const SCHOOL_MAX_SEATS = 100_000;

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const searchText = z.preprocess(emptyToUndefined, z.string().trim().max(100).optional());

/** The public face of a school (spec: School list item). `logo_url` is root-relative under `/media`. */
export const schoolListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  town: z.string(),
  website: z.string(),
  logo_url: z.string().nullable(),
  is_paid: z.boolean(),
  description: z.string(),
});
export type SchoolListItem = z.infer<typeof schoolListItemSchema>;

/**
 * The member's view of their school (spec: School details, with the list item's fields). `students` and
 * `teachers` count the members of each role; students take seats, so `free_seats` is
 * `available_students - students` (never below zero).
 */
export const schoolDetailsSchema = schoolListItemSchema.extend({
  students: z.number().int(),
  teachers: z.number().int(),
  principals: z.number().int(),
  available_students: z.number().int(),
  free_seats: z.number().int(),
  /** Whether the school is on the public list of schools (its principals choose; listed by default). */
  is_listed: z.boolean(),
});
export type SchoolDetails = z.infer<typeof schoolDetailsSchema>;

/**
 * A member of the school as its principal sees them (spec: School student). `auto_school_add` is true for
 * accounts the school created (removing them deletes the account); accounts that joined with an existing
 * e-mail have it false (removing them only takes them out of the school). `is_auto_created` stays true
 * until the person sets their own password. `is_invited`: an account of its own the school invited, not a
 * member until the person accepts (its `is_student` / `is_teacher` say what it was invited as); nobody of
 * the school reaches it until then.
 */
export const schoolStudentSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  avatar_url: z.string().nullable(),
  is_auto_created: z.boolean(),
  is_student: z.boolean(),
  is_teacher: z.boolean(),
  is_organization_host: z.boolean(),
  is_organization_member: z.boolean(),
  auto_school_add: z.boolean(),
  is_invited: z.boolean(),
  /** A student's class; null for anyone else and a student in none. */
  school_class: z.object({ id: z.number().int(), name: z.string(), school_year: z.string() }).nullable(),
});
export type SchoolStudent = z.infer<typeof schoolStudentSchema>;

/**
 * One line of the initial-passwords sheet. The password is shown in this response only: it is stored as
 * an argon2id hash like every other and cannot be shown again.
 */
export const initialPasswordSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  password: z.string(),
});
export type InitialPassword = z.infer<typeof initialPasswordSchema>;

/**
 * A student (or teacher) registered by the principal: `initial_password` is null when the e-mail had an
 * account of its own, which was invited instead (`is_invited` true).
 */
export const registeredStudentSchema = schoolStudentSchema.extend({
  initial_password: z.string().nullable(),
});
export type RegisteredStudent = z.infer<typeof registeredStudentSchema>;

/**
 * A line of a CSV file of students and what importing it does: `create` a new account, `invite` an
 * account of its own (it joins when its person accepts), or nothing for someone already a `member` of it
 * or already `invited`.
 */
export const schoolImportRowSchema = z.object({
  line: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** The line's class (the optional fourth column): created in the current school year if new; '' for none. */
  class_name: z.string(),
  action: z.enum(['create', 'invite', 'invited', 'member']),
});
export type SchoolImportRow = z.infer<typeof schoolImportRowSchema>;

/** The outcome of a CSV file: with `preview`, what importing it would do, and nothing is stored. */
export const schoolImportSchema = z.object({
  preview: z.boolean(),
  rows: z.array(schoolImportRowSchema),
  created: z.number().int(),
  /** Accounts of their own newly invited. */
  invited: z.number().int(),
  /** Free seats after the import (before it, in a preview). */
  free_seats: z.number().int(),
  initial_passwords: z.array(initialPasswordSchema),
});
export type SchoolImport = z.infer<typeof schoolImportSchema>;

/** An invitation to join a school, as the invited person sees it. */
export const schoolInvitationSchema = z.object({
  id: z.number().int(),
  school: schoolListItemSchema,
  /** The principal who invited; null when that account is gone. */
  invited_by: z.object({ first_name: z.string(), last_name: z.string() }).nullable(),
  /** Invited as a teacher; otherwise as a student. */
  is_teacher: z.boolean(),
  created_at: z.string(),
});
export type SchoolInvitation = z.infer<typeof schoolInvitationSchema>;

/** A principal of a school as staff see them. */
export const schoolPrincipalSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** Still waiting for the person to set a password from the mailed link. */
  invited: z.boolean(),
});
export type SchoolPrincipal = z.infer<typeof schoolPrincipalSchema>;

/** A school as staff manage it. */
export const adminSchoolSchema = schoolDetailsSchema.extend({
  principals_list: z.array(schoolPrincipalSchema),
  created_at: z.string(),
});
export type AdminSchool = z.infer<typeof adminSchoolSchema>;

const website = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim() : value),
  z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'errors:invalid_url' }).max(500)]),
);
const schoolFields = {
  name: z.string().trim().min(1).max(SCHOOL_NAME_MAX_LENGTH),
  town: z.string().trim().max(SCHOOL_NAME_MAX_LENGTH),
  website,
  description: z.string().trim().max(SCHOOL_DESCRIPTION_MAX_LENGTH),
  is_paid: formBoolean,
  is_listed: formBoolean,
  available_students: z.coerce.number().int().min(0).max(SCHOOL_MAX_SEATS),
};
/** A new school (multipart: the logo is a file). */
export const createSchoolBody = z.object({
  name: schoolFields.name,
  town: schoolFields.town.default(''),
  website: schoolFields.website.default(''),
  description: schoolFields.description.default(''),
  is_paid: schoolFields.is_paid.default(false),
  /** Default: listed, as every school was before schools could choose. */
  is_listed: schoolFields.is_listed.default(true),
  available_students: schoolFields.available_students,
  logo: filePart.optional(),
});
/** A change of a school: only the fields sent change; `remove_logo` takes the logo away. */
export const updateSchoolBody = z.object({
  name: schoolFields.name.optional(),
  town: schoolFields.town.optional(),
  website: schoolFields.website.optional(),
  description: schoolFields.description.optional(),
  is_paid: schoolFields.is_paid.optional(),
  is_listed: schoolFields.is_listed.optional(),
  available_students: schoolFields.available_students.optional(),
  logo: filePart.optional(),
  remove_logo: formBoolean.optional(),
});

export const addPrincipalBody = z.object({
  email: emailField,
  /** Used only when the e-mail has no account yet. */
  first_name: personName.optional(),
  last_name: personName.optional(),
});

export const registerStudentBody = z.object({
  first_name: personName.min(1),
  last_name: personName.min(1),
  email: emailField,
  is_teacher: formBoolean.optional(),
});

/**
 * The members list: `search` matches a part of the name or of the e-mail; `schoolId`, when given, must be
 * the principal's own school (another school's id answers 404).
 */
export const schoolStudentsQuery = z.object({
  page: pageValue,
  search: searchText,
  schoolId: idValue.optional(),
  /** Only students or only teachers; default everyone. */
  role: z.enum(['student', 'teacher', 'principal']).optional(),
});

const schoolTag = 'school';
const staffTag = 'staff';
const restricted =
  'Members who are not principals of the school get 403 `Your account is restricted` (the spec message).';

export const schoolRoutes = {
  schoolsList: defineRoute({
    method: 'GET',
    path: '/api/school/schools-list/',
    access: 'public',
    tag: schoolTag,
    summary: 'The schools that chose to be listed, by name (paginated, no sign-in)',
    query: pageQuery,
    response: paginated(schoolListItemSchema),
  }),
  updateSchoolDetails: defineRoute({
    method: 'PATCH',
    path: '/api/school/school-details/',
    access: 'user',
    tag: schoolTag,
    summary:
      "Change my school's settings: whether it appears on the public list of schools (principals only)",
    description: restricted,
    body: z.object({ is_listed: formBoolean }),
    response: schoolDetailsSchema,
    errors: [403],
  }),
  schoolDetails: defineRoute({
    method: 'GET',
    path: '/api/school/school-details/',
    access: 'user',
    tag: schoolTag,
    summary: "The signed-in member's school, with its counts and seats",
    description: 'Someone who is not a member of a school gets 403 `Your account is restricted`.',
    response: schoolDetailsSchema,
    errors: [403],
  }),
  schoolStudents: defineRoute({
    method: 'GET',
    path: '/api/school/school-students/',
    access: 'user',
    tag: schoolTag,
    summary: "The school's members: students, teachers and principals, by name (paginated; principals only)",
    description: restricted,
    query: schoolStudentsQuery,
    response: paginated(schoolStudentSchema),
    errors: [403, 404],
  }),
  registerStudent: defineRoute({
    method: 'POST',
    path: '/api/school/register-student/',
    access: 'user',
    tag: schoolTag,
    summary: 'Add one student, or a teacher with `is_teacher: true` (principals only)',
    description:
      'A new e-mail gets an account the school created: it is mailed a link to set a password, and the ' +
      'response carries its initial password once. An e-mail that already has an account of its own gets ' +
      'an invitation instead (`is_invited` true, `initial_password` null): the person is mailed, in their ' +
      'language, and joins only by accepting it; inviting again changes nothing. Staff accounts, ' +
      'principals and members of another school, and someone who declined this school, cannot be ' +
      'invited (400 `{"email": [...]}`). A student takes a free seat. ' +
      restricted,
    body: registerStudentBody,
    status: 201,
    response: registeredStudentSchema,
    errors: [403, 429],
  }),
  updateSchoolStudent: defineRoute({
    method: 'PATCH',
    path: '/api/school/school-students/{id}/',
    access: 'user',
    tag: schoolTag,
    summary: 'Make a member a teacher, or a student again (principals only)',
    description: `A teacher made a student again needs a free seat. ${restricted}`,
    params: idParams,
    body: z.object({ is_teacher: formBoolean }),
    response: schoolStudentSchema,
    errors: [403, 404],
  }),
  removeSchoolStudent: defineRoute({
    method: 'DELETE',
    path: '/api/school/school-students/{id}/',
    access: 'user',
    tag: schoolTag,
    summary: 'Remove a student or teacher, or withdraw an invitation (principals only)',
    description:
      'An account the school created is deleted with its cards and media; an account that joined with ' +
      'its own e-mail only leaves the school; for someone invited (`is_invited`) the invitation is ' +
      'withdrawn. Principals are not removed here (403). ' +
      restricted,
    params: idParams,
    status: 204,
    response: noContent,
    errors: [403, 404],
  }),
  leaveSchool: defineRoute({
    method: 'DELETE',
    path: '/api/school/membership/',
    access: 'user',
    tag: schoolTag,
    summary: 'Leave my school, with the account I joined it with',
    description:
      'For an account that joined a school with its own e-mail: it stays, with its cards, and leaves the ' +
      'school. An account the school created, and a principal, cannot leave this way (403); someone who is ' +
      'not a member gets 403 `Your account is restricted`.',
    status: 204,
    response: noContent,
    errors: [403],
  }),
  bulkCreateUsers: defineRoute({
    method: 'POST',
    path: '/api/school/bulk-create-users/',
    access: 'user',
    tag: schoolTag,
    summary: 'Add students from a CSV file (principals only); `?preview=true` only checks it',
    description:
      'UTF-8 text (a BOM is allowed), one student per line as `Email,First Name,Last Name`, with an optional ' +
      'fourth column `Class` (the class of the current school year, created when the school does not have ' +
      'it; a member already in the school moves to it; someone invited gets no class), separated by ' +
      'commas or semicolons; an optional header line; at most 1000 students and at most the free seats. ' +
      'One bad line refuses the whole file, naming the line (400 `{"file": [...]}`): staff accounts, ' +
      'principals and members of another school, and someone who declined this school are bad lines. ' +
      'E-mails that already have an account of their own get an invitation (mailed; joined when accepted; ' +
      'an invited student counts against the free seats). New accounts are mailed a link to set a ' +
      'password and their initial passwords are in the response, once. ' +
      restricted,
    encoding: ['multipart'],
    query: z.object({ preview: formBoolean.optional() }),
    body: z.preprocess(
      (value) => (value && typeof value === 'object' ? value : {}),
      z.object({ file: filePart.optional() }),
    ),
    status: 201,
    response: schoolImportSchema,
    errors: [403, 429],
  }),
  myInvitations: defineRoute({
    method: 'GET',
    path: '/api/school/invitations/',
    access: 'user',
    tag: schoolTag,
    summary: 'The invitations to join a school that I have not answered yet, newest first',
    response: z.array(schoolInvitationSchema),
  }),
  acceptInvitation: defineRoute({
    method: 'PUT',
    path: '/api/school/invitations/{id}/accept/',
    access: 'user',
    tag: schoolTag,
    summary: 'Accept an invitation: my account joins the school, as a student or a teacher',
    description:
      'Someone who is already a member of a school (this one included, through another way) gets 400: ' +
      'a person belongs to one school, and leaves one before joining another. A student needs a free ' +
      "seat (400 otherwise; the invitation stays). Another person's or an answered invitation answers 404.",
    params: idParams,
    response: schoolDetailsSchema,
    errors: [404],
  }),
  declineInvitation: defineRoute({
    method: 'PUT',
    path: '/api/school/invitations/{id}/decline/',
    access: 'user',
    tag: schoolTag,
    summary: 'Decline an invitation: the school cannot invite me again',
    description: "Another person's or an answered invitation answers 404.",
    params: idParams,
    status: 204,
    response: noContent,
    errors: [404],
  }),
};

export const adminSchoolRoutes = {
  adminSchools: defineRoute({
    method: 'GET',
    path: '/api/admin/schools/',
    access: 'staff',
    tag: staffTag,
    summary: 'Schools, by name, with their principals (paginated; search by name or town)',
    query: z.object({ page: pageValue, search: searchText }),
    response: paginated(adminSchoolSchema),
  }),
  createSchool: defineRoute({
    method: 'POST',
    path: '/api/admin/schools/',
    access: 'staff',
    tag: staffTag,
    summary: 'Create a school (multipart: `logo` is an image file)',
    encoding: ['multipart', 'json'],
    body: createSchoolBody,
    status: 201,
    response: adminSchoolSchema,
  }),
  adminSchool: defineRoute({
    method: 'GET',
    path: '/api/admin/schools/{id}/',
    access: 'staff',
    tag: staffTag,
    summary: 'One school with its principals',
    params: idParams,
    response: adminSchoolSchema,
    errors: [404],
  }),
  updateSchool: defineRoute({
    method: 'PATCH',
    path: '/api/admin/schools/{id}/',
    access: 'staff',
    tag: staffTag,
    summary: 'Change a school; only the fields sent change (multipart or JSON)',
    description: 'Seats cannot go below the students the school has (400).',
    params: idParams,
    encoding: ['multipart', 'json'],
    body: updateSchoolBody,
    response: adminSchoolSchema,
    errors: [404],
  }),
  deleteSchool: defineRoute({
    method: 'DELETE',
    path: '/api/admin/schools/{id}/',
    access: 'staff',
    tag: staffTag,
    summary: 'Delete a school that has no students or teachers; its principals leave it',
    params: idParams,
    status: 204,
    response: noContent,
    errors: [404, 409],
  }),
  addPrincipal: defineRoute({
    method: 'POST',
    path: '/api/admin/schools/{id}/principals/',
    access: 'staff',
    tag: staffTag,
    summary: 'Name a principal by e-mail: an existing account, or a new one mailed a link to set a password',
    description:
      'An account that is a member of another school is refused (400). A member of this school becomes ' +
      'its principal. A school may have several principals.',
    params: idParams,
    body: addPrincipalBody,
    status: 201,
    response: schoolPrincipalSchema,
    errors: [404],
  }),
  removePrincipal: defineRoute({
    method: 'DELETE',
    path: '/api/admin/schools/{id}/principals/{userId}/',
    access: 'staff',
    tag: staffTag,
    summary: 'Take the principal role away: the account stays and leaves the school',
    params: z.object({ id: idValue, userId: idValue }),
    status: 204,
    response: noContent,
    errors: [404],
  }),
};
