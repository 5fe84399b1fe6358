import { z } from 'zod';
import { idParams, idValue } from './common';
import { gradeSchema } from './exams';
import { defineRoute, fileBody, filePart, noContent } from './route';

/** Characters of a class's name ("7А", "10Б", "12 English"). */
export const SCHOOL_CLASS_NAME_MAX_LENGTH = 50;
/** Bytes of each file of a OneRoster import. */
export const ONEROSTER_MAX_BYTES = 2 * 1024 * 1024;

/** A school year as `2026/2027`: two years one after the other. */
export const schoolYearField = z
  .string()
  .trim()
  .regex(/^\d{4}\/\d{4}$/, { error: 'errors:school_year_invalid' })
  .refine((value) => Number(value.slice(5)) === Number(value.slice(0, 4)) + 1, {
    error: 'errors:school_year_invalid',
  });
export const schoolClassName = z.string().trim().min(1).max(SCHOOL_CLASS_NAME_MAX_LENGTH);

export const classTeacherRoles = ['class_teacher', 'subject_teacher'] as const;
export type ClassTeacherRole = (typeof classTeacherRoles)[number];

/** A class as lists show it, with its members counted. */
export const schoolClassSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  school_year: z.string(),
  students: z.number().int(),
  teachers: z.number().int(),
  /** The class teacher's name; null when nobody is. */
  class_teacher: z.string().nullable(),
});
export type SchoolClass = z.infer<typeof schoolClassSchema>;

/** A class the teacher teaches, with their role in it. */
export const myClassSchema = schoolClassSchema.extend({ role: z.enum(classTeacherRoles) });
export type MyClass = z.infer<typeof myClassSchema>;

const classPerson = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});
/** A class with its members: its students and its teachers by name. */
export const schoolClassDetailsSchema = schoolClassSchema.extend({
  student_list: z.array(classPerson),
  teacher_list: z.array(classPerson.extend({ role: z.enum(classTeacherRoles) })),
});
export type SchoolClassDetails = z.infer<typeof schoolClassDetailsSchema>;

export const createSchoolClassBody = z.object({
  name: schoolClassName,
  /** Default: the current school year. */
  school_year: schoolYearField.optional(),
});
export const updateSchoolClassBody = z.object({
  name: schoolClassName.optional(),
  school_year: schoolYearField.optional(),
});

/**
 * A cell of the gradebook: `graded` with its grade; `absent`, the window ended and the student never
 * started; `pending`, not graded yet (the window has not ended, or the attempt is still running);
 * `not_given`, the test was not given to this student.
 */
export const gradebookCellStates = ['graded', 'absent', 'pending', 'not_given'] as const;
export const gradebookCellSchema = z.object({
  state: z.enum(gradebookCellStates),
  grade: gradeSchema.nullable(),
});
export type GradebookCell = z.infer<typeof gradebookCellSchema>;

/**
 * A class's gradebook (docs/api.md "Gradebook"): its students by name, one column per test given to them
 * in the class's school year (by the earliest window's start), a cell per student and column in the
 * columns' order, and each student's average of their grades (two decimals; null without grades).
 */
export const gradebookSchema = z.object({
  class: z.object({ id: z.number().int(), name: z.string(), school_year: z.string() }),
  school: z.string(),
  /** A column is an exam given to the class or a group as one assignment (`assignment`), else a test. */
  columns: z.array(
    z.object({
      test_id: z.number().int(),
      assignment: z.number().int().nullable(),
      name: z.string(),
      date: z.string(),
    }),
  ),
  students: z.array(
    z.object({
      id: z.number().int(),
      first_name: z.string(),
      last_name: z.string(),
      cells: z.array(gradebookCellSchema),
      average: z.number().nullable(),
    }),
  ),
  generated_at: z.string(),
});
export type Gradebook = z.infer<typeof gradebookSchema>;

/** What a OneRoster import added. */
export const oneRosterImportSchema = z.object({
  classes: z.number().int(),
  students: z.number().int(),
  teachers: z.number().int(),
  /** Accounts that had an account of their own: invited, in no class until they accept. */
  invited: z.number().int(),
});
export type OneRosterImport = z.infer<typeof oneRosterImportSchema>;

const tag = 'school';
const principals =
  "Principals of the class's school only (403 `Your account is restricted` for anyone else); another school's class answers 404.";

