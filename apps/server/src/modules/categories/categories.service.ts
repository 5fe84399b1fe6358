import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { invalid, notFound } from '../../lib/api-error';
import { thumbnailKey } from '../../lib/images';
import type { MediaStorage } from '../../lib/storage';
import type { User } from '../../plugins/auth';
import { assertOwner, isPublic } from './categories.policy';
import type { CardKind, CategorySort } from './categories.repository';
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
  storage,
  log,
}: {
  db: Database;
  config: Config;
  storage: MediaStorage;
  log: FastifyBaseLogger;
}) => {
  const threshold = config.limits.learnedThreshold;

  const dropFiles = async (keys: string[]) => {
    await Promise.all(
      keys.map((key) =>
        storage.delete(key).catch((error) => log.warn({ err: error, key }, 'could not delete a media file')),
      ),
    );
  };

  const withStats = async (id: number) => {
    const row = await repo.findCategoryWithStats(db, id, threshold);
    if (!row) throw notFound();
    return row;
  };

  return {
    async page(
      user: User,
      kinds: CardKind[],
      options: { aiCreated?: boolean; sort: CategorySort; limit: number; offset: number },
    ) {
      const filter = { userId: user.id, kinds, aiCreated: options.aiCreated };
      const [total, rows] = await Promise.all([
        repo.countCategories(db, filter),
        repo.listCategories(db, filter, { ...options, learnedThreshold: threshold }),
      ]);
      return { total, rows };
    },

    all: (user: User, kinds: CardKind[]) =>
      repo.listCategories(
        db,
        { userId: user.id, kinds },
        { sort: { by: 'alphabetical', order: 'asc' }, learnedThreshold: threshold },
      ),

    async get(user: User, id: number) {
      assertOwner(await repo.findCategory(db, id), user);
      return withStats(id);
    },

    /** The user's own category, for the cards module (404 for anyone else's). */
    async owned(user: User, id: number) {
      return assertOwner(await repo.findCategory(db, id), user);
    },

    /** A category whose cards may be read without signing in: approved on the catalog. */
    async publicCategory(id: number) {
      const category = await repo.findCategory(db, id);
      if (!category || !isPublic(category)) throw notFound();
      return category;
    },

    /** A catalog category's public facts; anything not on the catalog does not exist (404). */
    async catalogDetail(id: number) {
      const row = await repo.findCategoryForCatalog(db, id);
      if (!row || !isPublic(row.category)) throw notFound();
      return row;
    },

    async create(user: User, input: CategoryInput & { type_of_cards: CardKind }) {
      const category = await repo.insertCategory(db, {
        userId: user.id,
        name: input.name!,
        typeOfCards: input.type_of_cards,
        description: input.description,
        language: input.language,
        topic: input.topic,
      });
      return withStats(category.id);
    },

    async update(user: User, id: number, input: CategoryInput) {
      const category = assertOwner(await repo.findCategory(db, id), user);
      if (
        input.type_of_cards &&
        input.type_of_cards !== category.typeOfCards &&
        (await repo.countCards(db, id)) > 0
      ) {
        throw invalid({ type_of_cards: 'category_type_locked' });
      }
      await repo.updateCategory(db, id, {
        name: input.name,
        typeOfCards: input.type_of_cards,
        description: input.description,
        language: input.language,
        topic: input.topic,
      });
      return withStats(id);
    },

    async remove(user: User, id: number) {
      assertOwner(await repo.findCategory(db, id), user);
      const { images, audios } = await db.transaction(async (tx) => {
        const media = await repo.mediaKeysOfCategory(tx, id);
        await repo.deleteCategory(tx, id);
        return media;
      });
      await dropFiles([...images.flatMap((key) => [key, thumbnailKey(key)]), ...audios]);
    },

    /** Sets every score of the category's cards to zero; cannot be undone. */
    async reset(user: User, id: number) {
      assertOwner(await repo.findCategory(db, id), user);
      await repo.resetScores(db, id);
    },

    /** Moves the child's cards into the parent and deletes the child; cannot be undone. */
    async merge(user: User, parentId: number, childId: number) {
      const parent = assertOwner(await repo.findCategory(db, parentId), user);
      const child = assertOwner(await repo.findCategory(db, childId), user);
      if (parent.id === child.id) throw invalid({ child_category_id: 'merge_same_category' });
      if (parent.typeOfCards !== child.typeOfCards)
        throw invalid({ child_category_id: 'merge_type_mismatch' });
      await db.transaction(async (tx) => {
        await repo.moveCards(tx, child.id, parent.id);
        await repo.deleteCategory(tx, child.id);
        await repo.updateCategory(tx, parent.id, {});
      });
      return withStats(parent.id);
    },
  };
};
