import type { FilePart as UploadedFile } from '@flashcards/contract';
import {
  CARD_FILE_MAX_BYTES,
  clozeAnswer,
  clozeCards,
  clozeNumbers,
  clozeQuestion,
  type Occlusion,
  type OcclusionMask,
  type OcclusionMode,
  occlusionsOf,
} from '@flashcards/contract';
import type { Database, Transaction } from '../../db/client';
import type { cards } from '../../db/schema';
import type { CardKind } from '../../db/schema/card-type';
import { type Actor, authorize, type Rule } from '../../lib/access';
import { conflict, invalid, notFound } from '../../lib/api-error';
import type { Clock } from '../../lib/clock';
import { occludedPicture } from '../../lib/images';
import type { SignedIn } from '../../lib/routes';
import type { MediaStorage } from '../../lib/storage';
import { bytesOf } from '../../plugins/multipart';
import type { CategoriesService, CategoryInsert } from '../categories/categories.service';
import type { MediaFiles, MediaService } from '../media/media.service';
import type { PracticeService } from '../practice/practice.service';
import { userMediaPrefix } from '../users/users.service';
import { isZip } from './anki-import';
import { type ExportCard, type ExportFormat, toApkg, toCsv, toQuizlet } from './card-export';
import { parseCardFile } from './card-file';
import { storeCardAudio, storeCardPicture } from './card-media';
import { cardPolicy } from './cards.policy';
import * as repo from './cards.repository';

/** A card to copy: the source's sides, tag, language and media keys. */
export type CopySource = {
  firstSide: string;
  secondSide: string;
  tag: string;
  language: string;
  audio: string | null;
  sourceCardId?: number | null;
  occlusion?: Occlusion | null;
};

/**
 * Lets go of the pictures of cards that go or change their picture: an image occlusion card's picture goes
 * only when no other card of it is left (they share it).
 */
export const releaseCardPictures = (
  files: MediaFiles,
  /** `occlusion` is set on an image occlusion card. */
  cards: { firstSide: string; occlusion?: unknown }[],
) => {
  files.remove(
    cards.filter((card) => !card.occlusion).map((card) => card.firstSide),
    { thumbnails: true },
  );
  const shared = cards.filter((card) => card.occlusion).map((card) => card.firstSide);
  if (shared.length > 0) files.remove(shared, { thumbnails: true, inUse: repo.occlusionPicturesInUse });
};

/** The card as the editing device last saw it (an edit made without the network). */
type EditBase = { base_first_side?: string; base_second_side?: string; base_tag?: string };
const baseOf = (input: EditBase): repo.CardBase => ({
  firstSide: input.base_first_side,
  secondSide: input.base_second_side,
  tag: input.base_tag,
});

export type CardQuery = { categoryId: number; tags?: string[]; search?: string };

