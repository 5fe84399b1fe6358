import { eq } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { PASSWORD } from '../../../test/factories';
import { cardsAnswer, type OpenAiServer, startOpenAiServer } from '../../../test/openai-server';
import { drawnPage } from '../../../test/pages';
import { signIn } from '../../../test/session';
import { categories, users } from '../../db/schema';
import { DAY, HOUR } from '../../lib/clock';
import { cardsJsonSchema } from './ai.provider';

let t: TestApp;
let provider: OpenAiServer;
beforeAll(async () => {
  provider = await startOpenAiServer();
  t = await buildTestApp({ AI_BASE_URL: provider.baseUrl, AI_MODEL: 'test-model', AI_TIMEOUT_SECONDS: '1' });
});
afterAll(async () => {
  await t.close();
  await provider.close();
});
afterEach(() => {
  provider.requests.length = 0;
});

const topic = {
  topic: 'Capitals of Europe',
  sideOne: 'a country',
  sideTwo: 'its capital',
  tag: '',
  level: 'easy',
  audienceAge: 10,
  language: 'English',
  cardNumber: 3,
};

const threeCards = [
  { question: 'France', answer: 'Paris', tag: 'west' },
  { question: 'Bulgaria', answer: 'Sofia', tag: 'east' },
  { question: 'Italy', answer: 'Rome', tag: 'south' },
];

const png = (width = 400, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();

type Session = Awaited<ReturnType<typeof signIn>>;

/** The same user signed in anew, after the clock has moved past their token's life. */
const signedInAgain = async (session: Session): Promise<Session> => {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/user/jwt/create/',
    payload: { email: session.user.email, password: PASSWORD },
  });
  const headers = { authorization: `JWT ${login.json().access}` };
  return {
    ...session,
    headers,
    call: (method, url, payload, extra = {}) =>
      t.app.inject({ method, url, payload, headers: { ...headers, ...extra } }),
  };
};

const startTopic = (session: Session, body: object = topic) =>
  session.call('POST', '/api/card/generate-flashcards/', body);
const poll = (session: Session, taskId: string, path = 'generate-flashcards', language = 'en') =>
  session.call('GET', `/api/card/${path}/?task_id=${taskId}`, undefined, { 'accept-language': language });

const usageOf = async (session: Session) => {
  const me = (await session.call('GET', '/api/user/users/me/')).json();
  return { text: me.ai_usage, images: me.ai_image_usage };
};

