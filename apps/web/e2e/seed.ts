import { type APIRequestContext, expect } from '@playwright/test';
import { signIn, type TestAccount } from './support';

/**
 * Data the app cannot make through its own API yet, made by the test server's seeding API
 * (test-server/seed-api.ts) with the server's test factories. The accounts sign in through the real API.
 */
async function seed<T>(request: APIRequestContext, path: string, data: object): Promise<T> {
  const response = await request.post(`${process.env.E2E_SEED_URL}${path}`, { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

type Name = { first_name: string; last_name: string };
type Seeded = { id: number; email: string; password: string };

/** A free user: active, with the trial over, so the daily limit applies. Signed in. */
export async function freeUser(
  request: APIRequestContext,
  name: Name = { first_name: 'Ivana', last_name: 'Petrova' },
): Promise<TestAccount> {
  const { email, password } = await seed<Seeded>(request, '/free-users', name);
  return signIn(request, email, password);
}

/** A member of the platform's staff, who reviews the catalog. Signed in. */
export async function staffUser(
  request: APIRequestContext,
  name: Name = { first_name: 'Stefan', last_name: 'Kolev' },
): Promise<TestAccount> {
  const { email, password } = await seed<Seeded>(request, '/staff-users', name);
  return signIn(request, email, password);
}

/** A category approved and on the catalog, with these text cards (card ids in order), and its author, signed in. */
export async function catalogCategory(
  request: APIRequestContext,
  { name, author, cards }: { name: string; author?: Name; cards: (readonly [string, string])[] },
): Promise<{ id: number; cards: number[]; author: TestAccount }> {
  const seeded = await seed<{ id: number; cards: number[]; author: Seeded }>(request, '/catalog-categories', {
    name,
    author: author ?? {},
    cards: cards.map(([first_side, second_side]) => ({ first_side, second_side })),
  });
  return { ...seeded, author: await signIn(request, seeded.author.email, seeded.author.password) };
}

export type AiAnswer = { cards: { question: string; answer: string; tag?: string }[] } | { content: string };

/**
 * Queues the next answers of the test server's stand-in AI provider (an OpenAI-compatible chat API), in
 * order. A generation asks once, and once more when the answer is not a list of cards.
 */
export async function aiAnswers(request: APIRequestContext, ...answers: AiAnswer[]): Promise<void> {
  await seed(request, '/ai-answers', { answers });
}

/** Makes these cards (reviewed a few days ago) due for spaced review now, the first the most overdue. */
export async function dueForReview(request: APIRequestContext, cards: number[]): Promise<void> {
  await seed(request, '/review-due', { cards });
}

/** The owner's memory state of each of these cards, in order (null: new to them). */
export async function memoryOf(request: APIRequestContext, cards: number[]) {
  return (await seed<{ states: (Record<string, unknown> | null)[] }>(request, '/memory', { cards })).states;
}

/** Runs the guardians' weekly summaries now (the job the server otherwise runs on Sundays). */
export async function weeklySummaries(request: APIRequestContext): Promise<void> {
  await seed(request, '/weekly-summaries', {});
}

/** Runs the server's minute sweep of notifications now: the e-mail digests due go out. */
export async function sweepNotifications(request: APIRequestContext): Promise<void> {
  await seed(request, '/notifications/sweep', {});
}
