import { randomUUID } from 'node:crypto';
import { rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setImmediate } from 'node:timers/promises';
import type { CardImport, StagedFile } from '@flashcards/contract';
import type { Language } from '@flashcards/i18n';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { cards } from '../../db/schema';
import { type Actor, authorize } from '../../lib/access';
import { ApiError, conflict, invalid } from '../../lib/api-error';
import type { Clock } from '../../lib/clock';
import type { JobOptions, JobQueue } from '../../lib/jobs';
import type { MediaStorage } from '../../lib/storage';
import { translateMessage } from '../../lib/translate';
import type { CategoriesService } from '../categories/categories.service';
import type { MediaService } from '../media/media.service';
import { userMediaPrefix } from '../users/users.service';
import {
  type AnkiCard,
  type AnkiPackage,
  AnkiRefused,
  isZipFile,
  type NoteCards,
  openAnkiPackage,
  type SkippedNote,
} from './anki-import';
import * as repo from './card-imports.repository';
import { storeCardAudio, storeCardPicture } from './card-media';
import { cardPolicy } from './cards.policy';
import { insertManyCards } from './cards.repository';

export const CARD_IMPORT_JOB = 'cards.import';

/** An attempt may take a while for a large deck; a process that dies is noticed by its heartbeat sooner. */
export const cardImportJobOptions = {
  retryLimit: 2,
  retryDelaySeconds: 10,
  expireInSeconds: 15 * 60,
} satisfies JobOptions;
/** Past this an import that has not ended reads as failed: every attempt of its job has had its time. */
const IMPORT_SECONDS = 60 * 60;

/** An ended import is kept this long for its asker to read its outcome. */
const KEEP_ENDED_DAYS = 30;

/** A running import writes its progress every so many notes, and between them when a while has passed. */
const PROGRESS_EVERY_NOTES = 100;
const PROGRESS_EVERY_MS = 250;

/** Cards whose picture or sound is being stored at once: enough to keep the cores busy. */
const MEDIA_AT_ONCE = 3;

/** An import's card, waiting for the one transaction that adds them all. */
type CardValues = typeof cards.$inferInsert;

/**
 * Imports of Anki packages of any size, as jobs: the package is stored when it is uploaded, read by the
 * job note by note (its pictures and sounds one at a time), and its cards are added in one transaction at
 * the end, with the import's outcome. A job that dies is run again from the start: nothing it did counts
 * until that transaction, and the files it stored are swept.
 */
