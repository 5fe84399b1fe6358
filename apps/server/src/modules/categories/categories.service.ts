import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import type { CardKind } from '../../db/schema/card-type';
import { type Actor, authorize } from '../../lib/access';
import { invalid, notFound } from '../../lib/api-error';
import type { Clock } from '../../lib/clock';
import { releaseCardPictures } from '../cards/cards.service';
import type { MediaFiles, MediaService } from '../media/media.service';
import type { MemoryService } from '../memory/memory.service';
import { categoryPolicy } from './categories.policy';
import type { CategorySort } from './categories.repository';

export type { CategoryInsert } from './categories.repository';

import * as repo from './categories.repository';

export type CategoryInput = {
  name?: string;
  type_of_cards?: CardKind;
  description?: string;
  language?: string;
  topic?: string;
};

export const createCategoriesService = ({
  db,
  config,
  media,
  log,
  clock,
  memory,
}: {
  db: Database;
  config: Config;
  media: MediaService;
  log: FastifyBaseLogger;
  clock: Clock;
  memory: MemoryService;
}) => {
  const threshold = config.limits.learnedThreshold;

  /** Deletes the category in the caller's transaction (the cards go with it); its media files go after. */
  const deleteWithin = async (tx: Executor, id: number, files: MediaFiles) => {
    const { images, shared, audios } = await repo.mediaKeysOfCategory(tx, id);
    await repo.deleteCategory(tx, id);
    files.remove(images, { thumbnails: true });
    releaseCardPictures(
      files,
      shared.map((firstSide) => ({ firstSide, occlusion: true })),
    );
    files.remove(audios);
  };

  const insert = (
    tx: Executor,
    user: Actor,
    input: CategoryInput & { type_of_cards: CardKind; aiCreated?: boolean },
  ) =>
    repo.insertCategory(tx, {
      userId: user.id,
      name: input.name!,
      typeOfCards: input.type_of_cards,
      description: input.description,
      language: input.language,
      topic: input.topic,
      aiCreated: input.aiCreated,
    });

  const listeners: ((id: number) => Promise<void>)[] = [];
  const contentChanged = async (ids: number[]) => {
    for (const id of new Set(ids))
      for (const listener of listeners)
        await listener(id).catch((error) => log.warn({ err: error, id }, 'a content-change listener failed'));
  };

  const withStats = async (id: number) => {
    const row = await repo.findCategoryWithStats(db, id, threshold, clock.now());
    if (!row) throw notFound();
    return row;
  };

  return {
    async page(
      user: Actor,
      kinds: CardKind[],
      options: { aiCreated?: boolean; sort: CategorySort; limit: number; offset: number },
    ) {
      const filter = { userId: user.id, kinds, aiCreated: options.aiCreated };
      // The due counts read the learner's memory after every answer so far.
      await memory.fold(user.id);
      const [total, rows] = await Promise.all([
        repo.countCategories(db, filter),
        repo.listCategories(db, filter, { ...options, learnedThreshold: threshold, now: clock.now() }),
      ]);
      return { total, rows };
    },

    async all(user: Actor, kinds: CardKind[]) {
      await memory.fold(user.id);
      return repo.listCategories(
        db,
        { userId: user.id, kinds },
        { sort: { by: 'alphabetical', order: 'asc' }, learnedThreshold: threshold, now: clock.now() },
      );
    },

    async get(user: Actor, id: number) {
      const category = authorize(user, categoryPolicy.read, await repo.findCategory(db, id));
      await memory.fold(category.userId);
      return withStats(id);
    },

    /** A category by its id, for a job of the cards module that was checked when it was queued. */
    ofImport: (id: number) => repo.findCategory(db, id),

    /** The user's own category, for the cards module (404 for anyone else's). */
    async owned(user: Actor, id: number) {
      return authorize(user, categoryPolicy.change, await repo.findCategory(db, id));
    },

    async create(user: Actor, input: CategoryInput & { type_of_cards: CardKind }) {
      const category = await insert(db, user, input);
      return withStats(category.id);
    },

    /** A new category of the user, in the caller's transaction (it adds the cards); not yet with its counts. */
    insert,
    /** A copy's new category (an adoption, an accepted offer), in the caller's transaction. */
    insertCopy: (tx: Executor, values: repo.CategoryInsert) => repo.insertCategory(tx, values),

    async update(user: Actor, id: number, input: CategoryInput) {
      const category = authorize(user, categoryPolicy.change, await repo.findCategory(db, id));
      if (
        input.type_of_cards &&
        input.type_of_cards !== category.typeOfCards &&
        (await repo.countCards(db, id)) > 0
      ) {
        throw invalid({ type_of_cards: 'category_type_locked' });
      }
      const values = {
        name: input.name,
        typeOfCards: input.type_of_cards,
        description: input.description,
        language: input.language,
        topic: input.topic,
      };
      const changed = (Object.keys(values) as (keyof typeof values)[]).some(
        (key) => values[key] !== undefined && values[key] !== category[key],
      );
      await db.transaction(async (tx) => {
        await repo.updateCategory(tx, id, values);
        if (changed) await repo.markContentChanged(tx, id, clock.now());
      });
      if (changed) await contentChanged([id]);
      return withStats(id);
    },

    async remove(user: Actor, id: number) {
      authorize(user, categoryPolicy.change, await repo.findCategory(db, id));
      await media.change((files) => files.transaction((tx) => deleteWithin(tx, id, files)));
    },

    /**
     * A category of the user's that is deleted in the caller's transaction (the cards go with it), with
     * the media of its cards and catalog versions among the change's files to remove.
     */
    deleteWithin,
    /** Runs after a committed content change (the catalog's automatic approval listens). */
    onContentChanged(listener: (id: number) => Promise<void>) {
      listeners.push(listener);
    },
    /** Tells the listeners that these categories' content changed; called after the commit. */
    contentChanged,
    /** The category's content changed, in the caller's transaction (see `markContentChanged`). */
    changedWithin: (tx: Executor, id: number) => repo.markContentChanged(tx, id, clock.now()),
    /** A category with its counts, after a change. */
    detail: withStats,
  };
};

export type CategoriesService = ReturnType<typeof createCategoriesService>;
