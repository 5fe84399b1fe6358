import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import { cardsApi } from './cards-support';
import { acceptInvitations, schoolApi } from './school-support';
import { staffUser } from './seed';
import { createActiveUser, type TestAccount } from './support';

type Name = readonly [string, string];
export type Member = TestAccount & { id: number; first_name: string; last_name: string };

/**
 * A school with a principal (returned too), a teacher and students (accounts of their own that the principal invited and
 * that accepted, so none is restricted), made through the API as staff, the principal and they would.
 */
export async function schoolWithTeacher(
  request: APIRequestContext,
  { teacher, students }: { teacher: Name; students: Name[] },
): Promise<{ teacher: Member; students: Member[]; principal: TestAccount }> {
  const staff = await staffUser(request);
  const principal = await createActiveUser(request, { first_name: 'Nadia', last_name: 'Georgieva' });
  const school = await schoolApi(request, staff).createSchool({
    name: `Paisii School ${randomUUID().slice(0, 8)}`,
    available_students: 30,
  });
  await schoolApi(request, staff).addPrincipal(school.id, principal.email);

  const join = async ([first_name, last_name]: Name, isTeacher: boolean): Promise<Member> => {
    const account = await createActiveUser(request, { first_name, last_name });
    const response = await request.post('/api/school/register-student/', {
      data: { first_name, last_name, email: account.email, ...(isTeacher ? { is_teacher: true } : {}) },
      headers: { Authorization: `JWT ${principal.access}` },
    });
    expect(response.status(), await response.text()).toBe(201);
    const { id } = (await response.json()) as { id: number };
    await acceptInvitations(request, account);
    return { ...account, id, first_name, last_name };
  };
  const joinedTeacher = await join(teacher, true);
  const joinedStudents: Member[] = [];
  for (const student of students) joinedStudents.push(await join(student, false));
  return { teacher: joinedTeacher, students: joinedStudents, principal };
}

/** The usual pair of the exam journeys: teacher Teodora Marinova and student Ana Stoyanova, named by `word`. */
export async function teacherAndAna(request: APIRequestContext, word: string) {
  const { teacher, students } = await schoolWithTeacher(request, {
    teacher: ['Teodora', `Marinova${word}`],
    students: [['Ana', `Stoyanova${word}`]],
  });
  return { teacher, ana: students[0] as Member };
}

/** A text category of the account with these cards. */
export async function textCategory(
  request: APIRequestContext,
  account: TestAccount,
  name: string,
  cards: (readonly [string, string])[],
) {
  const api = cardsApi(request, account);
  const category = await api.category(name);
  for (const [front, back] of cards) await api.textCard(category.id, front, back);
  return category;
}

/** Learning path calls as the account, for what a test sets up or checks without the screens. */
export function pathsApi(request: APIRequestContext, account: TestAccount) {
  const headers = { Authorization: `JWT ${account.access}` };
  return {
    async assign(paths: object[]) {
      const response = await request.post('/api/learning-paths/list-teachers/', { data: paths, headers });
      expect(response.status(), await response.text()).toBe(201);
      return (await response.json()) as { created: number[]; skipped: unknown[] };
    },
    async progress(id: number) {
      const response = await request.get(
        `/api/learning-paths/learning-path-progress/?learning_path_id=${id}`,
        {
          headers,
        },
      );
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()) as Record<string, unknown>;
    },
    /** A path's deck for its student (this makes the student's rows for the path's cards). */
    async deck(pathId: number) {
      const response = await request.get(
        `/api/learning-paths/card-text-students/?learning_path_id=${pathId}&type=verbal`,
        { headers },
      );
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()) as { id: number }[];
    },
    async answer(rowId: number, field: string) {
      const response = await request.put(`/api/learning-paths/card-text-students/${rowId}/`, {
        data: { [field]: 1 },
        headers,
      });
      expect(response.status(), await response.text()).toBe(200);
    },
    async teacherPaths() {
      const response = await request.get('/api/learning-paths/list-teachers/', { headers });
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()) as { results: { id: number; assigned_user: { id: number } }[] };
    },
  };
}

/** A calendar day `offset` days from today in the browser's zone, `YYYY-MM-DD`. */
export const dayFromToday = (offset = 0) => {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  return new Intl.DateTimeFormat('en-CA').format(date);
};
