import { z } from 'zod';
import { emailField } from './auth';
import { idParams } from './common';
import { defineRoute, noContent } from './route';

/** waiting: set by the student, not yet confirmed by the guardian; confirmed: gets the weekly summary. */
export const guardianStates = ['waiting', 'confirmed', 'unsubscribed'] as const;
export type GuardianState = (typeof guardianStates)[number];

/** A student's guardian as the student and the principal see it. */
export const guardianSchema = z.object({
  email: z.string(),
  language: z.enum(['en', 'bg']),
  state: z.enum(guardianStates),
  set_by: z.enum(['principal', 'student']),
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
});
export type Guardian = z.infer<typeof guardianSchema>;

/** A guardian of one of the school's students (the members page). */
export const schoolGuardianSchema = guardianSchema.extend({ student: z.number().int() });
export type SchoolGuardian = z.infer<typeof schoolGuardianSchema>;

export const setGuardianBody = z.object({
  email: emailField,
  /** The language of the guardian's mails; default the student's. */
  language: z.enum(['en', 'bg']).optional(),
});

/** What a guardian's link answers: whose guardian they are and the state now. */
export const guardianLinkSchema = z.object({
  student_first_name: z.string(),
  student_last_name: z.string(),
  state: z.enum(guardianStates),
});
export type GuardianLink = z.infer<typeof guardianLinkSchema>;

/** The token of a guardian's link: 43 base64url characters. */
export const guardianTokenParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'errors:guardian_link_invalid' }),
});

/** The one-click unsubscription a mail client posts (RFC 8058), or nothing (a post without a body). */
const oneClickBody = z.object({ 'List-Unsubscribe': z.literal('One-Click').optional() });

const tag = 'guardians';
const principals =
  'Principals only (403 `Your account is restricted` for anyone else); a student of another school, or a member who is not a student, answers 404.';
const students = 'Students only (403 `guardian_students_only` for anyone else).';

export const guardianRoutes = {
  schoolGuardians: defineRoute({
    method: 'GET',
    path: '/api/school/guardians/',
    access: 'user',
    tag,
    summary: "The guardians of the school's students, by student id",
    description: principals,
    response: z.array(schoolGuardianSchema),
    errors: [403],
  }),
  setStudentGuardian: defineRoute({
    method: 'PUT',
    path: '/api/school/school-students/{id}/guardian/',
    access: 'user',
    tag,
    summary:
      "Set a student's guardian e-mail: confirmed at once, and the guardian is mailed what they will receive",
    description: `Replaces the student's guardian, if any (a new one starts over). ${principals}`,
    params: idParams,
    body: setGuardianBody,
    response: guardianSchema,
    errors: [403, 429],
  }),
  removeStudentGuardian: defineRoute({
    method: 'DELETE',
    path: '/api/school/school-students/{id}/guardian/',
    access: 'user',
    tag,
    summary: "Remove a student's guardian e-mail",
    description: `404 when the student has none. ${principals}`,
    params: idParams,
    status: 204,
    response: noContent,
    errors: [403],
  }),
  myGuardian: defineRoute({
    method: 'GET',
    path: '/api/user/guardian/',
    access: 'user',
    tag,
    summary: "The signed-in student's guardian, or null",
    description: students,
    response: guardianSchema.nullable(),
    errors: [403],
  }),
  setMyGuardian: defineRoute({
    method: 'PUT',
    path: '/api/user/guardian/',
    access: 'user',
    tag,
    summary: 'Set my guardian e-mail: the guardian is mailed a link to confirm',
    description: `Summaries go only once the guardian confirms. A guardian the school set is the school's to change (403 \`guardian_set_by_school\`). At most 3 an hour (429). ${students}`,
    body: setGuardianBody,
    response: guardianSchema,
    errors: [403, 429],
  }),
  removeMyGuardian: defineRoute({
    method: 'DELETE',
    path: '/api/user/guardian/',
    access: 'user',
    tag,
    summary: 'Remove my guardian e-mail',
    description: `404 when there is none; a guardian the school set is the school's (403 \`guardian_set_by_school\`). ${students}`,
    status: 204,
    response: noContent,
    errors: [403, 404],
  }),
  confirmGuardian: defineRoute({
    method: 'POST',
    path: '/api/guardians/{token}/confirm/',
    access: 'public',
    tag,
    summary: "A guardian confirms they want the student's weekly summary (the mailed link; no account)",
    description:
      'An unknown or replaced link answers 404 `guardian_link_invalid`; a link already used or unsubscribed 409.',
    params: guardianTokenParams,
    response: guardianLinkSchema,
    errors: [409],
  }),
  unsubscribeGuardian: defineRoute({
    method: 'POST',
    path: '/api/guardians/{token}/unsubscribe/',
    access: 'public',
    tag,
    summary: 'A guardian stops the weekly summary (the link of every mail; one click, RFC 8058)',
    description:
      'Mail clients post `List-Unsubscribe=One-Click` as a form; a repeat answers the same. An unknown or replaced link answers 404 `guardian_link_invalid`.',
    params: guardianTokenParams,
    body: oneClickBody.nullish(),
    encoding: ['json', 'form'],
    response: guardianLinkSchema,
  }),
};
