import { timingSafeEqual } from 'node:crypto';
import {
  type NotificationItem,
  type NotificationKind,
  notificationItemOf,
  notificationItems,
  notificationKinds,
  type UnreadCounts,
  type unsubscribableOptIns,
} from '@flashcards/contract';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import { type Actor, authorize } from '../../lib/access';
import { notFound } from '../../lib/api-error';
import { type Clock, DAY } from '../../lib/clock';
import type { JobQueue } from '../../lib/jobs';
import { noticeMail } from '../../lib/notice-mail';
import type { Tokens } from '../../lib/tokens';
import { translate } from '../../lib/translate';
import { queueMail } from '../mail/mail.jobs';
import type { UsersService } from '../users/users.service';
import { notificationPolicy as policy } from './notifications.policy';
import { notificationLink } from './notifications.presenter';
import * as repo from './notifications.repository';

type OptIn = (typeof unsubscribableOptIns)[number];
type Values = repo.NotificationValues;

/**
 * The profile opt-in under which each kind goes into the e-mail digest. A school's paths, exams and
 * results go under the invitations to contests (docs/design.md "Notifications"). The kinds not named are
 * mailed at once by their own modules (friend requests, categories sent, the catalog's outcomes, with
 * their own opt-ins and limits) or not at all (an exam opening within minutes: a digest would come late).
 */
const optInOf: Partial<Record<NotificationKind, OptIn>> = {
  path_assigned: 'receive_invitations_for_contest',
  exam_assigned: 'receive_invitations_for_contest',
  results_published: 'receive_invitations_for_contest',
};

/** The account's field of each opt-in. */
const optInField = {
  receive_invitations_for_contest: 'receiveInvitationsForContest',
} as const satisfies Record<OptIn, string>;

/** How soon before an exam opens its students are told. */
const EXAM_SOON_MS = 10 * 60_000;
/** Exams whose results opened longer ago than this are not looked at again by the sweep. */
const RESULTS_LOOKBACK_MS = DAY;

const kindsOf = (item: NotificationItem) =>
  notificationKinds.filter((kind) => notificationItemOf[kind] === item);

/**
 * What the app tells people about: the notifications other modules record in their own transactions
 * (`notify`), read in the app (the bell, the menu's counts), and mailed in one digest per person
 * (docs/design.md "Notifications").
 */