export const createCardImportsService = ({
  db,
  storage,
  media,
  clock,
  jobs,
  categories,
  log,
}: {
  db: Database;
  storage: MediaStorage;
  media: MediaService;
  clock: Clock;
  jobs: JobQueue;
  categories: CategoriesService;
  log: FastifyBaseLogger;
}) => {
  const present = (row: repo.CardImportRow, language: Language): CardImport => {
    const expired = row.status !== 'SUCCESS' && row.status !== 'FAILURE' && row.expiresAt <= clock.now();
    const error = row.error ?? (expired ? { key: 'anki_import_timeout' } : null);
    return {
      id: row.id,
      category_id: row.categoryId,
      status: expired ? 'FAILURE' : row.status,
      done: row.done,
      total: row.total,
      created: row.created,
      skipped: row.skipped,
      error: error && translateMessage(language, error),
    };
  };

  const fail = (row: repo.CardImportRow, error: AnkiRefused['reason']) =>
    media.change((files) =>
      files.transaction(async (tx) => {
        if (await repo.finishImport(tx, row.id, { status: 'FAILURE', error }, clock.now()))
          files.remove([row.packageKey]);
      }),
    );

  /**
   * The cards of the package's notes, their pictures and sounds stored as they come, with the notes left
   * out; progress is written as the notes are read.
   */
  const readCards = async (
    row: repo.CardImportRow,
    pkg: AnkiPackage,
    files: Parameters<Parameters<MediaService['change']>[0]>[0],
    kind: 'text' | 'picture' | 'kids',
  ) => {
    type Made = { values: CardValues } | { skipped: SkippedNote } | undefined;
    const values: CardValues[] = [];
    const skipped: SkippedNote[] = [];
    /** The notes already listed for a picture or sound that is not one (a note lists each reason once). */
    const badMedia = new Set<number>();
    const take = (made: Made) => {
      if (!made) return;
      if ('values' in made) values.push(made.values);
      else if (made.skipped.reason !== 'bad_media' || !badMedia.has(made.skipped.note)) {
        if (made.skipped.reason === 'bad_media') badMedia.add(made.skipped.note);
        skipped.push(made.skipped);
      }
    };
    /** A card with its picture and sound stored; a picture or sound that is not one leaves it out, listed. */
    const make = async (note: NoteCards, card: AnkiCard): Promise<Made> => {
      try {
        const firstSide =
          card.picture === undefined
            ? card.first
            : await storeCardPicture(files, row.userId, Buffer.from(await pkg.media(card.picture)));
        const audio =
          card.sound === undefined
            ? null
            : await storeCardAudio(files, row.userId, Buffer.from(await pkg.media(card.sound)));
        return {
          values: {
            categoryId: row.categoryId,
            firstSide,
            secondSide: card.second,
            tag: card.tag,
            ...(kind === 'kids' ? { language: row.language, audio } : {}),
          },
        };
      } catch (error) {
        if (!(error instanceof ApiError) || error.statusCode >= 500) throw error;
        return { skipped: { note: note.note, excerpt: note.excerpt, reason: 'bad_media' } };
      }
    };
    // Cards with media are made a few at a time (their pictures re-encoded side by side), taken in order.
    const making: Promise<Made>[] = [];
    let reported = Date.now();
    try {
      for (const note of pkg.notes()) {
        for (const card of note.cards) {
          const made = make(note, card);
          // Its failure is met when it is taken: meanwhile it is no unhandled rejection (which ends the process).
          made.catch(() => {});
          making.push(made);
          if (making.length >= MEDIA_AT_ONCE) take(await making.shift());
        }
        // The note's own reasons take their place in the same order, behind the cards before them.
        for (const reason of note.skipped) making.push(Promise.resolve({ skipped: reason }));
        while (making.length >= MEDIA_AT_ONCE) take(await making.shift());
        if (note.note % PROGRESS_EVERY_NOTES === 0 || Date.now() - reported >= PROGRESS_EVERY_MS) {
          reported = Date.now();
          await repo.markProgress(db, row.id, note.note, pkg.total);
          // A deck of text notes is read without waiting on anything: the process's other requests go first.
          await setImmediate();
        }
      }
      while (making.length > 0) take(await making.shift());
    } finally {
      // A failure leaves no card being made behind it (its files belong to the change that is failing).
      await Promise.allSettled(making);
    }
    return { values, skipped };
  };

  return {
    /**
     * Stores an uploaded package and queues its import into the user's category: the package's first bytes
     * are checked now, the rest by the job. One import of an account runs at a time.
     */
    async start(
      user: Actor,
      input: { categoryId: number; file?: StagedFile; language?: string },
      language: Language,
    ): Promise<CardImport> {
      const category = await categories.owned(user, input.categoryId);
      if (!input.file) throw invalid({ file: 'no_file' });
      if (!(await isZipFile(input.file.path))) throw invalid({ file: 'anki_not_apkg' });
      const cardLanguage =
        category.typeOfCards === 'kids' ? (input.language ?? category.language).trim() : '';
      if (category.typeOfCards === 'kids' && cardLanguage === '')
        throw invalid({ language: 'import_language_required' });
      const id = randomUUID();
      const now = clock.now();
      const packageKey = `${userMediaPrefix(user.id)}/imports/${id}.apkg`;
      const file = input.file;
      const row = await media.change(async (files) => {
        await files.putFile(packageKey, file.path, 'application/octet-stream');
        return files.transaction(async (tx) => {
          await repo.lockImports(tx, user.id);
          if (await repo.hasRunningImport(tx, user.id, now)) throw conflict('import_running');
          return repo.insertImport(tx, {
            id,
            userId: user.id,
            categoryId: category.id,
            packageKey,
            language: cardLanguage,
            createdAt: now,
            expiresAt: new Date(now.getTime() + IMPORT_SECONDS * 1000),
          });
        });
      });
      // After the commit: the job queue has a connection of its own.
      await jobs.send(CARD_IMPORT_JOB, { importId: id });
      return present(row, language);
    },

    /** An import of the user's, as polled; one past its time without an end reads as failed. */
    async get(user: Actor, id: string, language: Language): Promise<CardImport> {
      const row = authorize(user, cardPolicy.readImport, await repo.findImport(db, id));
      return present(row, language);
    },

    /**
     * Ends the imports whose every attempt died (their packages go) and forgets those ended a month ago;
     * resolves with how many were ended. Run by a scheduled job.
     */
    async sweep() {
      const now = clock.now();
      let ended = 0;
      for (;;) {
        const outlived = await repo.outlivedImports(db, now);
        for (const row of outlived) await fail(row, { key: 'anki_import_timeout' });
        ended += outlived.length;
        if (outlived.length < 100) break;
      }
      await repo.deleteEndedBefore(db, new Date(now.getTime() - KEEP_ENDED_DAYS * 86_400_000));
      return ended;
    },

    /**
     * The job: reads the package and adds its cards, or ends the import with the reason it was refused.
     * Runs again after a crash; an import that has ended is left as it is.
     */
    async run(importId: string, attempt: { retryCount: number }) {
      const row = await repo.findImport(db, importId);
      if (!row || row.status === 'SUCCESS' || row.status === 'FAILURE' || !row.packageKey) return;
      if (row.expiresAt <= clock.now()) return fail(row, { key: 'anki_import_timeout' });
      const category = await categories.ofImport(row.categoryId);
      if (!category) return;
      await repo.markProgress(db, row.id, 0, null);
      const file = path.join(tmpdir(), `flashcards-import-${row.id}-${attempt.retryCount}`);
      let pkg: AnkiPackage | undefined;
      try {
        await storage.getFile(row.packageKey, file);
        pkg = await openAnkiPackage(file, (await stat(file)).size, category.typeOfCards);
        await repo.markProgress(db, row.id, 0, pkg.total);
        const opened = pkg;
        const created = await media.change(async (files) => {
          const { values, skipped } = await readCards(row, opened, files, category.typeOfCards);
          if (values.length === 0) throw new AnkiRefused({ key: 'anki_no_cards' });
          // Every note read: what the import does now is add the cards.
          await repo.markProgress(db, row.id, opened.total, opened.total);
          return files.transaction(async (tx) => {
            const outcome = {
              status: 'SUCCESS' as const,
              created: values.length,
              skipped,
              done: opened.total,
            };
            // Ended meanwhile (its time passed and a later attempt failed it): its cards are not added.
            if (!(await repo.finishImport(tx, row.id, outcome, clock.now()))) return 0;
            await insertManyCards(tx, values);
            await categories.changedWithin(tx, row.categoryId);
            files.remove([row.packageKey]);
            return values.length;
          });
        });
        if (created > 0) await categories.contentChanged([row.categoryId]);
      } catch (error) {
        if (error instanceof AnkiRefused) return fail(row, error.reason);
        // The last attempt tells its asker; the earlier ones are retried.
        if (attempt.retryCount >= cardImportJobOptions.retryLimit) {
          log.error({ err: error, importId }, 'an import of cards failed');
          return fail(row, { key: 'anki_import_failed' });
        }
        throw error;
      } finally {
        pkg?.close();
        await rm(file, { force: true });
      }
    },
  };
};

export type CardImportsService = ReturnType<typeof createCardImportsService>;