export const createCardsService = ({
  db,
  storage,
  media,
  clock,
  categories,
  practice,
  publicUrl = '',
}: {
  /** The site's address: exported picture URLs are absolute (a root-relative URL outside the site is useless). */
  publicUrl?: string;
  db: Database;
  storage: MediaStorage;
  media: MediaService;
  clock: Clock;
  categories: CategoriesService;
  practice: PracticeService;
}) => {
  const absolute = (url: string) => (url.startsWith('/') ? `${publicUrl}${url}` : url);
  const decks = repo.prepareDeckQueries(db, practice.entitlements);

  /** The user's own category of this kind, named by a query parameter: anything else does not exist. */
  const listedCategory = async (user: Actor, categoryId: number, kind: CardKind) => {
    const category = await categories.owned(user, categoryId);
    if (category.typeOfCards !== kind) throw notFound();
    return category;
  };

  /** The user's own category of this kind, named in a body: a category of another kind is a field error. */
  const targetCategory = async (user: Actor, categoryId: number, kind: CardKind) => {
    const category = await categories.owned(user, categoryId);
    if (category.typeOfCards !== kind) throw invalid({ category: 'category_kind_mismatch' });
    return category;
  };

  /** The user's own card of this kind: a card of another kind (another route's) does not exist here. */
  const ownedCard = async (
    user: Actor,
    id: number,
    kind: CardKind,
    rule: Rule<{ userId: number }> = cardPolicy.change,
  ) => {
    const row = authorize(user, rule, await repo.findCard(db, id));
    if (row.kind !== kind) throw notFound();
    return row.card;
  };

  /**
   * The card an edit left, or 409 `card_changed` when the edit was made on top of a version the card no
   * longer has (another device changed it meanwhile): the learner sees both and chooses.
   */
  const editedCard = <T>(card: T | undefined) => {
    if (!card) throw conflict('card_changed');
    return card;
  };

  const storePicture = (files: MediaFiles, user: Actor, file: UploadedFile) =>
    storeCardPicture(files, user.id, bytesOf(file));
  const storeAudio = (files: MediaFiles, user: Actor, file: UploadedFile) =>
    storeCardAudio(files, user.id, bytesOf(file));

  /**
   * A change of cards with its media files and, in the same transaction, the content-change mark of each
   * category it touches (the catalog's review of updates and the revision a reviewer approves).
   */
  const changing = async <T>(
    categoryIds: number[],
    write: (tx: Transaction) => Promise<T>,
    files?: MediaFiles,
  ) => {
    const change = async (tx: Transaction) => {
      const written = await write(tx);
      for (const id of new Set(categoryIds)) await categories.changedWithin(tx, id);
      return written;
    };
    const result = await (files ? files.transaction(change) : db.transaction(change));
    await categories.contentChanged(categoryIds);
    return result;
  };

  return {
    /**
     * A copy of cards as a new category of the user's, scores zero, in one transaction with the caller's
     * own writes (`within`): the media are copied under the user's keys first, and go again unless the
     * transaction commits. Used by adoption from the catalog and by accepting a privately sent category.
     */
    async copyCategory(
      userId: number,
      values: Omit<CategoryInsert, 'userId'>,
      sources: CopySource[],
      within?: (tx: Transaction, categoryId: number) => Promise<unknown>,
    ) {
      const withMedia = values.typeOfCards !== 'text';
      const prefix = userMediaPrefix(userId);
      return media.change(async (files) => {
        const rows: Omit<typeof cards.$inferInsert, 'categoryId'>[] = [];
        // The image occlusion cards of one picture share one copy of it, as they share the original.
        const sharedCopies = new Map<string, string>();
        const copyPicture = async (card: CopySource) => {
          if (!card.occlusion) return files.copy(card.firstSide, `${prefix}/cards`, true);
          let copy = sharedCopies.get(card.firstSide);
          if (!copy) {
            copy = await files.copy(card.firstSide, `${prefix}/cards`, true);
            sharedCopies.set(card.firstSide, copy);
          }
          return copy;
        };
        for (const card of sources)
          rows.push({
            firstSide: withMedia ? await copyPicture(card) : card.firstSide,
            secondSide: card.secondSide,
            tag: card.tag,
            language: card.language,
            audio: card.audio ? await files.copy(card.audio, `${prefix}/audio`, false) : null,
            sourceCardId: card.sourceCardId ?? null,
            occlusion: card.occlusion ?? null,
          });
        return files.transaction(async (tx) => {
          const category = await categories.insertCopy(tx, { ...values, userId });
          if (rows.length > 0)
            await repo.insertCards(
              tx,
              rows.map((row) => ({ ...row, categoryId: category.id })),
            );
          await within?.(tx, category.id);
          return category.id;
        });
      });
    },

    /** Every card of a category, oldest first (for a copy of it). */
    allOf: (categoryId: number) => repo.listCards(db, { categoryId }),

    async page(user: Actor, kind: CardKind, query: CardQuery, limit: number, offset: number) {
      await listedCategory(user, query.categoryId, kind);
      const filter = { ...query, searchFirstSide: kind === 'text' };
      const [total, rows] = await Promise.all([
        repo.countCards(db, filter),
        repo.pageOfCards(db, filter, limit, offset),
      ]);
      return { total, rows };
    },

    /** The kids cards of a category, all of them (at most `quantity`). */
    async kidsList(user: Actor, query: CardQuery & { quantity?: number }) {
      await listedCategory(user, query.categoryId, 'kids');
      return repo.listCards(db, { categoryId: query.categoryId, tags: query.tags }, query.quantity);
    },

    /**
     * A practice deck of text or picture cards: those not yet learned in the mode, at most `quantity`; 403
     * once a free user has given the day's last allowed answer.
     */
    async deck(
      signedIn: SignedIn,
      kind: 'text' | 'picture',
      query: CardQuery & { quantity?: number; mode: 'verbal' | 'typing' },
    ) {
      const column = query.mode === 'typing' ? 'guessesScoreTyping' : 'guessesScore';
      const threshold = practice.learnedThreshold;
      if (!query.tags?.length) {
        // The practice loop's call: for an active premium user, one statement, the ownership included.
        const deck = await repo.deckOf(decks, {
          categoryId: query.categoryId,
          userId: signedIn.id,
          tokenVersion: signedIn.version,
          kind,
          column,
          threshold,
          limit: query.quantity,
          now: clock.now(),
        });
        if (deck.length > 0) return deck;
      }
      // No cards left to learn, or the account is inactive (401), limited (403) or not the owner (404).
      const user = await signedIn.actor();
      await practice.assertMayPractise(user);
      await listedCategory(user, query.categoryId, kind);
      return repo.listCards(
        db,
        { categoryId: query.categoryId, tags: query.tags, unlearned: { column, threshold } },
        query.quantity,
      );
    },

    /**
     * The user's own category (404 for anyone else's) with its cards' sides and tags, oldest first, for
     * drafting a test from them: the caller decides what a card of its kind can become.
     */
    async forTest(user: Actor, categoryId: number) {
      const category = await categories.owned(user, categoryId);
      const rows = await repo.listCards(db, { categoryId });
      return {
        category: { id: category.id, name: category.name, kind: category.typeOfCards },
        // A cloze card asks for its gaps: its question has them hidden, its answer is what fills them.
        cards: rows.map((card) => {
          const cloze = category.typeOfCards === 'text' && clozeNumbers(card.firstSide).length > 0;
          return {
            id: card.id,
            front: cloze ? clozeQuestion(card.firstSide) : card.firstSide,
            back: cloze ? clozeAnswer(card.firstSide) : card.secondSide,
            tag: card.tag,
            /** A card asking about a hidden part of its picture: the picture alone does not ask it. */
            occluded: card.occlusion !== null,
          };
        }),
      };
    },

    async tags(user: Actor, kind: CardKind, categoryId: number) {
      await listedCategory(user, categoryId, kind);
      return repo.tagsOf(db, categoryId);
    },

    /** A text card of the user's category with the same first side, if any (a warning, not a rule). */
    async duplicateText(user: Actor, categoryId: number, firstSide: string, excludeId?: number) {
      await listedCategory(user, categoryId, 'text');
      return (await repo.findSameFirstSide(db, categoryId, firstSide, excludeId)) ?? null;
    },

    get: (user: Actor, kind: CardKind, id: number) => ownedCard(user, id, kind, cardPolicy.read),

    async createText(
      user: Actor,
      input: { first_side: string; second_side: string; category: number; tag?: string },
    ) {
      await targetCategory(user, input.category, 'text');
      // A cloze text makes a card per cloze number (all in one statement); any other text one card.
      const sides = clozeCards(input.first_side);
      const [card] = await changing([input.category], (tx) =>
        repo.insertCards(
          tx,
          (sides.length > 0 ? sides : [input.first_side]).map((firstSide) => ({
            categoryId: input.category,
            firstSide,
            secondSide: input.second_side,
            tag: input.tag ?? '',
          })),
        ),
      );
      return card!;
    },

    async updateText(
      user: Actor,
      id: number,
      input: { first_side: string; second_side: string; category: number; tag?: string } & EditBase,
    ) {
      const card = await ownedCard(user, id, 'text');
      // An edit changes one card: it cannot become several.
      if (clozeNumbers(input.first_side).length > 1) throw invalid({ first_side: 'cloze_one_number' });
      await targetCategory(user, input.category, 'text');
      return changing([card.categoryId, input.category], async (tx) =>
        editedCard(
          await repo.updateCard(
            tx,
            id,
            {
              categoryId: input.category,
              firstSide: input.first_side,
              secondSide: input.second_side,
              tag: input.tag,
            },
            baseOf(input),
          ),
        ),
      );
    },

    /** A new text category of generated cards, marked as AI-made: the category and its cards or nothing. */
    async createAiCategory(
      user: Actor,
      input: {
        name: string;
        topic?: string;
        language?: string;
        cards: { question: string; answer: string; tag: string }[];
      },
    ) {
      const id = await db.transaction(async (tx) => {
        const category = await categories.insert(tx, user, {
          name: input.name,
          topic: input.topic,
          language: input.language,
          type_of_cards: 'text',
          aiCreated: true,
        });
        await repo.insertCards(
          tx,
          input.cards.map((card) => ({
            categoryId: category.id,
            firstSide: card.question,
            secondSide: card.answer,
            tag: card.tag,
          })),
        );
        return category.id;
      });
      return categories.get(user, id);
    },

    /**
     * Many text cards from a file, all or none (one statement); how many were added. The file's bytes decide
     * its kind: a zip is an Anki package, which goes to the import instead (`CardImportsService`).
     */
    async uploadText(user: Actor, categoryId: number, file: UploadedFile | undefined) {
      await targetCategory(user, categoryId, 'text');
      if (!file) throw invalid({ file: 'no_file' });
      if (isZip(file.data)) throw invalid({ file: 'anki_use_import' });
      if (file.data.length > CARD_FILE_MAX_BYTES) throw invalid({ file: 'card_file_too_large' });
      const parsed = parseCardFile(bytesOf(file));
      if (!parsed.ok) throw invalid({ file: parsed.error });
      const created = await changing([categoryId], (tx) =>
        repo.insertCards(
          tx,
          parsed.cards.map((card) => ({
            categoryId,
            firstSide: card.first_side,
            secondSide: card.second_side,
            tag: card.tag,
          })),
        ),
      );
      return { created: created.length, skipped: [] };
    },

    /** The owner's text or picture category as a file; a kids category has no format to go to. */
    async exportCategory(user: Actor, categoryId: number, format: ExportFormat) {
      const category = await categories.owned(user, categoryId);
      if (category.typeOfCards === 'kids') throw conflict('export_kids_category');
      const rows = await repo.listCards(db, { categoryId });
      const cards: ExportCard[] = rows.map((row) => ({
        first: row.firstSide,
        second: row.secondSide,
        tag: row.tag,
        ...(category.typeOfCards === 'picture'
          ? {
              picture: {
                url: absolute(storage.url(row.firstSide)),
                extension: row.firstSide.split('.').pop() ?? 'webp',
                // An image occlusion card's picture as its question shows it, with its rectangles.
                bytes: async () => {
                  const picture = await storage.get(row.firstSide);
                  return row.occlusion ? occludedPicture(picture, row.occlusion) : picture;
                },
              },
            }
          : {}),
      }));
      const name = category.name;
      if (format === 'csv')
        return { name, extension: 'csv', type: 'text/csv; charset=utf-8', data: toCsv(cards) };
      if (format === 'quizlet')
        return { name, extension: 'txt', type: 'text/plain; charset=utf-8', data: toQuizlet(cards) };
      return {
        name,
        extension: 'apkg',
        type: 'application/apkg',
        data: await toApkg(name, cards, clock.now()),
      };
    },

    async createPicture(
      user: Actor,
      input: { second_side: string; category: number; tag?: string; first_side?: UploadedFile },
    ) {
      await targetCategory(user, input.category, 'picture');
      if (!input.first_side) throw invalid({ first_side: 'no_file' });
      const picture = input.first_side;
      const [card] = await media.change(async (files) => {
        const key = await storePicture(files, user, picture);
        return changing(
          [input.category],
          (tx) =>
            repo.insertCards(tx, [
              {
                categoryId: input.category,
                firstSide: key,
                secondSide: input.second_side,
                tag: input.tag ?? '',
              },
            ]),
          files,
        );
      });
      return card!;
    },

    /**
     * Image occlusion: the picture stored once and a card per rectangle, whose answer is what it hides, in
     * one transaction.
     */
    async createOcclusion(
      user: Actor,
      input: {
        category: number;
        tag?: string;
        first_side?: UploadedFile;
        masks: (OcclusionMask & { answer: string })[];
        mode: OcclusionMode;
      },
    ) {
      await targetCategory(user, input.category, 'picture');
      if (!input.first_side) throw invalid({ first_side: 'no_file' });
      const picture = input.first_side;
      const occlusions = occlusionsOf(input.masks, input.mode);
      return media.change(async (files) => {
        const key = await storePicture(files, user, picture);
        return changing(
          [input.category],
          (tx) =>
            repo.insertCards(
              tx,
              input.masks.map((mask, index) => ({
                categoryId: input.category,
                firstSide: key,
                secondSide: mask.answer,
                tag: input.tag ?? '',
                occlusion: occlusions[index],
              })),
            ),
          files,
        );
      });
    },

    /**
     * The picture changes only when a new one is sent; an image occlusion card's cannot (its rectangles are
     * drawn on it, and other cards share it).
     */
    async updatePicture(
      user: Actor,
      id: number,
      input: { second_side: string; category: number; tag?: string; first_side?: UploadedFile } & EditBase,
    ) {
      const card = await ownedCard(user, id, 'picture');
      await targetCategory(user, input.category, 'picture');
      if (card.occlusion && input.first_side) throw invalid({ first_side: 'occlusion_picture_fixed' });
      return media.change(async (files) => {
        const key = input.first_side ? await storePicture(files, user, input.first_side) : undefined;
        if (key) releaseCardPictures(files, [card]);
        return changing(
          [card.categoryId, input.category],
          async (tx) =>
            editedCard(
              await repo.updateCard(
                tx,
                id,
                { categoryId: input.category, firstSide: key, secondSide: input.second_side, tag: input.tag },
                // A picture's first side is its file: a device edits the text beside it.
                { ...baseOf(input), firstSide: undefined },
              ),
            ),
          files,
        );
      });
    },

    async createKids(
      user: Actor,
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
      const picture = input.first_side;
      const [card] = await media.change(async (files) => {
        const audioKey = input.audio ? await storeAudio(files, user, input.audio) : undefined;
        const imageKey = await storePicture(files, user, picture);
        return changing(
          [input.category],
          (tx) =>
            repo.insertCards(tx, [
              {
                categoryId: input.category,
                firstSide: imageKey,
                secondSide: input.second_side,
                language: input.language,
                audio: audioKey ?? null,
              },
            ]),
          files,
        );
      });
      return card!;
    },

    async updateKids(
      user: Actor,
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
      return media.change(async (files) => {
        const audioKey = input.audio ? await storeAudio(files, user, input.audio) : undefined;
        const imageKey = input.first_side ? await storePicture(files, user, input.first_side) : undefined;
        if (imageKey) files.remove([card.firstSide], { thumbnails: true });
        if (audioKey) files.remove([card.audio]);
        return changing(
          [card.categoryId, input.category],
          async (tx) =>
            editedCard(
              await repo.updateCard(tx, id, {
                categoryId: input.category,
                firstSide: imageKey,
                secondSide: input.second_side,
                language: input.language,
                audio: audioKey,
              }),
            ),
          files,
        );
      });
    },

    /** Sets every score of the category's cards to zero; cannot be undone. */
    async resetCategory(user: Actor, categoryId: number) {
      await categories.owned(user, categoryId);
      await repo.resetScores(db, categoryId, clock.now());
    },

    /** Moves the child category's cards into the parent and deletes the child; cannot be undone. */
    async mergeCategories(user: Actor, parentId: number, childId: number) {
      const parent = await categories.owned(user, parentId);
      const child = await categories.owned(user, childId);
      if (parent.id === child.id) throw invalid({ child_category_id: 'merge_same_category' });
      if (parent.typeOfCards !== child.typeOfCards)
        throw invalid({ child_category_id: 'merge_type_mismatch' });
      // The child's cards move; what goes with it are the media of its catalog versions, if any.
      await media.change((files) =>
        files.transaction(async (tx) => {
          await repo.moveCards(tx, child.id, parent.id, clock.now());
          await categories.deleteWithin(tx, child.id, files);
          await categories.changedWithin(tx, parent.id);
        }),
      );
      await categories.contentChanged([parent.id]);
      return categories.detail(parent.id);
    },

    async remove(user: Actor, kind: CardKind, id: number) {
      const card = await ownedCard(user, id, kind);
      await media.change(async (files) => {
        if (kind !== 'text') {
          releaseCardPictures(files, [card]);
          files.remove([card.audio]);
        }
        await changing([card.categoryId], (tx) => repo.deleteCard(tx, id), files);
      });
    },
  };
};

export type CardsService = ReturnType<typeof createCardsService>;