export const schoolClassRoutes = {
  schoolClasses: defineRoute({
    method: 'GET',
    path: '/api/school/classes/',
    access: 'user',
    tag,
    summary: "The school's classes, newest school year first, then by name, with their members counted",
    description: principals,
    response: z.array(schoolClassSchema),
    errors: [403],
  }),
  createSchoolClass: defineRoute({
    method: 'POST',
    path: '/api/school/classes/',
    access: 'user',
    tag,
    summary: 'Create a class (name, school year; default the current one)',
    description: `A name the school already has in that year is refused (400). ${principals}`,
    body: createSchoolClassBody,
    status: 201,
    response: schoolClassSchema,
    errors: [403],
  }),
  schoolClass: defineRoute({
    method: 'GET',
    path: '/api/school/classes/{id}/',
    access: 'user',
    tag,
    summary: 'A class with its students and teachers (name, e-mail)',
    description:
      'For the principals of its school and the teachers of the class; to anyone else (a teacher who does not teach it included) it does not exist (404).',
    params: idParams,
    response: schoolClassDetailsSchema,
    errors: [404],
  }),
  updateSchoolClass: defineRoute({
    method: 'PATCH',
    path: '/api/school/classes/{id}/',
    access: 'user',
    tag,
    summary: 'Rename a class, or change its school year',
    description: principals,
    params: idParams,
    body: updateSchoolClassBody,
    response: schoolClassSchema,
    errors: [403, 404],
  }),
  deleteSchoolClass: defineRoute({
    method: 'DELETE',
    path: '/api/school/classes/{id}/',
    access: 'user',
    tag,
    summary: 'Delete a class: its students stay in the school, without a class',
    description: principals,
    params: idParams,
    status: 204,
    response: noContent,
    errors: [403, 404],
  }),
  assignClassTeacher: defineRoute({
    method: 'PUT',
    path: '/api/school/classes/{id}/teachers/{teacherId}/',
    access: 'user',
    tag,
    summary: 'Make a teacher of the school the class teacher or a subject teacher of the class',
    description:
      'A class has one class teacher: naming another while it has one is refused (400); a teacher ' +
      `already in the class changes role. A member who is not a teacher is refused (400). ${principals}`,
    params: z.object({ id: idValue, teacherId: idValue }),
    body: z.object({ role: z.enum(classTeacherRoles) }),
    response: schoolClassDetailsSchema,
    errors: [403, 404],
  }),
  removeClassTeacher: defineRoute({
    method: 'DELETE',
    path: '/api/school/classes/{id}/teachers/{teacherId}/',
    access: 'user',
    tag,
    summary: 'The teacher stops teaching the class',
    description: principals,
    params: z.object({ id: idValue, teacherId: idValue }),
    status: 204,
    response: noContent,
    errors: [403, 404],
  }),
  moveStudentToClass: defineRoute({
    method: 'PUT',
    path: '/api/school/school-students/{id}/class/',
    access: 'user',
    tag,
    summary: 'Put a student in a class of the school, or in none (`class_id: null`); a student has one class',
    description: `Only students have a class (400 for a teacher or principal). ${principals}`,
    params: idParams,
    body: z.object({ class_id: idValue.nullable() }),
    status: 204,
    response: noContent,
    errors: [403, 404],
  }),
  gradebook: defineRoute({
    method: 'GET',
    path: '/api/school/classes/{id}/gradebook/',
    access: 'user',
    tag,
    summary: "The class's gradebook: its students by the exams given to them, with grades and averages",
    description:
      'For the principals of its school and the teachers of the class; to anyone else it does not exist (404).',
    params: idParams,
    response: gradebookSchema,
    errors: [404],
  }),
  exportGradebook: defineRoute({
    method: 'GET',
    path: '/api/school/classes/{id}/gradebook/export/',
    access: 'user',
    tag,
    summary: "The class's gradebook as a CSV file: one row per student, one column per exam",
    description:
      'A header row (№, name, one column per exam, average; in the language of the request), then one ' +
      'line per student: the grade, `absent`/`отсъства` for a missed exam, empty otherwise; the average ' +
      'with the decimal separator of the language. UTF-8 with a BOM; a cell that would start a formula is ' +
      'written as text. For the principals of its school and the teachers of the class (404 for anyone else).',
    params: idParams,
    response: fileBody,
    download: ['text/csv'],
    errors: [404],
  }),
  myClasses: defineRoute({
    method: 'GET',
    path: '/api/school/my-classes/',
    access: 'user',
    tag,
    summary: 'The classes I teach in my school, newest school year first, with my role in each',
    description: 'Someone who is not a teacher of a school gets an empty list.',
    response: z.array(myClassSchema),
  }),
  importOneRoster: defineRoute({
    method: 'POST',
    path: '/api/school/oneroster/',
    access: 'user',
    tag,
    summary: 'Add classes, students and teachers from OneRoster 1.1 CSV files (principals only)',
    description:
      'Multipart with four files, `orgs`, `classes`, `users` and `enrollments` (the OneRoster 1.1 CSV ' +
      'files of those names, each with its header line, UTF-8, at most 2 MB). Classes are created in the ' +
      'current school year; users with the role `student` or `teacher` are added as with the CSV of ' +
      'students (new e-mails get accounts; accounts of their own are invited); enrollments put students ' +
      'in their class (one each) and make teachers its class teacher (`primary` true) or subject ' +
      'teachers. Rows with the status `tobedeleted` and other roles are skipped. The first bad row ' +
      'refuses everything, naming the file, its line and what is wrong (400 `{"file": [...]}`); nothing ' +
      `is stored. ${principals}`,
    encoding: ['multipart'],
    body: z.preprocess(
      (value) => (value && typeof value === 'object' ? value : {}),
      z.object({
        orgs: filePart.optional(),
        classes: filePart.optional(),
        users: filePart.optional(),
        enrollments: filePart.optional(),
      }),
    ),
    status: 201,
    response: oneRosterImportSchema,
    errors: [403, 413, 429],
  }),
};
