import { randomBytes } from 'node:crypto';
import type { FilePart as UploadedFile } from '@flashcards/contract';
import { AVATAR_MAX_BYTES } from '@flashcards/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import type { users } from '../../db/schema';
import { users as usersTable } from '../../db/schema';
import { authorize, type Actor as User } from '../../lib/access';
import { invalid } from '../../lib/api-error';
import type { Clock } from '../../lib/clock';
import { reencodeImage } from '../../lib/images';
import type { MediaStorage } from '../../lib/storage';
import { bytesOf } from '../../plugins/multipart';
import type { PracticeService } from '../practice/practice.service';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { accountPolicy } from './users.policy';
import * as repo from './users.repository';

const AVATAR_SIZE = 256;

/** Every file of a user lives under this prefix, so deleting the account deletes them all. */
/** The calendar month (UTC) AI quotas count in: `YYYY-MM`. */
const usageMonth = (now: Date) => now.toISOString().slice(0, 7);

export const userMediaPrefix = (userId: number) => `u/${userId}`;

export type ProfileChanges = {
  first_name?: string;
  last_name?: string;
  region?: string;
  municipality?: string;
  town?: string;
  school?: string;
  gender?: 'male' | 'female' | null;
  date_of_birth?: string | null;
  receive_invitations_for_categories?: boolean;
  receive_invitations_for_contest?: boolean;
  receive_invitations_for_friends?: boolean;
  receive_promo_emails?: boolean;
  language?: 'en' | 'bg';
  avatar?: UploadedFile;
};

export const createUsersService = ({
  db,
  storage,
  log,
  clock,
  practice,
  subscriptions,
}: {
  db: Database;
  storage: MediaStorage;
  log: FastifyBaseLogger;
  clock: Clock;
  practice: PracticeService;
  subscriptions: Pick<SubscriptionsService, 'cancelSubscriptionsOf'>;
}) => {
  // Every signed-in request runs this lookup: prepared once, it is neither rebuilt nor re-planned.
  const accountById = db
    .select()
    .from(usersTable)
    .where(eq(usersTable.id, sql.placeholder('id')))
    .prepare('account_by_id');

  const storeAvatar = async (user: User, file: UploadedFile) => {
    const image = await reencodeImage('avatar', bytesOf(file), {
      maxBytes: AVATAR_MAX_BYTES,
      width: AVATAR_SIZE,
      height: AVATAR_SIZE,
      fit: 'cover',
    });
    const key = `${userMediaPrefix(user.id)}/avatar-${randomBytes(12).toString('hex')}.webp`;
    await storage.put(key, image, 'image/webp');
    return key;
  };

  const dropFile = async (key: string | null) => {
    if (key)
      await storage
        .delete(key)
        .catch((error) => log.warn({ err: error, key }, 'could not delete a media file'));
  };

  return {
    /** The active account of this id, for authentication; undefined when it is gone or inactive. */
    async activeAccount(id: number) {
      const [account] = await accountById.execute({ id });
      return account?.isActive ? account : undefined;
    },

    byId: (id: number) => repo.findUserById(db, id),
    byEmail: (email: string) => repo.findUserByEmail(db, email),
    /** Creates an account, in the caller's transaction when one is given. */
    create: (values: repo.AccountValues, tx: Executor = db) => repo.insertUser(tx, values),
    /** Creates accounts in one statement, in the caller's transaction. */
    createMany: (tx: Executor, values: repo.AccountValues[]) => repo.insertUsers(tx, values),
    /** Changes the same fields of these accounts, in the caller's transaction. */
    updateMany: (tx: Executor, ids: number[], values: Partial<repo.AccountValues>) =>
      repo.updateUsersFields(tx, ids, values, clock.now()),
    /** Changes an account's fields, in the caller's transaction when one is given. */
    update: (id: number, values: Partial<repo.AccountValues>, tx: Executor = db) =>
      repo.updateUserFields(tx, id, values, clock.now()),

    /** This month's AI generations of the account (the clock's calendar month, UTC). */
    aiUsage(user: User) {
      return user.aiUsageMonth === usageMonth(clock.now())
        ? { text: user.aiUsage, images: user.aiImageUsage }
        : { text: 0, images: 0 };
    },
    /** Counts a successful AI generation, inside the caller's transaction. */
    countAiGeneration: (tx: Executor, userId: number, kind: 'text' | 'images') =>
      repo.countAiGeneration(tx, userId, kind, usageMonth(clock.now())),

    /** The account with what its profile shows beside it. */
    async profile(user: User) {
      return { account: user, badges: await practice.badges(user) };
    },

    /** Changes only the fields sent. */
    async updateProfile(user: User, changes: ProfileChanges) {
      if (changes.date_of_birth && changes.date_of_birth > clock.now().toISOString().slice(0, 10)) {
        throw invalid({ date_of_birth: 'date_of_birth_future' });
      }
      const values: Partial<typeof users.$inferInsert> = {
        firstName: changes.first_name,
        lastName: changes.last_name,
        region: changes.region,
        municipality: changes.municipality,
        town: changes.town,
        school: changes.school,
        gender: changes.gender,
        dateOfBirth: changes.date_of_birth,
        receiveInvitationsForCategories: changes.receive_invitations_for_categories,
        receiveInvitationsForContest: changes.receive_invitations_for_contest,
        receiveInvitationsForFriends: changes.receive_invitations_for_friends,
        receivePromoEmails: changes.receive_promo_emails,
        language: changes.language,
      };
      if (changes.avatar) values.avatar = await storeAvatar(user, changes.avatar);
      const defined = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
      const updated = await repo.updateUserFields(db, user.id, defined, clock.now());
      if (changes.avatar) await dropFile(user.avatar);
      return updated;
    },

    async uploadAvatar(user: User, file: UploadedFile | undefined) {
      if (!file || file.data.length === 0) throw invalid({ avatar: 'no_file' });
      const key = await storeAvatar(user, file);
      const updated = await repo.updateUserFields(db, user.id, { avatar: key }, clock.now());
      await dropFile(user.avatar);
      return updated;
    },

    async deleteAccount(user: User) {
      const otherPrincipals = user.isOrganizationHost ? await repo.countOtherPrincipals(db, user) : 0;
      authorize(user, accountPolicy.delete, { ...user, otherPrincipals });
      await this.erase(user.id);
    },

    /**
     * Deletes an account with its cards and other rows in one transaction (after `check`, run in it first,
     * which may throw to keep it), then its files. The caller has decided that it may go. Its subscriptions
     * are cancelled at the payment provider before anything is deleted: if that fails, nothing is.
     */
    async erase(userId: number, check?: (tx: Executor) => Promise<void>) {
      await subscriptions.cancelSubscriptionsOf(userId);
      await db.transaction(async (tx) => {
        await check?.(tx);
        await repo.deleteUser(tx, userId);
      });
      await storage
        .deletePrefix(userMediaPrefix(userId))
        .catch((error) => log.warn({ err: error, userId }, 'could not delete the files of a user'));
    },
  };
};

export type UsersService = ReturnType<typeof createUsersService>;
