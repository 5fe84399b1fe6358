import { randomBytes } from 'node:crypto';
import type { FilePart as UploadedFile } from '@flashcards/contract';
import { AVATAR_MAX_BYTES, canonicalTimeZone, DEFAULT_TIME_ZONE } from '@flashcards/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { users } from '../../db/schema';
import { users as usersTable } from '../../db/schema';
import { authorize, type Actor as User } from '../../lib/access';
import { invalid } from '../../lib/api-error';
import type { Clock } from '../../lib/clock';
import { reencodeImage } from '../../lib/images';
import { bytesOf } from '../../plugins/multipart';
import type { MediaFiles, MediaService } from '../media/media.service';
import type { MemoryService } from '../memory/memory.service';
import type { PracticeService } from '../practice/practice.service';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { accountPolicy } from './users.policy';
import * as repo from './users.repository';

const AVATAR_SIZE = 256;

/** The calendar month (UTC) AI quotas count in: `YYYY-MM`. */
const usageMonth = (now: Date) => now.toISOString().slice(0, 7);

/** Every file of a user lives under this prefix, so deleting the account deletes them all. */
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
  /** A canonical IANA name (the contract checked it). */
  time_zone?: string;
  avatar?: UploadedFile;
};

/** The time zone a new account keeps: the browser's, unless this server does not know it (then the default). */
export const signUpTimeZone = (name: string | undefined) =>
  (name && canonicalTimeZone(name)) || DEFAULT_TIME_ZONE;

/** How long a changed time zone stays: a day, so that nobody moves their day to answer past a daily limit. */
const TIME_ZONE_CHANGE_INTERVAL_MS = 24 * 60 * 60 * 1000;

