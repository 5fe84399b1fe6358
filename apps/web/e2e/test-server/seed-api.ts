/**
 * The seeding API of the end-to-end test server: data the app cannot make through its own API yet (a
 * trial that is over, a category approved on the catalog), made by the server's test factories on the
 * server's own database handle, and the next answers of the stand-in AI provider. Only the test server
 * has it, on a loopback port of its own.
 */
import { createServer, type IncomingMessage } from 'node:http';
import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../server/src/db/client';
import { cardReviews, cards as cardsTable, categories, users } from '../../../server/src/db/schema';
import type { JobQueue } from '../../../server/src/lib/jobs';
import { sendWeeklySummaries } from '../../../server/src/modules/guardians/guardians.jobs';
import {
  buildCard,
  buildCatalogVersion,
  buildCategory,
  buildUser,
  PASSWORD,
} from '../../../server/test/factories';
import { cardsAnswer, type OpenAiServer } from '../../../server/test/openai-server';
import { type StripeServer, signWebhook } from '../../../server/test/stripe-server';

const names = z.object({ first_name: z.string().min(1), last_name: z.string().min(1) }).partial();

/** An active account that can sign in with the factories' password. */
const account = async (
  db: Database,
  { first_name, last_name }: z.infer<typeof names>,
  trialEndDate?: Date,
  isStaff = false,
) => {
  const user = await buildUser(db, {
    password: PASSWORD,
    // The browser runs on this machine: the account counts its days where the browser is, as after a sign-up.
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    ...(first_name ? { firstName: first_name } : {}),
    ...(last_name ? { lastName: last_name } : {}),
    ...(trialEndDate ? { trialEndDate } : {}),
    ...(isStaff ? { isStaff } : {}),
  });
  return { id: user.id, email: user.email, password: PASSWORD };
};

const catalogCategory = z.object({
  name: z.string().min(1),
  author: names.default({}),
  cards: z.array(z.object({ first_side: z.string().min(1), second_side: z.string().min(1) })),
});

const aiAnswers = z.object({
  answers: z
    .array(
      z.union([
        z.object({
          cards: z.array(z.object({ question: z.string(), answer: z.string(), tag: z.string().optional() })),
        }),
        // Text that is not cards: a model's answer the server refuses.
        z.object({ content: z.string() }),
      ]),
    )
    .min(1),
});

/** Where the stand-in Stripe's webhooks go, and the secret they are signed with. */
type Webhook = { url: string; secret: string };
type Context = {
  db: Database;
  jobs: JobQueue;
  sweepNotifications: () => Promise<void>;
  ai: OpenAiServer;
  stripe: StripeServer;
  webhook: Webhook;
};

const payer = z.object({ email: z.string().min(1) });

const dueCards = z.object({ cards: z.array(z.number().int()).min(1) });
const DAY_MS = 86_400_000;

