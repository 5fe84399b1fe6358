import { type APIRequestContext, expect } from '@playwright/test';
import type { TestAccount } from './support';

/** Friends, groups and private sending as the account, for what a test sets up without the screens. */
export function socialApi(request: APIRequestContext, account: TestAccount) {
  const headers = { Authorization: `JWT ${account.access}` };
  return {
    async me() {
      const response = await request.get('/api/user/users/me/', { headers });
      expect(response.status()).toBe(200);
      return (await response.json()) as { id: number };
    },
    async place(place: { region?: string; municipality?: string; town?: string; school?: string }) {
      const response = await request.patch('/api/user/users/me/', { data: place, headers });
      expect(response.status()).toBe(200);
    },
    async ask(toUser: number) {
      const response = await request.post('/api/friends/friendship-requests/', {
        data: { to_user: toUser },
        headers,
      });
      expect(response.status()).toBe(201);
      return (await response.json()) as { request: { id: number } | null };
    },
    async accept(requestId: number) {
      const response = await request.put(`/api/friends/friendship-requests/${requestId}/accept/`, {
        headers,
      });
      expect(response.status()).toBe(200);
    },
    async block(userId: number) {
      const response = await request.post('/api/friends/blocks/', { data: { blocked: userId }, headers });
      expect(response.status()).toBe(201);
    },
    async group(name: string, members: number[]) {
      const created = await request.post('/api/user-groups/list/paginated/', { data: { name }, headers });
      expect(created.status()).toBe(201);
      const group = (await created.json()) as { id: number };
      if (members.length > 0) {
        const added = await request.put(`/api/user-groups/details-add/${group.id}/`, {
          data: { user_ids: members },
          headers,
        });
        expect(added.status()).toBe(200);
      }
      return group;
    },
    async send(categoryId: number, receivers: number[]) {
      const response = await request.put(`/api/card/private/${categoryId}/`, {
        data: { receivers_ids: receivers },
        headers,
      });
      expect(response.status()).toBe(200);
    },
  };
}

/** Makes two people friends: one asks, the other accepts. */
export async function befriend(request: APIRequestContext, one: TestAccount, other: TestAccount) {
  const otherId = (await socialApi(request, other).me()).id;
  const asked = await socialApi(request, one).ask(otherId);
  if (asked.request) await socialApi(request, other).accept(asked.request.id);
}