describe('generating cards on a topic', () => {
  it('answers 202 with a task at once; the job makes the cards, counted in the month', async () => {
    const session = await signIn(t);
    provider.answer(
      cardsAnswer([
        ...threeCards,
        { question: 'france', answer: 'Paris again' },
        { question: ' ', answer: 'x' },
      ]),
    );

    const started = await startTopic(session);
    expect(started.statusCode).toBe(202);
    const taskId = started.json().task_id;
    expect((await poll(session, taskId)).json()).toEqual({ status: 'PENDING' });
    expect(provider.requests).toHaveLength(0);

    expect(await t.runJobs()).toBe(1);
    const done = await poll(session, taskId);
    // The repeated and the empty card are dropped.
    expect(done.json()).toEqual({ status: 'SUCCESS', result: threeCards });
    expect(await usageOf(session)).toEqual({ text: 1, images: 0 });

    const [request] = provider.requests;
    expect(request!.model).toBe('test-model');
    expect(request!.response_format?.type).toBe('json_schema');
    expect(request!.response_format?.json_schema?.schema).toEqual(cardsJsonSchema);
    const prompt = request!.messages.map((message) => message.content).join('\n');
    for (const asked of [
      'Capitals of Europe',
      'English',
      '10 years old',
      'easy',
      'a country',
      'its capital',
      '3 flashcards',
    ])
      expect(prompt).toContain(asked);
  });

  it('asks once more when the answer is not valid JSON of cards', async () => {
    const session = await signIn(t);
    provider.answer({ content: 'Here are your cards: France - Paris' }, cardsAnswer(threeCards));
    const taskId = (await startTopic(session)).json().task_id;
    await t.runJobs();
    expect((await poll(session, taskId)).json()).toEqual({ status: 'SUCCESS', result: threeCards });
    expect(provider.requests).toHaveLength(2);
  });

  it('fails a task whose answers never hold up, in the asker language, and charges nothing', async () => {
    const session = await signIn(t);
    provider.answer({ content: '{"cards": "none"}' }, { content: 'not json' });
    const taskId = (await startTopic(session)).json().task_id;
    await t.runJobs();
    expect((await poll(session, taskId)).json()).toEqual({
      status: 'FAILURE',
      error: 'The AI service gave an answer that is not a list of cards. Please try again.',
    });
    expect((await poll(session, taskId, 'generate-flashcards', 'bg')).json().error).toBe(
      'Услугата за ИИ върна отговор, който не е списък от карти. Моля, опитайте отново.',
    );
    expect(await usageOf(session)).toEqual({ text: 0, images: 0 });
  });

  it('retries a provider failure once as a job, then fails the task', async () => {
    const session = await signIn(t);
    provider.answer({ status: 500 });
    const taskId = (await startTopic(session)).json().task_id;
    await t.runJobs();
    // The first attempt failed: the job waits to be retried, the task has started.
    expect((await poll(session, taskId)).json()).toEqual({ status: 'STARTED' });
    provider.answer({ status: 503 });
    await t.services.ai.run(taskId, { retryCount: 1 });
    expect((await poll(session, taskId)).json()).toEqual({
      status: 'FAILURE',
      error: 'The AI service could not make the cards. Please try again later.',
    });
    expect(await usageOf(session)).toEqual({ text: 0, images: 0 });
  });

  it('fails at once when the provider refuses the request itself', async () => {
    const session = await signIn(t);
    provider.answer({ status: 401 });
    const taskId = (await startTopic(session)).json().task_id;
    await t.runJobs();
    expect((await poll(session, taskId)).json().status).toBe('FAILURE');
  });

  it('fails a task whose provider does not answer in time', async () => {
    const session = await signIn(t);
    provider.answer({ hang: true });
    const taskId = (await startTopic(session)).json().task_id;
    await t.services.ai.run(taskId, { retryCount: 1 });
    expect((await poll(session, taskId)).json()).toEqual({
      status: 'FAILURE',
      error: 'The AI service did not answer in time. Please try again.',
    });
  });

  it('reads a task whose job never ended as failed once its time is over', async () => {
    const session = await signIn(t);
    const taskId = (await startTopic(session)).json().task_id;
    expect((await poll(session, taskId)).json().status).toBe('PENDING');
    t.clock.advance(HOUR / 6);
    expect((await poll(session, taskId)).json()).toEqual({
      status: 'FAILURE',
      error: 'The AI service did not answer in time. Please try again.',
    });
    // Its job, run at last, ends it without asking the provider.
    await t.runJobs();
    expect(provider.requests).toHaveLength(0);
    expect((await poll(session, taskId)).json().status).toBe('FAILURE');
  });

  it('makes at most 50 cards, and never more than asked', async () => {
    const session = await signIn(t);
    const over = await startTopic(session, { ...topic, cardNumber: 51 });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ cardNumber: ['Ensure this value is less than or equal to 50.'] });

    const sixty = Array.from({ length: 60 }, (_, n) => ({
      question: `Question ${n}`,
      answer: `Answer ${n}`,
    }));
    provider.answer(cardsAnswer(sixty));
    const taskId = (await startTopic(session, { ...topic, cardNumber: 50 })).json().task_id;
    await t.runJobs();
    expect((await poll(session, taskId)).json().result).toHaveLength(50);
  });

  it('shows a task to its owner only', async () => {
    const owner = await signIn(t);
    const other = await signIn(t);
    const taskId = (await startTopic(owner)).json().task_id;
    expect((await poll(other, taskId)).statusCode).toBe(404);
    expect((await poll(owner, taskId, 'generate-flashcards-from-images')).statusCode).toBe(404);
    const bad = await owner.call('GET', '/api/card/generate-flashcards/?task_id=12');
    expect(bad.json()).toEqual({ task_id: ['Not a valid task id.'] });
    await t.runJobs();
  });

  it('is not for auto-created accounts', async () => {
    const session = await signIn(t, { isAutoCreated: true });
    const refused = await startTopic(session);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('auto_created_restricted');
  });
});