/** What the seeding API makes, by method and path, from the request's JSON. */
const seeders: Record<string, (context: Context, json: unknown) => Promise<unknown>> = {
  /** A member of the platform's staff (`is_staff`): the catalog's reviewers. */
  'POST /staff-users': ({ db }, json) => account(db, names.parse(json), undefined, true),

  /** A free user: the trial ended yesterday, so the daily limit applies. */
  'POST /free-users': ({ db }, json) => account(db, names.parse(json), new Date(Date.now() - 86_400_000)),

  /**
   * The AI provider's next answers, in order: each generation asks once, and once more when the answer is
   * not a list of cards.
   */
  'POST /ai-answers': async ({ ai }, json) => {
    const { answers } = aiAnswers.parse(json);
    ai.answer(...answers.map((answer) => ('cards' in answer ? cardsAnswer(answer.cards) : answer)));
    return { queued: answers.length };
  },

  /**
   * Cards reviewed before and due for spaced review now, one after the other in the order given (the
   * first the most overdue): a review a few days ago whose interval has passed.
   */
  'POST /review-due': async ({ db }, json) => {
    const { cards } = dueCards.parse(json);
    const now = Date.now();
    // The owner's memory of each card.
    const owners = await db
      .select({ cardId: cardsTable.id, userId: categories.userId })
      .from(cardsTable)
      .innerJoin(categories, eq(categories.id, cardsTable.categoryId))
      .where(inArray(cardsTable.id, cards));
    const ownerOf = new Map(owners.map((row) => [row.cardId, row.userId]));
    await db.insert(cardReviews).values(
      cards.map((cardId, index) => ({
        userId: ownerOf.get(cardId) ?? 0,
        cardId,
        due: new Date(now - (cards.length - index) * 60_000),
        stability: 3,
        difficulty: 5,
        elapsedDays: 0,
        scheduledDays: 3,
        learningSteps: 0,
        reps: 2,
        lapses: 0,
        state: 2,
        lastReview: new Date(now - 3 * DAY_MS),
        introducedOn: new Date(now - 4 * DAY_MS).toISOString().slice(0, 10),
      })),
    );
    return { due: cards.length };
  },

  /**
   * The memory state of these cards, in the order given (null: new to their owner), as the owner's last
   * read folded it (a test reads the review summary first): what two learners' answers are compared by.
   */
  'POST /memory': async ({ db }, json) => {
    const { cards } = dueCards.parse(json);
    const rows = await db.select().from(cardReviews).where(inArray(cardReviews.cardId, cards));
    return {
      states: cards.map((cardId) => {
        const row = rows.find((review) => review.cardId === cardId);
        if (!row) return null;
        const { userId: _, cardId: __, ...state } = row;
        return state;
      }),
    };
  },

  /** The guardians' weekly summaries, now rather than on Sunday: the server's job queue runs the job. */
  'POST /weekly-summaries': async ({ jobs }) => ({ job: await jobs.send(sendWeeklySummaries, {}) }),

  /** A category approved and on the catalog, with its text cards, and its author. */
  'POST /catalog-categories': async ({ db }, json) => {
    const { name, author, cards } = catalogCategory.parse(json);
    const owner = await account(db, author);
    const category = await buildCategory(db, { userId: owner.id, name });
    const ids = [];
    for (const card of cards)
      ids.push(
        (
          await buildCard(db, {
            categoryId: category.id,
            firstSide: card.first_side,
            secondSide: card.second_side,
          })
        ).id,
      );
    // Approved as the staff's review does: a version of its cards, on the catalog.
    await buildCatalogVersion(db, category.id);
    return { id: category.id, author: owner, cards: ids };
  },

  /**
   * The payment of the user's last checkout succeeds: the events Stripe sends then (the checkout session
   * completed, its first invoice paid) are delivered, signed, to the server's webhook, one after the other.
   * Answers once the server accepted them all, with the path the provider's success URL sends the buyer
   * to (its `{CHECKOUT_SESSION_ID}` filled in).
   */
  /** Where the provider's success URL of the user's last checkout leads, before anything is paid. */
  'POST /stripe/checkout': async ({ db, stripe }, json) => {
    const { email } = payer.parse(json);
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
    const session = stripe.checkoutSessions.findLast(
      (candidate) => candidate.fields.client_reference_id === String(user?.id),
    );
    if (!session)
      throw new z.ZodError([
        { code: 'custom', path: ['email'], message: 'This user started no checkout', input: email },
      ]);
    const success = new URL((session.fields.success_url ?? '').replace('{CHECKOUT_SESSION_ID}', session.id));
    return { successPath: `${success.pathname}${success.search}` };
  },

  /** Runs the minute's sweep of notifications now: the digests due go out. */
  'POST /notifications/sweep': async ({ sweepNotifications }) => {
    await sweepNotifications();
    return {};
  },

  'POST /stripe/pay': async ({ db, stripe, webhook }, json) => {
    const { email } = payer.parse(json);
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
    if (!user)
      throw new z.ZodError([
        { code: 'custom', path: ['email'], message: 'No account has this e-mail', input: email },
      ]);
    const session = stripe.checkoutSessions.findLast(
      (candidate) => candidate.fields.client_reference_id === String(user.id),
    );
    if (!session)
      throw new z.ZodError([
        { code: 'custom', path: ['email'], message: 'This user started no checkout', input: email },
      ]);
    let delivered = 0;
    for (const event of stripe.completeCheckout(session)) {
      const payload = JSON.stringify(event);
      const response = await fetch(webhook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signWebhook(payload, webhook.secret),
        },
        body: payload,
      });
      if (!response.ok) throw new Error(`The webhook answered ${response.status}: ${await response.text()}`);
      delivered++;
    }
    const success = new URL((session.fields.success_url ?? '').replace('{CHECKOUT_SESSION_ID}', session.id));
    return { delivered, successPath: `${success.pathname}${success.search}` };
  },
};

const readJson = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
};

/** Serves the routes above on 127.0.0.1:`port`: 201 and the JSON of what was made, or 400 / 404. */
export async function startSeedApi({
  port,
  db,
  jobs,
  sweepNotifications,
  ai,
  stripe,
  webhook,
}: {
  port: number;
  db: Database;
  jobs: JobQueue;
  sweepNotifications: () => Promise<void>;
  ai: OpenAiServer;
  stripe: StripeServer;
  webhook: Webhook;
}) {
  const server = createServer((request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const seed = seeders[`${request.method} ${request.url}`];
    if (!seed) return answer(404, { detail: `No seeding route ${request.method} ${request.url}` });
    readJson(request)
      .then(async (json) =>
        answer(201, await seed({ db, jobs, sweepNotifications, ai, stripe, webhook }, json)),
      )
      .catch((error: unknown) =>
        error instanceof z.ZodError
          ? answer(400, { detail: z.prettifyError(error) })
          : answer(500, { detail: String(error) }),
      );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
