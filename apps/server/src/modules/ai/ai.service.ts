import { randomUUID } from 'node:crypto';
import {
  AI_PHOTO_MAX_BYTES,
  type AiCard,
  type AiImageLanguage,
  type AiTask,
  type FilePart,
} from '@flashcards/contract';
import type { Language } from '@flashcards/i18n';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import { type Actor, authorize } from '../../lib/access';
import { permissionDenied, serviceUnavailable } from '../../lib/api-error';
import type { Clock } from '../../lib/clock';
import type { Entitlements } from '../../lib/entitlements';

import { reencodeImage } from '../../lib/images';
import type { JobOptions, JobQueue } from '../../lib/jobs';
import type { MediaStorage } from '../../lib/storage';
import { translate } from '../../lib/translate';
import { bytesOf } from '../../plugins/multipart';
import type { CardsService } from '../cards/cards.service';
import type { MediaFiles, MediaService } from '../media/media.service';
import { type UsersService, userMediaPrefix } from '../users/users.service';
import { cardsFromPages, readPages } from './ai.ocr';
import { aiPolicy } from './ai.policy';
import { imagesPrompt, type TopicInput, topicPrompt } from './ai.prompts';
import { type CardProvider, GenerationError } from './ai.provider';
import * as repo from './ai.repository';

export const AI_JOB = 'ai.generate';
/** Attempts of a generation's job after the first, for a provider that timed out or failed for a while. */
const AI_JOB_RETRIES = 1;

/**
 * The generation's job: one retry, a little later, after a passing failure of the provider. An attempt
 * asks the provider at most twice (an answer that does not hold up is asked again).
 */
export const aiJobOptions = (timeoutSeconds: number) =>
  ({
    retryLimit: AI_JOB_RETRIES,
    retryDelaySeconds: 10,
    expireInSeconds: timeoutSeconds * 2 + 30,
  }) satisfies JobOptions;

/** The size a photo is kept and sent at: enough for a page's print. */
const PHOTO_MAX_SIDE = 2000;

type TaskOutcome = Parameters<typeof repo.finishTask>[2];

type ImagesInput = { photos: string[]; language: AiImageLanguage; quantity: number; tag: string };

