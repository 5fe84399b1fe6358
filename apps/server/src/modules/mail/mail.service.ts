import type { Language } from '@flashcards/i18n';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import { throttled } from '../../lib/api-error';
import type { Clock } from '../../lib/clock';
import type { JobQueue } from '../../lib/jobs';
import { noticeMail } from '../../lib/notice-mail';
import { translate } from '../../lib/translate';
import type { UsersService } from '../users/users.service';
import { queueDigest, queueMail } from './mail.jobs';
import * as repo from './mail.repository';
import { MAIL_LIMITS, MAIL_WINDOW_MS, type MailAction } from './mail-limits';

/** A person the app mails on someone else's doing. */
export type Recipient = { id: number; email: string; firstName: string; language: Language };

/** The job of a person's digest of a kind: the notices held back within the hour after the last mail. */
export type DigestJob = { recipientId: number; kind: string };

/**
 * The mails people make the app send to others: the limits of the actions that send them (MAIL_LIMITS),
 * and at most one notice of a kind to one person an hour, the rest gathered into a digest.
 */
export const createMailService = ({
  db,
  config,
  clock,
  jobs,
  users,
}: {
  db: Database;
  config: Config;
  clock: Clock;
  jobs: JobQueue;
  users: UsersService;
}) => {
  const limitsOf = (action: MailAction): { perAccount?: number; perAddress?: number } =>
    action === 'sign_up' ? { perAddress: config.limits.signUpsPerAddress } : MAIL_LIMITS[action];

  return {
    /**
     * Counts an action that mails someone else against its limits per account and per address over the
     * last hour; 429 (code `throttled`, a detail naming the action) when it would go over either. `weight`
     * is how many it counts for (the receivers of one offer). In `tx`, the count goes if the transaction
     * does.
     */
    async limit(
      action: MailAction,
      who: { accountId?: number; ip: string },
      { weight = 1, tx }: { weight?: number; tx?: Executor } = {},
    ) {
      const now = clock.now();
      // Its own transaction (a savepoint within `tx`): the locks it takes last until that ends.
      const recorded = await (tx ?? db).transaction((inner) =>
        repo.recordAction(
          inner,
          { action, accountId: who.accountId, ip: who.ip, weight, at: now },
          { since: new Date(now.getTime() - MAIL_WINDOW_MS), ...limitsOf(action) },
        ),
      );
      if (!recorded) throw throttled(`mail_limit_${action}`);
    },

    /**
     * Mails the person a notice of this kind (`email:<kind>` of the locale, with `values` beside `to`,
     * `name` and `site`; `url` is its link), unless they were mailed one of the kind within the hour: then
     * it is held, and one digest (`email:<kind>_digest`, each held notice a line `item` of it) goes when
     * the hour is over.
     */
    async notify(
      recipient: Recipient,
      kind: string,
      values: Record<string, string | number> & { url: string },
    ) {
      const now = clock.now();
      const opened = await repo.openWindow(db, {
        recipientId: recipient.id,
        kind,
        at: now,
        closedBy: new Date(now.getTime() - MAIL_WINDOW_MS),
      });
      if (opened) {
        await queueMail(
          jobs,
          noticeMail(recipient.language, kind, {
            ...values,
            to: recipient.email,
            name: recipient.firstName,
            site: config.site.name,
          }),
        );
        return;
      }
      await repo.holdMail(db, { recipientId: recipient.id, kind, values, createdAt: now });
      const sentAt = (await repo.lastSent(db, recipient.id, kind)) ?? now;
      await queueDigest(
        jobs,
        { recipientId: recipient.id, kind },
        new Date(sentAt.getTime() + MAIL_WINDOW_MS),
      );
    },

    /**
     * The job of a digest: once the person's hour is over, one mail lists the notices held for them (in
     * their language, the link of the last), and a new hour begins. Early (another notice or digest went
     * meanwhile), it waits for the end of that hour. A retry after the mail was queued may mail the list
     * twice, never lose it.
     */
    async sendDigest({ recipientId, kind }: DigestJob, jobId: string) {
      const held = await repo.heldFor(db, recipientId, kind);
      if (held.length === 0) return;
      const person = await users.byId(recipientId);
      if (!person?.isActive) {
        await repo.dropHeld(
          db,
          held.map((row) => row.id),
        );
        return;
      }
      const now = clock.now();
      const opened = await repo.openWindow(db, {
        recipientId,
        kind,
        at: now,
        closedBy: new Date(now.getTime() - MAIL_WINDOW_MS),
      });
      if (!opened) {
        const sentAt = (await repo.lastSent(db, recipientId, kind)) ?? now;
        await queueDigest(jobs, { recipientId, kind }, new Date(sentAt.getTime() + MAIL_WINDOW_MS));
        return;
      }
      const language = person.language;
      const last = held.at(-1)!.values;
      const list = held.map((row) => translate(language, `email:${kind}_digest.item`, row.values));
      await queueMail(
        jobs,
        noticeMail(
          language,
          `${kind}_digest`,
          {
            url: String(last.url),
            to: person.email,
            name: person.firstName,
            site: config.site.name,
            count: held.length,
          },
          { list },
        ),
        { singletonKey: `mail-digest:${jobId}` },
      );
      await repo.dropHeld(
        db,
        held.map((row) => row.id),
      );
    },
  };
};

export type MailService = ReturnType<typeof createMailService>;