describe('monthly quotas', () => {
  const usedThisMonth = (userId: number, text: number, images = 0) =>
    t.database.db
      .update(users)
      .set({ aiUsage: text, aiImageUsage: images, aiUsageMonth: t.clock.now().toISOString().slice(0, 7) })
      .where(eq(users.id, userId));

  const quotaMessage = 'You have exceeded the monthly usage limit or your subscription has expired.';

  it('lets a free user make 20 a month, counting the ones still running', async () => {
    const session = await signIn(t);
    await usedThisMonth(session.user.id, 19);
    expect((await startTopic(session)).statusCode).toBe(202);
    // The twentieth is still running: it counts.
    const over = await startTopic(session);
    expect(over.statusCode).toBe(403);
    expect(over.json()).toEqual({ detail: quotaMessage, code: 'ai_quota_exceeded' });
    provider.answer(cardsAnswer(threeCards));
    await t.runJobs();
    expect(await usageOf(session)).toEqual({ text: 20, images: 0 });
    expect((await startTopic(session)).statusCode).toBe(403);
  });

  it('gives a premium user 50, and every user a new count each month', async () => {
    const trial = new Date(t.clock.now().getTime() + 60 * DAY);
    const session = await signIn(t, { trialEndDate: trial });
    await usedThisMonth(session.user.id, 49);
    const taskId = (await startTopic(session)).json().task_id;
    expect((await startTopic(session)).statusCode).toBe(403);
    provider.answer(cardsAnswer(threeCards));
    await t.runJobs();
    expect((await poll(session, taskId)).json().status).toBe('SUCCESS');
    expect((await startTopic(session)).statusCode).toBe(403);

    const now = t.clock.now();
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 0, 0, 1));
    const moved = nextMonth.getTime() - now.getTime();
    t.clock.advance(moved);
    // The month later, with a new sign-in (the old token has expired).
    const again = await signedInAgain(session);
    expect(await usageOf(again)).toEqual({ text: 0, images: 0 });
    expect((await startTopic(again)).statusCode).toBe(202);
    provider.answer(cardsAnswer(threeCards));
    await t.runJobs();
    expect(await usageOf(again)).toEqual({ text: 1, images: 0 });
  });

  it('gives a gold plan 150', async () => {
    const end = new Date(t.clock.now().getTime() + 30 * DAY);
    const session = await signIn(t, { subscriptionType: 'gold_monthly', subscriptionEndDate: end });
    expect((await session.call('GET', '/api/user/users/me/')).json().ai_quota).toEqual({
      text: 150,
      images: 150,
    });
    await usedThisMonth(session.user.id, 149);
    expect((await startTopic(session)).statusCode).toBe(202);
    expect((await startTopic(session)).statusCode).toBe(403);
    provider.answer(cardsAnswer(threeCards));
    await t.runJobs();
  });

  it('accepts exactly the quota left from a burst of parallel requests; failed ones give it back', async () => {
    const session = await signIn(t);
    await usedThisMonth(session.user.id, 15);
    const burst = await Promise.all(Array.from({ length: 100 }, () => startTopic(session)));
    const statuses = burst.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 202)).toHaveLength(5);
    expect(statuses.filter((status) => status === 403)).toHaveLength(95);
    // The five fail: none is counted, and the five come back.
    provider.answer(...Array.from({ length: 5 }, () => ({ status: 401 })));
    await t.runJobs();
    expect(await usageOf(session)).toEqual({ text: 15, images: 0 });
    const again = await Promise.all(Array.from({ length: 10 }, () => startTopic(session)));
    expect(again.filter((response) => response.statusCode === 202)).toHaveLength(5);
    provider.answer(...Array.from({ length: 5 }, () => ({ status: 401 })));
    await t.runJobs();
  });

  // Only a server runs requests side by side; PGlite answers them one at a time.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'counts a generation that ends during a burst once, as running or as done',
    async () => {
      const session = await signIn(t);
      await usedThisMonth(session.user.id, 18);
      const running = (await startTopic(session)).json().task_id;
      // Another connection ends the running generation and counts it, as the job does, and commits only
      // once the burst's requests, their accounts already read, wait for it.
      const job = new pg.Client({ connectionString: t.database.url });
      await job.connect();
      try {
        await job.query('begin');
        await job.query('lock table ai_tasks in access exclusive mode');
        await job.query(
          "update ai_tasks set status = 'SUCCESS', cards = '[]', finished_at = now() where id = $1",
          [running],
        );
        await job.query('update users set ai_usage = ai_usage + 1 where id = $1', [session.user.id]);
        const burst = Promise.all(Array.from({ length: 20 }, () => startTopic(session)));
        for (;;) {
          const { rows } = await job.query<{ n: number }>(
            'select count(*)::integer as n from pg_locks where not granted and pid <> pg_backend_pid()',
          );
          if (rows[0]!.n > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await job.query('commit');
        const accepted = (await burst).filter((response) => response.statusCode === 202);
        expect(accepted).toHaveLength(1);
      } finally {
        await job.end();
      }
      provider.answer({ status: 401 });
      await t.runJobs();
    },
  );

  it('counts photos apart from topics', async () => {
    const session = await signIn(t);
    await usedThisMonth(session.user.id, 0, 10);
    const refused = await session.send(
      'POST',
      '/api/card/generate-flashcards-from-images/',
      { card_quantity: 5, language: 'en' },
      { first_image: { name: 'page.png', type: 'image/png', data: await png() } },
    );
    expect(refused.statusCode).toBe(403);
    expect((await startTopic(session)).statusCode).toBe(202);
    await t.runJobs();
  });
});

