import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { BENCH_PASSWORD, benchEmail, type Deck } from './data-set';
import type { Practice } from './load';

/** The same order on every run, and no two neighbours from one user: the load spreads as many users' would. */
const shuffled = <T>(items: T[], seed = 42) => {
  const result = [...items];
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  for (let i = result.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
};

/** Access tokens as the server signs them (plugins/auth.ts), for a server started with this secret. */
export const mintedPractices = async (decks: Deck[], secret: string, minutes: number) => {
  const key = new TextEncoder().encode(secret);
  const expires = Math.floor(Date.now() / 1000) + minutes * 60;
  const tokens = new Map<number, string>();
  for (const { userId } of decks) {
    if (tokens.has(userId)) continue;
    const token = await new SignJWT({ token_type: 'access', user_id: userId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(expires)
      .sign(key);
    tokens.set(userId, `JWT ${token}`);
  }
  return shuffled(
    decks.map(
      ({ userId, categoryId }): Practice => ({ authorization: tokens.get(userId)!, userId, categoryId }),
    ),
  );
};

const call = async <T>(url: string, init: RequestInit = {}): Promise<T> => {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}`);
  return (await response.json()) as T;
};

/**
 * For a server started elsewhere: signs in as the first `users` seeded users through the API, as the web
 * app does, and lists their categories.
 */
export const signedInPractices = async (baseUrl: string, users: number, parallel = 4) => {
  const practices: Practice[] = [];
  let next = 1;
  const worker = async () => {
    while (next <= users) {
      const n = next++;
      const { access } = await call<{ access: string }>(`${baseUrl}/api/user/jwt/create/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: benchEmail(n), password: BENCH_PASSWORD }),
      });
      const authorization = `JWT ${access}`;
      const { user_id: userId } = JSON.parse(
        Buffer.from(access.split('.')[1]!, 'base64url').toString('utf8'),
      ) as { user_id: number };
      const categories = await call<{ id: number; type_of_cards: string }[]>(
        `${baseUrl}/api/card/category-all/`,
        { headers: { authorization } },
      );
      for (const category of categories)
        if (category.type_of_cards === 'text')
          practices.push({ authorization, userId, categoryId: category.id });
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return shuffled(practices);
};
