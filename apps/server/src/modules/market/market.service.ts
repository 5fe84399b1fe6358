import {
  MARKET_SAMPLE_CARDS,
  type MarketChanges,
  type MarketLanguage,
  type MarketTopic,
} from '@flashcards/contract';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { marketVersionCards } from '../../db/schema';
import type { CardKind } from '../../db/schema/card-type';
import { type Actor, authorize, rules } from '../../lib/access';
import { conflict, invalid, notFound } from '../../lib/api-error';
import type { Clock } from '../../lib/clock';
import type { JobQueue } from '../../lib/jobs';
import type { MediaStorage } from '../../lib/storage';
import { type CardsService, releaseCardPictures } from '../cards/cards.service';
import type { CategoriesService } from '../categories/categories.service';
import { queueMail } from '../mail/mail.jobs';
import type { MediaService } from '../media/media.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { userMediaPrefix } from '../users/users.service';
import {
  type ComparableCard,
  detailsChanged,
  diffCards,
  fromLiveCard,
  fromVersionCard,
} from './market.changes';
import { type ReviewOutcome, reviewMail } from './market.emails';
import { marketPolicy } from './market.policy';
import { toMarketCard } from './market.presenter';
import * as repo from './market.repository';
import { bulgarianStems, searchTerms } from './search-text';

export type PublishInput = {
  name?: string;
  description?: string;
  language?: MarketLanguage;
  topic?: MarketTopic;
  market_accessible?: boolean;
};

export type CatalogListQuery = {
  page: number;
  search?: string;
  language?: string;
  topic?: string;
  order?: 'most_download' | 'last_update' | 'top_rate';
  limit: number;
  offset: number;
};