describe('generating cards from photographed pages', () => {
  const photo = async () => ({ name: 'page.jpg', type: 'image/jpeg', data: await png() });

  it('sends one or three photos to a vision model, as checked data URLs', async () => {
    const session = await signIn(t);
    const photoSets: Record<string, Awaited<ReturnType<typeof photo>>>[] = [
      { first_image: await photo() },
      { first_image: await photo(), second_image: await photo(), third_image: await photo() },
    ];
    for (const files of photoSets) {
      provider.answer(cardsAnswer(threeCards));
      const started = await session.send(
        'POST',
        '/api/card/generate-flashcards-from-images/',
        { card_quantity: 10, language: 'bg', tag: 'capitals' },
        files,
      );
      expect(started.statusCode).toBe(202);
      await t.runJobs();
      const done = await poll(session, started.json().task_id, 'generate-flashcards-from-images');
      expect(done.json()).toEqual({ status: 'SUCCESS', result: threeCards });
      const content = provider.requests.at(-1)!.messages[1]!.content as {
        type: string;
        text?: string;
        image_url?: { url: string };
      }[];
      const images = content.filter((part) => part.type === 'image_url');
      expect(images).toHaveLength(Object.keys(files).length);
      for (const image of images) expect(image.image_url!.url).toMatch(/^data:image\/webp;base64,/);
      expect(content[0]!.text).toContain('Bulgarian');
      expect(content[0]!.text).toContain('capitals');
    }
    expect(await usageOf(session)).toEqual({ text: 0, images: 2 });
  });

  it('refuses a fourth photo, a missing first one and a file that is not a picture', async () => {
    const session = await signIn(t);
    const fourth = await session.send(
      'POST',
      '/api/card/generate-flashcards-from-images/',
      { card_quantity: 10, language: 'en' },
      {
        first_image: await photo(),
        second_image: await photo(),
        third_image: await photo(),
        fourth_image: await photo(),
      },
    );
    expect(fourth.statusCode).toBe(400);
    expect(fourth.json()).toEqual({ fourth_image: ['This field is not accepted.'] });

    const none = await session.send('POST', '/api/card/generate-flashcards-from-images/', {
      card_quantity: 10,
      language: 'en',
    });
    expect(none.statusCode).toBe(400);
    expect(Object.keys(none.json())).toEqual(['first_image']);

    const text = await session.send(
      'POST',
      '/api/card/generate-flashcards-from-images/',
      { card_quantity: 10, language: 'en' },
      {
        first_image: {
          name: 'page.jpg',
          type: 'image/jpeg',
          data: Buffer.from('just some text, not a photo'),
        },
      },
    );
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({
      first_image: [
        'Upload a valid image. The file you uploaded was either not an image or a corrupted image.',
      ],
    });
    expect(await t.runJobs()).toBe(0);
  });
});

