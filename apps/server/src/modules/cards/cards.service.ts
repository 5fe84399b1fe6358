import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { invalid, notFound } from '../../lib/api-error';
import { checkAudio } from '../../lib/audio';
import { cardPictureVariants, thumbnailKey } from '../../lib/images';
import type { MediaStorage } from '../../lib/storage';
import type { User } from '../../plugins/auth';
import type { UploadedFile } from '../../plugins/multipart';
import type { CardKind } from '../categories/categories.repository';
import type { createCategoriesService } from '../categories/categories.service';
import type { PracticeService, SignedIn } from '../practice/practice.service';
import { userMediaPrefix } from '../users/users.service';
import { parseCardFile } from './card-file';
import * as repo from './cards.repository';

type Categories = ReturnType<typeof createCategoriesService>;
export type CardQuery = { categoryId: number; tags?: string[]; search?: string };

/** 1000 cards of two full sides and a tag stay well below this. */
const MAX_CARD_FILE_BYTES = 3 * 1024 * 1024;

const random = () => randomBytes(12).toString('hex');

export const createCardsService = ({
  db,
  storage,
  log,
  categories,
  practice,
}: {
  db: Database;
  storage: MediaStorage;
  log: FastifyBaseLogger;
  categories: Categories;
  practice: PracticeService;
}) => {
  const decks = repo.prepareDeckQueries(db);

  const dropFiles = (keys: (string | null | undefined)[]) =>
    Promise.all(
      keys
        .filter((key): key is string => Boolean(key))
        .map((key) =>
          storage
            .delete(key)
            .catch((error) => log.warn({ err: error, key }, 'could not delete a media file')),
        ),
    );

  /** The user's own category of this kind, named by a query parameter: anything else does not exist. */
  const listedCategory = async (user: User, categoryId: number, kind: CardKind) => {
    const category = await categories.owned(user, categoryId);
    if (category.typeOfCards !== kind) throw notFound();
    return category;
  };

  /** The user's own category of this kind, named in a body: a category of another kind is a field error. */
  const targetCategory = async (user: User, categoryId: number, kind: CardKind) => {
    const category = await categories.owned(user, categoryId);
    if (category.typeOfCards !== kind) throw invalid({ category: 'category_kind_mismatch' });
    return category;
  };

  const ownedCard = async (user: User, id: number, kind: CardKind) => {
    const row = await repo.findCard(db, id);
    if (!row || row.userId !== user.id || row.kind !== kind) throw notFound();
    return row.card;
  };

  const storePicture = async (user: User, file: UploadedFile) => {
    const { display, thumbnail } = await cardPictureVariants('first_side', file.data);
    const key = `${userMediaPrefix(user.id)}/cards/${random()}.webp`;
    await storage.put(key, display, 'image/webp');
    await storage.put(thumbnailKey(key), thumbnail, 'image/webp');
    return key;
  };

  const storeAudio = async (user: User, file: UploadedFile) => {
    const { ext, mime } = await checkAudio('audio', file.data);
    const key = `${userMediaPrefix(user.id)}/audio/${random()}.${ext}`;
    await storage.put(key, file.data, mime);
    return key;
  };

  /** Writes the row; the files stored for it are removed again when the write fails. */
  const withFiles = async <T>(keys: (string | undefined)[], write: () => Promise<T>) => {
    try {
      return await write();
    } catch (error) {
      await dropFiles(keys.flatMap((key) => (key ? [key, thumbnailKey(key)] : [])));
      throw error;
    }
  };

  return {
    async page(user: User, kind: CardKind, query: CardQuery, limit: number, offset: number) {
      await listedCategory(user, query.categoryId, kind);
      const filter = { ...query, searchFirstSide: kind === 'text' };
      const [total, rows] = await Promise.all([
        repo.countCards(db, filter),
        repo.pageOfCards(db, filter, limit, offset),
      ]);
      return { total, rows };
    },

    /** The cards of a category, kids cards in full, text and picture ones not yet learned in the mode. */
    async list(
      user: User,
      kind: CardKind,
      query: CardQuery & { quantity?: number; mode: 'verbal' | 'typing'; learnedThreshold: number },
    ) {
      await listedCategory(user, query.categoryId, kind);
      const unlearned =
        kind === 'kids'
          ? undefined
          : {
              column: query.mode === 'typing' ? ('guessesScoreTyping' as const) : ('guessesScore' as const),
              threshold: query.learnedThreshold,
            };
      return repo.listCards(
        db,
        { categoryId: query.categoryId, tags: query.tags, unlearned },
        query.quantity,
      );
    },

    /**
     * A practice deck of text or picture cards: those not yet learned in the mode, at most `quantity`; 403
     * once a free user has given the day's last allowed answer.
     */
    async deck(
      signedIn: SignedIn,
      kind: 'text' | 'picture',
      query: CardQuery & {
        quantity?: number;
        mode: 'verbal' | 'typing';
        learnedThreshold: number;
        timeZone: string | undefined;
      },
    ) {
      if (!query.tags?.length) {
        // The practice loop's call: for an active premium user, one statement, the ownership included.
        const deck = await repo.deckOf(decks, {
          categoryId: query.categoryId,
          userId: signedIn.id,
          kind,
          column: query.mode === 'typing' ? 'guessesScoreTyping' : 'guessesScore',
          threshold: query.learnedThreshold,
          limit: query.quantity,
        });
        if (deck.length > 0) return deck;
      }
      // No cards left to learn, or the account is inactive (401), limited (403) or not the owner (404).
      const user = await signedIn.user();
      await practice.assertMayPractise(user, query.timeZone);
      return this.list(user, kind, query);
    },

    async tags(user: User, kind: CardKind, categoryId: number) {
      await listedCategory(user, categoryId, kind);
      return repo.tagsOf(db, categoryId);
    },

    get: (user: User, kind: CardKind, id: number) => ownedCard(user, id, kind),

    async publicTags(kind: CardKind, categoryId: number) {
      const category = await categories.publicCategory(categoryId);
      if (category.typeOfCards !== kind) throw notFound();
      return repo.tagsOf(db, categoryId);
    },

    async publicList(kind: CardKind, query: { categoryId: number; tags?: string[] }) {
      const category = await categories.publicCategory(query.categoryId);
      if (category.typeOfCards !== kind) throw notFound();
      return repo.listCards(db, query);
    },

    async createText(
      user: User,
      input: { first_side: string; second_side: string; category: number; tag?: string },
    ) {
      await targetCategory(user, input.category, 'text');
      const [card] = await repo.insertCards(db, [
        {
          categoryId: input.category,
          firstSide: input.first_side,
          secondSide: input.second_side,
          tag: input.tag ?? '',
        },
      ]);
      return card!;
    },

    async updateText(
      user: User,
      id: number,
      input: { first_side: string; second_side: string; category: number; tag?: string },
    ) {
      await ownedCard(user, id, 'text');
      await targetCategory(user, input.category, 'text');
      return repo.updateCard(db, id, {
        categoryId: input.category,
        firstSide: input.first_side,
        secondSide: input.second_side,
        tag: input.tag,
      });
    },

    /** Many text cards from a file, all or none (one statement); returns how many were added. */
    async uploadText(user: User, categoryId: number, file: UploadedFile | undefined) {
      await targetCategory(user, categoryId, 'text');
      if (!file) throw invalid({ file: 'no_file' });
      if (file.data.length > MAX_CARD_FILE_BYTES) throw invalid({ file: 'card_file_too_large' });
      const parsed = parseCardFile(file.data);
      if (!parsed.ok) throw invalid({ file: parsed.error });
      const created = await repo.insertCards(
        db,
        parsed.cards.map((card) => ({
          categoryId,
          firstSide: card.first_side,
          secondSide: card.second_side,
          tag: card.tag,
        })),
      );
      return created.length;
    },

    async createPicture(
      user: User,
      input: { second_side: string; category: number; tag?: string; first_side?: UploadedFile },
    ) {
      await targetCategory(user, input.category, 'picture');
      if (!input.first_side) throw invalid({ first_side: 'no_file' });
      const key = await storePicture(user, input.first_side);
      const [card] = await withFiles([key], () =>
        repo.insertCards(db, [
          { categoryId: input.category, firstSide: key, secondSide: input.second_side, tag: input.tag ?? '' },
        ]),
      );
      return card!;
    },

    /** The picture changes only when a new one is sent. */
    async updatePicture(
      user: User,
      id: number,
      input: { second_side: string; category: number; tag?: string; first_side?: UploadedFile },
    ) {
      const card = await ownedCard(user, id, 'picture');
      await targetCategory(user, input.category, 'picture');
      const key = input.first_side ? await storePicture(user, input.first_side) : undefined;
      const updated = await withFiles([key], () =>
        repo.updateCard(db, id, {
          categoryId: input.category,
          firstSide: key,
          secondSide: input.second_side,
          tag: input.tag,
        }),
      );
      if (key) await dropFiles([card.firstSide, thumbnailKey(card.firstSide)]);
      return updated;
    },

    async createKids(
      user: User,
      input: {
        second_side: string;
        category: number;
        language: string;
        first_side?: UploadedFile;
        audio?: UploadedFile;
      },
    ) {
      await targetCategory(user, input.category, 'kids');
      if (!input.first_side) throw invalid({ first_side: 'no_file' });
      const audioKey = input.audio ? await storeAudio(user, input.audio) : undefined;
      const imageKey = await withFiles([audioKey], () => storePicture(user, input.first_side!));
      const [card] = await withFiles([imageKey, audioKey], () =>
        repo.insertCards(db, [
          {
            categoryId: input.category,
            firstSide: imageKey,
            secondSide: input.second_side,
            language: input.language,
            audio: audioKey ?? null,
          },
        ]),
      );
      return card!;
    },

    async updateKids(
      user: User,
      id: number,
      input: {
        second_side: string;
        category: number;
        language: string;
        first_side?: UploadedFile;
        audio?: UploadedFile;
      },
    ) {
      const card = await ownedCard(user, id, 'kids');
      await targetCategory(user, input.category, 'kids');
      const audioKey = input.audio ? await storeAudio(user, input.audio) : undefined;
      const imageKey = input.first_side
        ? await withFiles([audioKey], () => storePicture(user, input.first_side!))
        : undefined;
      const updated = await withFiles([imageKey, audioKey], () =>
        repo.updateCard(db, id, {
          categoryId: input.category,
          firstSide: imageKey,
          secondSide: input.second_side,
          language: input.language,
          audio: audioKey,
        }),
      );
      await dropFiles([
        ...(imageKey ? [card.firstSide, thumbnailKey(card.firstSide)] : []),
        ...(audioKey ? [card.audio] : []),
      ]);
      return updated;
    },

    async remove(user: User, kind: CardKind, id: number) {
      const card = await ownedCard(user, id, kind);
      await repo.deleteCard(db, id);
      if (kind !== 'text') await dropFiles([card.firstSide, thumbnailKey(card.firstSide), card.audio]);
    },
  };
};

export type CardsService = ReturnType<typeof createCardsService>;
