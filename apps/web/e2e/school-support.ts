import { type APIRequestContext, expect } from '@playwright/test';
import type { TestAccount } from './support';

export type ImportedStudent = {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  password: string;
};

/**
 * Accepts, as the account, every invitation to join a school it has (a principal's registration of an
 * e-mail with an account of its own is an invitation until then).
 */
export async function acceptInvitations(request: APIRequestContext, account: TestAccount) {
  const headers = { Authorization: `JWT ${account.access}` };
  const list = await request.get('/api/school/invitations/', { headers });
  expect(list.status(), await list.text()).toBe(200);
  for (const { id } of (await list.json()) as { id: number }[]) {
    const accepted = await request.put(`/api/school/invitations/${id}/accept/`, { headers });
    expect(accepted.status(), await accepted.text()).toBe(200);
  }
}

/** Schools and their members as staff or a principal, for what a test sets up without the screens. */
export function schoolApi(request: APIRequestContext, account: TestAccount) {
  const headers = { Authorization: `JWT ${account.access}` };
  return {
    async createSchool(fields: {
      name: string;
      town?: string;
      website?: string;
      description?: string;
      is_paid?: boolean;
      available_students: number;
    }) {
      const response = await request.post('/api/admin/schools/', { data: fields, headers });
      expect(response.status(), await response.text()).toBe(201);
      return (await response.json()) as { id: number; name: string };
    },
    async addPrincipal(schoolId: number, email: string) {
      const response = await request.post(`/api/admin/schools/${schoolId}/principals/`, {
        data: { email },
        headers,
      });
      expect(response.status(), await response.text()).toBe(201);
    },
    async importStudents(csv: string) {
      const response = await request.post('/api/school/bulk-create-users/', {
        multipart: { file: { name: 'students.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
        headers,
      });
      expect(response.status(), await response.text()).toBe(201);
      return (await response.json()) as { initial_passwords: ImportedStudent[] };
    },
  };
}