describe('saving generated cards', () => {
  it('saves the reviewed cards as a new AI category, listed with the AI categories', async () => {
    const session = await signIn(t);
    const saved = await session.call('POST', '/api/card/create-ai-flashcards/', {
      category_name: 'Capitals',
      flashcards: threeCards,
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toMatchObject({
      name: 'Capitals',
      ai_created: true,
      type_of_cards: 'text',
      cards_len: 3,
    });
    const listed = await session.call('GET', '/api/card/category/?ai_created=True');
    expect(listed.json().results.map((category: { name: string }) => category.name)).toEqual(['Capitals']);
    const plain = await session.call('GET', '/api/card/category/?ai_created=False');
    expect(plain.json().results).toEqual([]);
  });

  it("drops the cards of a model's answer that cannot be stored, and keeps the rest", async () => {
    const session = await signIn(t);
    provider.answer(
      // Before the good ones: the answer is cut to the number of cards asked for.
      cardsAnswer([
        { question: 'half \ud800 a pair', answer: 'x' },
        { question: 'low half', answer: '\udc00' },
        { question: 'nul', answer: 'a\u0000b' },
        ...threeCards,
      ]),
    );
    const taskId = (await startTopic(session)).json().task_id;
    await t.runJobs();
    expect((await poll(session, taskId)).json()).toEqual({ status: 'SUCCESS', result: threeCards });
  });

  it('saves the category and its cards or nothing', async () => {
    const session = await signIn(t);
    const countOf = async () => ({
      categories: (
        await t.database.db.select().from(categories).where(eq(categories.userId, session.user.id))
      ).length,
    });
    // A card PostgreSQL refuses (the API refuses it before; the service must not leave half a category).
    await expect(
      t.services.cards.createAiCategory(session.user, {
        name: 'Half',
        cards: [threeCards[0]!, { question: 'a\u0000b', answer: 'x', tag: '' }],
      }),
    ).rejects.toThrow();
    expect(await countOf()).toEqual({ categories: 0 });
  });
});

describe('without a provider', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await buildTestApp();
  });
  afterAll(() => bare.close());

  it('answers text generation with 503 and its reason', async () => {
    const session = await signIn(bare);
    const response = await startTopic(session);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      detail: 'AI generation is not configured on this server',
      code: 'service_unavailable',
    });
  });

  it('reads photographed pages on the server and makes cards of their term - meaning lines', async () => {
    const session = await signIn(bare);
    const page = await drawnPage(['Colours', 'red - червен', 'green - зелен', 'blue - син']);
    const started = await session.send(
      'POST',
      '/api/card/generate-flashcards-from-images/',
      { card_quantity: 2, language: 'bg' },
      { first_image: { name: 'page.png', type: 'image/png', data: page } },
    );
    expect(started.statusCode).toBe(202);
    await bare.runJobs();
    const done = await session.call(
      'GET',
      `/api/card/generate-flashcards-from-images/?task_id=${started.json().task_id}`,
    );
    expect(done.json()).toEqual({
      status: 'SUCCESS',
      result: [
        { question: 'red', answer: 'червен', tag: 'Colours' },
        { question: 'green', answer: 'зелен', tag: 'Colours' },
      ],
    });
    const me = (await session.call('GET', '/api/user/users/me/')).json();
    expect(me.ai_image_usage).toBe(1);
  }, 60_000);

  it('fails a page with no term - meaning lines, saying so', async () => {
    const session = await signIn(bare);
    const page = await drawnPage(['Just a sentence of running text.']);
    const started = await session.send(
      'POST',
      '/api/card/generate-flashcards-from-images/',
      { card_quantity: 5, language: 'en' },
      { first_image: { name: 'page.png', type: 'image/png', data: page } },
    );
    await bare.runJobs();
    const done = await session.call(
      'GET',
      `/api/card/generate-flashcards-from-images/?task_id=${started.json().task_id}`,
    );
    expect(done.json()).toEqual({
      status: 'FAILURE',
      error: 'No cards could be made. Try another topic or clearer photos.',
    });
  }, 60_000);
});