export const createMarketService = ({
  db,
  config,
  clock,
  storage,
  media,
  jobs,
  categories,
  cards,
  notifications,
}: {
  db: Database;
  config: Config;
  clock: Clock;
  storage: MediaStorage;
  media: MediaService;
  jobs: JobQueue;
  categories: CategoriesService;
  cards: CardsService;
  notifications: NotificationsService;
}) => {
  /** A category on the catalog (its approved version); anything else does not exist (404). */
  const listed = async (id: number) => {
    const row = await repo.findListing(db, id);
    if (!row) throw notFound();
    return row;
  };

  const mailAuthor = async (
    category: { userId: number; name: string },
    outcome: ReviewOutcome,
    reason = '',
  ) => {
    const author = await repo.findAuthor(db, category.userId);
    if (!author) return;
    await queueMail(
      jobs,
      reviewMail(author.language, outcome, {
        to: author.email,
        name: author.firstName,
        category: category.name,
        reason,
        url: `${config.publicUrl}/my-categories`,
        site: config.site.name,
      }),
    );
  };

  /**
   * Approves the category's current content as its new catalog version: media are copied for the version
   * before the transaction (unchanged ones reuse the previous version's copy), and go again unless it
   * commits; the reviewed revision must still be the category's (409 otherwise).
   */
  const approveRevision = async (id: number, revision: number, { decided = false } = {}) => {
    const category = await repo.findCategory(db, id);
    if (!category?.marketAccessible) throw notFound();
    if (category.marketApprovement !== 'pending') throw conflict('market_not_pending');
    if (category.revision !== revision) throw conflict('market_revision_changed');
    const [cards, previous] = await Promise.all([
      repo.liveCards(db, id),
      category.marketVersionId ? repo.versionCards(db, category.marketVersionId) : Promise.resolve([]),
    ]);
    const withMedia = category.typeOfCards !== 'text';
    const previousBySource = new Map(previous.map((card) => [card.sourceCardId, card]));
    const prefix = `${userMediaPrefix(category.userId)}/market`;
    return media.change(async (files) => {
      const copy = files.copy;
      // The image occlusion cards of one picture share the version's one copy of it.
      const sharedCopies = new Map<string, string>();
      const copyPicture = async (key: string, shared: boolean) => {
        const made = shared ? sharedCopies.get(key) : undefined;
        if (made) return made;
        const copied = await copy(key, prefix, true);
        if (shared) sharedCopies.set(key, copied);
        return copied;
      };
      const versionCards: Omit<typeof marketVersionCards.$inferInsert, 'versionId'>[] = [];
      for (const [position, card] of cards.entries()) {
        const before = previousBySource.get(card.id);
        let firstSide = card.firstSide;
        let audio = card.audio;
        if (withMedia) {
          firstSide =
            before && before.sourceFirstSide === card.firstSide
              ? before.firstSide
              : await copyPicture(card.firstSide, card.occlusion !== null);
          if (card.occlusion) sharedCopies.set(card.firstSide, firstSide);
          audio = !card.audio
            ? null
            : before && before.sourceAudio === card.audio && before.audio
              ? before.audio
              : await copy(card.audio, prefix, false);
        }
        versionCards.push({
          sourceCardId: card.id,
          firstSide,
          sourceFirstSide: withMedia ? card.firstSide : null,
          secondSide: card.secondSide,
          tag: card.tag,
          language: card.language,
          audio,
          sourceAudio: withMedia ? card.audio : null,
          occlusion: card.occlusion,
          position,
        });
      }
      const text = [
        category.name,
        category.description,
        ...cards.flatMap((card) => [card.secondSide, card.tag, withMedia ? '' : card.firstSide]),
      ].join('\n');
      const now = clock.now();
      await files.transaction(async (tx) => {
        const locked = await repo.lockCategory(tx, id);
        if (!locked?.marketAccessible) throw notFound();
        if (locked.revision !== revision || locked.marketApprovement !== 'pending')
          throw conflict('market_revision_changed');
        const version = await repo.insertVersion(tx, {
          categoryId: id,
          number: await repo.nextVersionNumber(tx, id),
          name: locked.name,
          description: locked.description,
          language: locked.language,
          topic: locked.topic,
          typeOfCards: locked.typeOfCards,
          approvedAt: now,
          revision,
          cardsCount: cards.length,
          searchText: text,
          searchStems: bulgarianStems(text),
        });
        await repo.insertVersionCards(
          tx,
          versionCards.map((card) => ({ ...card, versionId: version.id })),
        );
        await repo.upsertListing(tx, locked, version);
        await repo.updateCategory(tx, id, {
          marketApprovement: 'approved',
          marketRejectionReason: '',
          marketVersionId: version.id,
        });
        // A reviewer's decision is told; approvals without moderation (each change) are not.
        if (decided)
          await notifications.notify(tx, [locked.userId], 'catalog_approved', { category: locked.name });
      });
      return category;
    });
  };

  const queueItemOf = async (id: number) => {
    const row = await repo.queueItem(db, id);
    if (!row) throw notFound();
    return row;
  };

  /** A version's or a live category's cards, for the catalog's card shape. */
  const presentCard = <
    T extends { id: number; firstSide: string; secondSide: string; tag: string; audio: string | null },
  >(
    card: ComparableCard<T>,
    kind: CardKind,
  ) => toMarketCard(card.row, kind, storage);

  const presentChanges = <
    B extends repo.VersionCardRow | repo.CardRow,
    A extends repo.VersionCardRow | repo.CardRow,
  >(
    changes: ReturnType<typeof diffCards<B, A>>,
    kind: CardKind,
    details: boolean,
  ): MarketChanges => ({
    added: changes.added.map((card) => presentCard(card, kind)),
    changed: changes.changed.map(({ before, after }) => ({
      before: presentCard(before, kind),
      after: presentCard(after, kind),
    })),
    removed: changes.removed.map((card) => presentCard(card, kind)),
    details_changed: details,
  });

  /** An adopted copy of the user's, with the catalog row of its source (404 for anything else). */
  const ownCopy = async (user: Actor, id: number) => {
    const copy = authorize(user, rules.owner, await repo.findCategory(db, id));
    if (copy.adoptedFromId === null) throw notFound();
    const listing = await repo.findListing(db, copy.adoptedFromId);
    const update =
      listing && copy.adoptedVersionId !== null && listing.version.id !== copy.adoptedVersionId
        ? listing
        : undefined;
    return { copy, listing, update };
  };

  const updateChanges = async (copy: repo.CategoryRow, listing: repo.ListingRow) => {
    const [before, after, adopted] = await Promise.all([
      repo.versionCards(db, copy.adoptedVersionId!),
      repo.versionCards(db, listing.version.id),
      copy.adoptedVersionId ? repo.findVersion(db, copy.adoptedVersionId) : undefined,
    ]);
    return {
      changes: diffCards(before.map(fromVersionCard), after.map(fromVersionCard)),
      details: adopted ? detailsChanged(adopted, listing.version) : false,
    };
  };

  // Without moderation, every committed change of a published category is approved as it happens.
  if (config.marketAutoApprove)
    categories.onContentChanged(async (id) => {
      const category = await repo.findCategory(db, id);
      if (category?.marketApprovement === 'pending' && category.marketAccessible)
        await approveRevision(id, category.revision);
    });

  return {
    /** Publishes the owner's category (it waits for review, or is approved with MARKET_AUTO_APPROVE) or removes it. */
    async publish(user: Actor, id: number, input: PublishInput) {
      const category = authorize(user, marketPolicy.publish, await repo.findCategory(db, id));
      if (input.market_accessible === false) {
        await db.transaction(async (tx) => {
          await repo.updateCategory(tx, id, {
            marketAccessible: false,
            marketApprovement: 'none',
            marketRejectionReason: '',
          });
          await repo.deleteListing(tx, id);
        });
        return categories.detail(id);
      }
      if ((await repo.countLiveCards(db, id)) === 0) throw invalid({ non_field_errors: 'market_no_cards' });
      const details = {
        name: input.name!,
        description: input.description!,
        language: input.language!,
        topic: input.topic!,
      };
      const changed = detailsChanged(category, details);
      const listedNow = category.marketApprovement === 'approved' && category.marketAccessible;
      const waiting = category.marketApprovement === 'pending' && category.marketAccessible;
      const now = clock.now();
      await db.transaction(async (tx) => {
        await repo.updateCategory(tx, id, { ...details, marketAccessible: true });
        // Changed details of a listed category send it to review again (the content-change mark does).
        if (changed) await categories.changedWithin(tx, id);
        if (!listedNow && !waiting)
          await repo.updateCategory(tx, id, {
            marketApprovement: 'pending',
            marketRejectionReason: '',
            marketSubmittedAt: now,
          });
      });
      if (config.marketAutoApprove) {
        const current = await repo.findCategory(db, id);
        if (current?.marketApprovement === 'pending') await approveRevision(id, current.revision);
      }
      return categories.detail(id);
    },

    async catalog(query: CatalogListQuery) {
      const search = query.search?.trim() || undefined;
      return repo.catalogPage(db, {
        search,
        terms: search ? searchTerms(search) : [],
        language: query.language,
        topic: query.topic,
        order: query.order ?? (search ? 'relevance' : 'last_update'),
        limit: query.limit,
        offset: query.offset,
      });
    },

    /** A catalog category with sample cards and, for a signed-in reader, what they did with it. */
    async detail(actor: Actor | null, id: number) {
      const row = await listed(id);
      const [sample, facts] = await Promise.all([
        repo.versionCards(db, row.version.id, MARKET_SAMPLE_CARDS),
        actor ? repo.readerFacts(db, id, actor.id) : Promise.resolve(undefined),
      ]);
      return {
        row,
        sample: sample.map((card) => toMarketCard(card, row.version.typeOfCards, storage)),
        myRating: facts?.rating ?? null,
        reportedByMe: facts?.reported ?? false,
        myCopy: facts?.copy ?? null,
        isMine: actor?.id === row.listing.userId,
      };
    },

    async rate(user: Actor, id: number, rating: number) {
      const row = await listed(id);
      authorize(user, marketPolicy.rate, row.listing);
      const result = await db.transaction((tx) => repo.upsertRating(tx, id, user.id, rating, clock.now()));
      return {
        rating: result.rating === null ? null : Math.round(result.rating * 100) / 100,
        ratings_count: result.ratingsCount,
        my_rating: rating,
      };
    },

    async report(user: Actor, id: number, reason: string) {
      const row = await listed(id);
      authorize(user, marketPolicy.report, row.listing);
      const report = await repo.insertReport(db, {
        categoryId: id,
        userId: user.id,
        reason,
        createdAt: clock.now(),
      });
      if (!report) throw conflict('market_already_reported');
      return { id: report.id, reason: report.reason, created_at: report.createdAt.toISOString() };
    },

    /**
     * Adopts a catalog category: its approved version's details, cards and media become a category of the
     * user's, scores zero, in one transaction; the media are copied first and go again unless it commits.
     */
    async adopt(user: Actor, id: number) {
      const row = await listed(id);
      authorize(user, marketPolicy.adopt, row.listing);
      const existing = await repo.findCopy(db, user.id, id);
      if (existing) throw conflict('market_already_adopted', { name: existing.name });
      const { version } = row;
      const versionCards = await repo.versionCards(db, version.id);
      let copyId: number;
      try {
        copyId = await cards.copyCategory(
          user.id,
          {
            name: version.name,
            description: version.description,
            language: version.language,
            topic: version.topic,
            typeOfCards: version.typeOfCards,
            adoptedFromId: id,
            adoptedVersionId: version.id,
          },
          versionCards,
          (tx) => repo.countAdoption(tx, id),
        );
      } catch (error) {
        // Two adoptions at once: the unique index keeps one.
        if (isUniqueViolation(error)) {
          const other = await repo.findCopy(db, user.id, id);
          throw conflict('market_already_adopted', { name: other?.name ?? version.name });
        }
        throw error;
      }
      return categories.detail(copyId);
    },

    /** Whether the author's newer approved version can be applied to my copy, and what it changes. */
    async adoptedUpdate(user: Actor, id: number) {
      const { copy, update } = await ownCopy(user, id);
      if (!update) return { available: false, approved_at: null, changes: null };
      const { changes, details } = await updateChanges(copy, update);
      return {
        available: true,
        approved_at: update.version.approvedAt.toISOString(),
        changes: presentChanges(changes, update.version.typeOfCards, details),
      };
    },

    /**
     * Applies the newer version to my copy: new cards come in, removed ones go, changed ones change and
     * keep my scores unless their answer changed; cards I added myself stay.
     */
    async applyUpdate(user: Actor, id: number) {
      const { copy, update } = await ownCopy(user, id);
      if (!update) throw conflict('market_no_update');
      const { changes, details } = await updateChanges(copy, update);
      const mine = await repo.liveCards(db, id);
      const bySource = new Map(
        mine.flatMap((card) => (card.sourceCardId === null ? [] : [[card.sourceCardId, card] as const])),
      );
      const withMedia = update.version.typeOfCards !== 'text';
      const prefix = userMediaPrefix(user.id);
      await media.change(async (files) => {
        const copyFile = files.copy;
        // New image occlusion cards of one picture share one copy of it.
        const sharedCopies = new Map<string, string>();
        const copyPicture = async (card: { firstSide: string; occlusion: unknown }) => {
          const made = card.occlusion ? sharedCopies.get(card.firstSide) : undefined;
          if (made) return made;
          const copied = await copyFile(card.firstSide, `${prefix}/cards`, true);
          if (card.occlusion) sharedCopies.set(card.firstSide, copied);
          return copied;
        };
        const added: repo.CardInsert[] = [];
        for (const { row: card } of changes.added) {
          if (bySource.has(card.sourceCardId)) continue;
          added.push({
            categoryId: id,
            firstSide: withMedia ? await copyPicture(card) : card.firstSide,
            secondSide: card.secondSide,
            tag: card.tag,
            language: card.language,
            audio: card.audio ? await copyFile(card.audio, `${prefix}/audio`, false) : null,
            sourceCardId: card.sourceCardId,
            occlusion: card.occlusion,
          });
        }
        const changed: { id: number; values: Partial<repo.CardInsert> }[] = [];
        for (const { before, after } of changes.changed) {
          const card = bySource.get(after.sourceId);
          if (!card) continue;
          const values: Partial<repo.CardInsert> = {
            secondSide: after.second,
            tag: after.tag,
            language: after.language,
          };
          if (!withMedia) values.firstSide = after.first;
          else if (before.first !== after.first) {
            values.firstSide = await copyPicture(after.row);
            releaseCardPictures(files, [card]);
          }
          if (before.audio !== after.audio) {
            values.audio = after.row.audio ? await copyFile(after.row.audio, `${prefix}/audio`, false) : null;
            files.remove([card.audio]);
          }
          if (before.second !== after.second)
            Object.assign(values, {
              guessesScore: 0,
              incorrectGuessesScore: 0,
              guessesScoreTyping: 0,
              incorrectGuessesScoreTyping: 0,
            });
          changed.push({ id: card.id, values });
        }
        const removed = changes.removed.flatMap(({ sourceId }) => {
          const card = bySource.get(sourceId);
          return card ? [card] : [];
        });
        if (withMedia) {
          releaseCardPictures(files, removed);
          files.remove(removed.map((card) => card.audio));
        }
        await files.transaction(async (tx) => {
          await repo.deleteCards(
            tx,
            removed.map((card) => card.id),
          );
          for (const { id: cardId, values } of changed) await repo.updateCard(tx, cardId, values);
          await repo.insertCards(tx, added);
          await repo.updateCategory(tx, id, {
            adoptedVersionId: update.version.id,
            ...(details
              ? {
                  name: update.version.name,
                  description: update.version.description,
                  language: update.version.language,
                  topic: update.version.topic,
                }
              : {}),
          });
          await categories.changedWithin(tx, id);
        });
      });
      return categories.detail(id);
    },

    async queue(limit: number, offset: number) {
      return repo.reviewQueue(db, limit, offset);
    },

    /** A category for review: its current cards, the changes since its approved version, its open reports. */
    async review(id: number) {
      const row = await queueItemOf(id);
      if (row.category.marketApprovement === 'none') throw notFound();
      const [live, approved, reports] = await Promise.all([
        repo.liveCards(db, id),
        row.category.marketVersionId ? repo.findVersion(db, row.category.marketVersionId) : undefined,
        repo.openReportsOf(db, id),
      ]);
      const kind = row.category.typeOfCards;
      let changes: MarketChanges | null = null;
      if (approved) {
        const before = await repo.versionCards(db, approved.id);
        changes = presentChanges(
          diffCards(before.map(fromVersionCard), live.map(fromLiveCard)),
          kind,
          detailsChanged(approved, row.category),
        );
      }
      return {
        row,
        cards: live.map((card) => toMarketCard(card, kind, storage)),
        changes,
        reports,
      };
    },

    async approve(id: number, revision: number) {
      const category = await approveRevision(id, revision, { decided: true });
      await mailAuthor(category, 'approved');
      return queueItemOf(id);
    },

    async reject(id: number, revision: number, reason: string) {
      const category = await db.transaction(async (tx) => {
        const locked = await repo.lockCategory(tx, id);
        if (!locked?.marketAccessible) throw notFound();
        if (locked.marketApprovement !== 'pending') throw conflict('market_not_pending');
        if (locked.revision !== revision) throw conflict('market_revision_changed');
        await repo.updateCategory(tx, id, { marketApprovement: 'rejected', marketRejectionReason: reason });
        await notifications.notify(tx, [locked.userId], 'catalog_rejected', {
          category: locked.name,
          reason,
        });
        return locked;
      });
      await mailAuthor(category, 'rejected', reason);
      return queueItemOf(id);
    },

    /** Takes a category off the catalog with a reason; its open reports close. */
    async withdraw(id: number, reason: string) {
      const category = await db.transaction(async (tx) => {
        const locked = await repo.lockCategory(tx, id);
        if (!locked?.marketAccessible) throw notFound();
        await repo.updateCategory(tx, id, {
          marketAccessible: false,
          marketApprovement: 'rejected',
          marketRejectionReason: reason,
        });
        await repo.deleteListing(tx, id);
        await repo.closeReportsOf(tx, id, clock.now());
        return locked;
      });
      await mailAuthor(category, 'withdrawn', reason);
      return { id };
    },

    reports: (limit: number, offset: number) => repo.openReports(db, limit, offset),

    async dismissReport(id: number) {
      if (!(await repo.closeReport(db, id, clock.now()))) throw notFound();
    },

    /** The tags of a catalog category's approved cards (public practice). */
    async publicTags(kind: CardKind, categoryId: number) {
      const row = await listed(categoryId);
      if (row.version.typeOfCards !== kind) throw notFound();
      return repo.versionTags(db, row.version.id);
    },

    /** The approved cards of a catalog category (public practice); their ids are the version's card ids. */
    async publicCards(kind: CardKind, categoryId: number, tags?: string[]) {
      const row = await listed(categoryId);
      if (row.version.typeOfCards !== kind) throw notFound();
      return {
        approvedAt: row.version.approvedAt,
        cards: await repo.versionCardsByTags(db, row.version.id, tags),
      };
    },
  };
};

const isUniqueViolation = (error: unknown): boolean => {
  for (
    let current = error;
    current && typeof current === 'object';
    current = (current as { cause?: unknown }).cause
  )
    if ((current as { code?: unknown }).code === '23505') return true;
  return false;
};

export type MarketService = ReturnType<typeof createMarketService>;