export const createUsersService = ({
  db,
  media,
  clock,
  practice,
  subscriptions,
  memory,
}: {
  db: Database;
  media: MediaService;
  clock: Clock;
  practice: PracticeService;
  memory: MemoryService;
  subscriptions: Pick<SubscriptionsService, 'cancelSubscriptionsOf'>;
}) => {
  // Every signed-in request runs this lookup: prepared once, it is neither rebuilt nor re-planned.
  const accountById = db
    .select()
    .from(usersTable)
    .where(eq(usersTable.id, sql.placeholder('id')))
    .prepare('account_by_id');

  const storeAvatar = async (files: MediaFiles, user: User, file: UploadedFile) => {
    const image = await reencodeImage('avatar', bytesOf(file), {
      maxBytes: AVATAR_MAX_BYTES,
      width: AVATAR_SIZE,
      height: AVATAR_SIZE,
      fit: 'cover',
    });
    const key = `${userMediaPrefix(user.id)}/avatar-${randomBytes(12).toString('hex')}.webp`;
    await files.put(key, image, 'image/webp');
    return key;
  };

  const aiUsage = (account: Pick<User, 'aiUsage' | 'aiImageUsage' | 'aiUsageMonth'>) =>
    account.aiUsageMonth === usageMonth(clock.now())
      ? { text: account.aiUsage, images: account.aiImageUsage }
      : { text: 0, images: 0 };

  /** When the account may change its time zone again; null when it may now. */
  const timeZoneChangeableAt = (account: Pick<User, 'timeZoneChangedAt'>) => {
    if (!account.timeZoneChangedAt) return null;
    const at = new Date(account.timeZoneChangedAt.getTime() + TIME_ZONE_CHANGE_INTERVAL_MS);
    return at > clock.now() ? at : null;
  };

  const zoneChangedRecently = (at: Date) =>
    invalid({
      time_zone: {
        key: 'time_zone_changed_recently',
        values: { count: Math.max(1, Math.ceil((at.getTime() - clock.now().getTime()) / 3_600_000)) },
      },
    });

  /**
   * Changes the account's fields; a new avatar is stored first, and the old one goes once it commits.
   * `zoneUnchangedSince` holds the once-a-day rule of the time zone in the statement itself
   * (`repo.updateProfileFields`): when another change of the zone came first, nothing changes.
   */
  const updateWithAvatar = (
    user: User,
    values: Partial<typeof users.$inferInsert>,
    avatar: UploadedFile | undefined,
    zoneUnchangedSince?: Date,
  ) =>
    media.change(async (files) => {
      const changed = { ...values };
      if (avatar) {
        changed.avatar = await storeAvatar(files, user, avatar);
        files.remove([user.avatar]);
      }
      return files.transaction(async (tx) => {
        const now = clock.now();
        const updated = await repo.updateProfileFields(tx, user.id, changed, now, zoneUnchangedSince);
        if (updated) return updated;
        const current = await repo.findUserById(tx, user.id);
        throw zoneChangedRecently(
          (current && timeZoneChangeableAt(current)) ??
            new Date(now.getTime() + TIME_ZONE_CHANGE_INTERVAL_MS),
        );
      });
    });

  return {
    /** The active account of this id, for authentication; undefined when it is gone or inactive. */
    async activeAccount(id: number) {
      const [account] = await accountById.execute({ id });
      return account?.isActive ? account : undefined;
    },

    byId: (id: number, tx: Executor = db) => repo.findUserById(tx, id),
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

    /**
     * Sets the account's own new password (claiming an account a school created), in the caller's
     * transaction; `endSessions` makes every token issued before refused. Returns the account as changed.
     */
    changePassword: (tx: Executor, id: number, change: { passwordHash: string; endSessions: boolean }) =>
      repo.updatePassword(tx, id, change, clock.now()),

    /** This month's AI generations of the account (the clock's calendar month, UTC). */
    aiUsage,
    timeZoneChangeableAt,
    /**
     * This month's AI generations of the account as stored now, its row locked until the caller's
     * transaction ends: a quota decision made under it waits for a generation being counted, and the next
     * decision waits for it.
     */
    async lockAiUsage(tx: Executor, userId: number) {
      const account = await repo.lockAccountUsage(tx, userId);
      return account ? aiUsage(account) : { text: 0, images: 0 };
    },
    /**
     * Locks the account until the caller's transaction ends: what it creates under a free limit is
     * counted in turn.
     */
    lockAccount: async (tx: Executor, userId: number) => {
      await repo.lockAccount(tx, userId);
    },
    /** Of these people, those the requester reaches (in the caller's transaction). */
    reachedAmong: (tx: Executor, me: number, ids: number[]) =>
      ids.length > 0 ? repo.reachedAmong(tx, me, ids) : Promise.resolve([]),
    /** People the requester reaches, matching a search, by name: at most `limit`. */
    reachedPeople: (me: number, search: string, limit: number) => repo.reachedPeople(db, me, search, limit),
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
      const now = clock.now();
      // Sending the zone the account already has changes nothing (the profile form sends every field).
      const movesZone = changes.time_zone !== undefined && changes.time_zone !== user.timeZone;
      if (movesZone) {
        const waitUntil = timeZoneChangeableAt(user);
        if (waitUntil) throw zoneChangedRecently(waitUntil);
        values.timeZone = changes.time_zone;
        values.timeZoneChangedAt = now;
      }
      const defined = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
      return updateWithAvatar(
        user,
        defined,
        changes.avatar,
        movesZone ? new Date(now.getTime() - TIME_ZONE_CHANGE_INTERVAL_MS) : undefined,
      );
    },

    async uploadAvatar(user: User, file: UploadedFile | undefined) {
      if (!file || file.data.length === 0) throw invalid({ avatar: 'no_file' });
      return updateWithAvatar(user, {}, file);
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
      await media.change((files) =>
        files.transaction(async (tx) => {
          await check?.(tx);
          // The log has no foreign key to the account (it would lock the account's row on every answer).
          await memory.forgetLearner(tx, userId);
          await repo.deleteUser(tx, userId);
          files.removePrefix(userMediaPrefix(userId));
        }),
      );
    },
  };
};

export type UsersService = ReturnType<typeof createUsersService>;
