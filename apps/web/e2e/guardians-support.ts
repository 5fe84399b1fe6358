import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import { acceptInvitations, schoolApi } from './school-support';
import { staffUser } from './seed';
import { createActiveUser, type TestAccount } from './support';

type Name = { first_name: string; last_name: string };

/** A school with a principal and a student who joined with an account of her own, both signed in. */
export async function schoolWithStudent(
  request: APIRequestContext,
  names: { principal: Name; student: Name; school: string },
): Promise<{ principal: TestAccount; student: TestAccount & { id: number } }> {
  const staff = await staffUser(request);
  const principal = await createActiveUser(request, names.principal);
  const student = await createActiveUser(request, names.student);
  const school = await schoolApi(request, staff).createSchool({
    name: `${names.school} ${randomUUID().slice(0, 6)}`,
    available_students: 10,
  });
  await schoolApi(request, staff).addPrincipal(school.id, principal.email);
  const invited = await request.post('/api/school/register-student/', {
    data: { ...names.student, email: student.email },
    headers: { Authorization: `JWT ${principal.access}` },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  await acceptInvitations(request, student);
  const me = await request.get('/api/user/users/me/', {
    headers: { Authorization: `JWT ${student.access}` },
  });
  return { principal, student: { ...student, id: ((await me.json()) as { id: number }).id } };
}