export const createNotificationsService = ({
  db,
  config,
  clock,
  jobs,
  tokens,
  users,
}: {
  db: Database;
  config: Config;
  clock: Clock;
  jobs: JobQueue;
  tokens: Tokens;
  users: UsersService;
}) => {
  const digestDelayMs = config.notificationDigestMinutes * 60_000;

  const unsubscribeSignature = (userId: number, optIn: OptIn) => tokens.mac(`unsubscribe:${userId}:${optIn}`);
  /** `<user id>.<opt-in>.<signature>`: names what it turns off, and only the server can have made it. */
  const unsubscribeToken = (userId: number, optIn: OptIn) =>
    `${userId}.${optIn}.${unsubscribeSignature(userId, optIn)}`;

  /** One person's digest: their unread notifications not yet mailed, of the kinds their opt-ins allow. */
  const mailDigest = async (recipientId: number) => {
    const rows = await repo.unmailed(db, recipientId);
    if (rows.length === 0) return;
    const person = await users.byId(recipientId);
    const now = clock.now();
    const allowed = (kind: string) => {
      const optIn = optInOf[kind as NotificationKind];
      return optIn !== undefined && person?.[optInField[optIn]] === true;
    };
    const listed = person?.isActive ? rows.filter((row) => row.readAt === null && allowed(row.kind)) : [];
    if (person && listed.length > 0) {
      const language = person.language;
      // Every kind of a digest goes under one opt-in for now, which its link turns off.
      const optIn = optInOf[listed[0]!.kind as NotificationKind]!;
      const token = unsubscribeToken(person.id, optIn);
      await queueMail(
        jobs,
        noticeMail(
          language,
          'notifications_digest',
          {
            url: `${config.publicUrl}${listed.length === 1 ? notificationLink(listed[0]!.kind as NotificationKind, listed[0]!.values) : '/notifications'}`,
            to: person.email,
            name: person.firstName,
            site: config.site.name,
            count: listed.length,
          },
          {
            list: listed.map((row) =>
              translate(language, `shell:notifications.kinds.${row.kind}`, row.values),
            ),
            unsubscribe: {
              page: `${config.publicUrl}/unsubscribe/${token}?lang=${language}`,
              oneClick: `${config.publicUrl}/api/notifications/unsubscribe/${token}/`,
            },
          },
        ),
        // A retry of this sweep before the rows below are marked does not queue the same digest twice.
        { singletonKey: `notifications-digest:${recipientId}:${rows[0]!.id}` },
      );
    }
    // Read, opted-out and listed ones alike: none waits for a later digest.
    await repo.markMailed(
      db,
      rows.map((row) => row.id),
      now,
    );
  };

  return {
    /**
     * Records a notification of `kind` for each recipient, in the caller's transaction (so it exists
     * exactly when the thing it tells of does). `values` are what its text names and the ids its link
     * needs; a function gives each recipient (by position) their own.
     */
    async notify(
      tx: Executor,
      recipientIds: number[],
      kind: NotificationKind,
      values: Values | ((index: number) => Values),
    ) {
      if (recipientIds.length === 0) return;
      const now = clock.now();
      // Kinds outside the digest count as mailed: their own modules mail them, or nothing does.
      const mailedAt = optInOf[kind] ? null : now;
      await repo.insertNotifications(
        tx,
        recipientIds.map((recipientId, index) => ({
          recipientId,
          kind,
          values: typeof values === 'function' ? values(index) : values,
          createdAt: now,
          mailedAt,
        })),
      );
    },

    list: (actor: Actor, limit: number, offset: number) =>
      repo.notificationsPage(db, actor.id, limit, offset),

    async unread(actor: Actor): Promise<UnreadCounts> {
      const counts = await repo.unreadByKind(db, actor.id);
      const items = Object.fromEntries(notificationItems.map((item) => [item, 0])) as UnreadCounts['items'];
      let count = 0;
      for (const { kind, total } of counts) {
        count += total;
        const item = notificationItemOf[kind as NotificationKind];
        if (item) items[item] += total;
      }
      return { count, items };
    },

    async read(actor: Actor, id: number) {
      authorize(actor, policy.read, await repo.findNotification(db, id));
      await repo.markRead(db, id, clock.now());
    },

    async readAll(actor: Actor, item?: NotificationItem) {
      await repo.markAllRead(db, actor.id, clock.now(), item && kindsOf(item));
    },

    /** Turns off the opt-in a digest's signed link names; a token the server did not sign names nothing (404). */
    async unsubscribe(token: string) {
      const [id, optIn, signature] = token.split('.');
      const userId = Number(id);
      if (!Number.isSafeInteger(userId) || !Object.hasOwn(optInField, optIn ?? '') || !signature)
        throw notFound();
      const expected = Buffer.from(unsubscribeSignature(userId, optIn as OptIn));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw notFound();
      const person = await users.byId(userId);
      if (!person) throw notFound();
      await users.updateMany(db, [userId], { [optInField[optIn as OptIn]]: false });
      return { opt_in: optIn as OptIn, language: person.language };
    },

    /**
     * The minute's sweep: tells students of exams opening within ten minutes and of results just
     * published, and mails each person whose first unmailed notification waited the digest's delay.
     */
    async sweep() {
      const now = clock.now();
      await repo.insertExamsSoon(db, now, new Date(now.getTime() + EXAM_SOON_MS));
      await repo.insertResultsPublished(db, now, new Date(now.getTime() - RESULTS_LOOKBACK_MS));
      for (const recipientId of await repo.digestsDue(db, new Date(now.getTime() - digestDelayMs)))
        await mailDigest(recipientId);
    },
  };
};

export type NotificationsService = ReturnType<typeof createNotificationsService>;