export const createAiService = ({
  db,
  config,
  clock,
  jobs,
  storage,
  media,
  log,
  users,
  entitlements,
  cards,
  provider,
}: {
  db: Database;
  config: Config;
  clock: Clock;
  jobs: JobQueue;
  storage: MediaStorage;
  media: MediaService;
  log: FastifyBaseLogger;
  users: UsersService;
  entitlements: Entitlements;
  cards: CardsService;
  provider: CardProvider | undefined;
}) => {
  /**
   * A task may take each attempt's two questions to the provider, and the waits between attempts (their
   * delay grows with backoff and jitter: four times it is ample).
   */
  const job = aiJobOptions(config.ai.timeoutSeconds);
  const taskSeconds = (job.retryLimit + 1) * job.expireInSeconds + job.retryLimit * job.retryDelaySeconds * 4;

  const quotaOf = (user: Actor, kind: repo.AiTaskKind) => {
    const { quotas } = config.ai;
    const now = clock.now();
    const plan = !entitlements.isPremium(user, now)
      ? quotas.free
      : user.subscriptionType.startsWith('gold')
        ? quotas.gold
        : quotas.premium;
    return plan[kind];
  };

  /**
   * Checks the user may generate and has quota left, then queues it. The month's finished generations and
   * the ones still running both count, read under the account's row lock in the transaction that inserts
   * the task: a burst of requests decides one at a time, and a generation ending meanwhile is counted once
   * (as running or as finished). A failed generation is never counted: its unit comes back when it ends.
   * The task's row is written with the photos' files (`files`) when it has any.
   */
  const start = async (
    user: Actor,
    kind: repo.AiTaskKind,
    input: object,
    id = randomUUID(),
    files?: MediaFiles,
  ) => {
    const now = clock.now();
    const limit = quotaOf(user, kind);
    const insert = async (tx: Executor) => {
      const used = (await users.lockAiUsage(tx, user.id))[kind];
      if (used + (await repo.countRunningTasks(tx, user.id, kind, now)) >= limit)
        throw permissionDenied('ai_quota_exceeded');
      await repo.insertTask(tx, {
        id,
        userId: user.id,
        kind,
        input,
        createdAt: now,
        expiresAt: new Date(now.getTime() + taskSeconds * 1000),
      });
    };
    await (files ? files.transaction(insert) : db.transaction(insert));
    // After the commit: the job queue has a connection of its own.
    await jobs.send(AI_JOB, { taskId: id });
    return { task_id: id };
  };

  const storePhotos = async (files: MediaFiles, user: Actor, taskId: string, photos: FilePart[]) =>
    Promise.all(
      photos.map(async (photo, index) => {
        const field = ['first_image', 'second_image', 'third_image'][index]!;
        const image = await reencodeImage(field, bytesOf(photo), {
          maxBytes: AI_PHOTO_MAX_BYTES,
          width: PHOTO_MAX_SIDE,
          height: PHOTO_MAX_SIDE,
          fit: 'inside',
        });
        // Under the user's own files, so deleting the account deletes them too.
        const key = `${userMediaPrefix(user.id)}/ai/${taskId}-${index + 1}.webp`;
        await files.put(key, image, 'image/webp');
        return key;
      }),
    );

  /**
   * Ends a running task with its outcome (`counted` in the month's quota when it succeeded); the photos of
   * a generation from photos go with the same commit.
   */
  const finish = (task: repo.AiTaskRow, outcome: TaskOutcome, counted = false) =>
    media.change((files) =>
      files.transaction(async (tx) => {
        if ((await repo.finishTask(tx, task.id, outcome, clock.now())) && counted)
          await users.countAiGeneration(tx, task.userId, task.kind);
        if (task.kind === 'images') files.remove((task.input as ImagesInput).photos);
      }),
    );

  const generate = async (task: repo.AiTaskRow): Promise<AiCard[]> => {
    if (task.kind === 'text') {
      if (!provider) throw new GenerationError('ai_provider_failed', false);
      return provider.generate(topicPrompt(task.input as TopicInput));
    }
    const input = task.input as ImagesInput;
    const photos = await Promise.all(input.photos.map((key) => storage.get(key)));
    if (provider) {
      const urls = photos.map((photo) => `data:image/webp;base64,${Buffer.from(photo).toString('base64')}`);
      return provider.generate(imagesPrompt(input, urls));
    }
    // Without a provider the server reads the pages itself.
    const cards = cardsFromPages(await readPages(photos, input.language), {
      maxCards: input.quantity,
      tag: input.tag,
    });
    if (cards.length === 0) throw new GenerationError('ai_no_cards', false);
    return cards;
  };

  return {
    /** The generations the account's plan allows a month. */
    quota: (user: Actor) => ({ text: quotaOf(user, 'text'), images: quotaOf(user, 'images') }),

    async startFromTopic(user: Actor, input: TopicInput) {
      authorize(user, aiPolicy.generate, user);
      if (!provider) throw serviceUnavailable('ai_not_configured');
      return start(user, 'text', input);
    },

    async startFromImages(
      user: Actor,
      input: { photos: FilePart[]; language: AiImageLanguage; quantity: number; tag: string },
    ) {
      authorize(user, aiPolicy.generate, user);
      const id = randomUUID();
      // The photos are the task's own until it ends: stored first, taken when its row is written.
      return media.change(async (files) => {
        const photos = await storePhotos(files, user, id, input.photos);
        return start(
          user,
          'images',
          {
            photos,
            language: input.language,
            quantity: input.quantity,
            tag: input.tag,
          } satisfies ImagesInput,
          id,
          files,
        );
      });
    },

    /** A task of the user, as polled; one past its time without an end reads as failed. */
    async task(user: Actor, id: string, kind: repo.AiTaskKind, language: Language): Promise<AiTask> {
      const task = authorize(user, aiPolicy.readTask, await repo.findTask(db, id));
      if (task.kind !== kind) authorize(user, () => false, task);
      if (task.status === 'SUCCESS') return { status: 'SUCCESS', result: task.cards ?? [] };
      const expired = task.expiresAt <= clock.now();
      if (task.status === 'FAILURE' || expired) {
        return { status: 'FAILURE', error: translate(language, task.error ?? 'ai_timeout') };
      }
      return { status: task.status };
    },

    /** Saves reviewed cards as a new AI category, all or none. */
    async save(user: Actor, input: { category_name: string; flashcards: AiCard[] }) {
      authorize(user, aiPolicy.generate, user);
      return cards.createAiCategory(user, { name: input.category_name, cards: input.flashcards });
    },

    /**
     * The job: asks the provider and ends the task with its cards, counted in the month's quota, or
     * with the reason it failed. Runs again after a crash or a passing failure; a task that has ended
     * is left as it is.
     */
    async run(taskId: string, attempt: { retryCount: number }) {
      const task = await repo.findTask(db, taskId);
      if (!task || task.status === 'SUCCESS' || task.status === 'FAILURE') return;
      // Its asker has been told it failed: doing it now would only spend the provider.
      if (task.expiresAt <= clock.now()) {
        await finish(task, { status: 'FAILURE', error: 'ai_timeout' });
        return;
      }
      await repo.markStarted(db, taskId);
      const lastAttempt = attempt.retryCount >= AI_JOB_RETRIES;
      try {
        const cards = await generate(task);
        await finish(task, { status: 'SUCCESS', cards }, true);
      } catch (error) {
        const known = error instanceof GenerationError;
        if (!lastAttempt && (!known || error.transient)) throw error;
        if (!known) log.error({ err: error, taskId }, 'an AI generation failed');
        const key = known ? error.key : 'ai_provider_failed';
        await finish(task, { status: 'FAILURE', error: key });
      }
    },
  };
};

export type AiService = ReturnType<typeof createAiService>;
