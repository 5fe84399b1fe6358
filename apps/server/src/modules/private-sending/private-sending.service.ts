import { PEOPLE_SUGGESTIONS, type SkipReason } from '@flashcards/contract';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { type Actor, authorize } from '../../lib/access';
import { notFound } from '../../lib/api-error';
import type { Clock } from '../../lib/clock';
import { fullName } from '../../lib/people';
import type { CardsService } from '../cards/cards.service';
import type { CategoriesService } from '../categories/categories.service';
import type { MailService } from '../mail/mail.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { privateSendingPolicy } from './private-sending.policy';
import * as repo from './private-sending.repository';

export const createPrivateSendingService = ({
  db,
  config,
  clock,
  categories,
  cards,
  mail,
  notifications,
}: {
  db: Database;
  config: Config;
  clock: Clock;
  categories: CategoriesService;
  cards: CardsService;
  mail: MailService;
  notifications: NotificationsService;
}) => {
  const myCategory = async (actor: Actor, id: number) =>
    authorize(actor, privateSendingPolicy.send, await repo.findCategory(db, id));

  return {
    /**
     * Offers my category to each receiver who is reachable (active, claimed, no block either way), takes
     * categories and has no pending offer of it; the others come back with the reason. Each receiver
     * offered now is mailed in their language (one such mail an hour, the others in a digest). The
     * receivers offered count against my limits and the address's (MAIL_LIMITS.category_offer): over
     * either, nobody is offered anything (429).
     */
    async send(actor: Actor, categoryId: number, ids: number[], ip: string) {
      const category = await myCategory(actor, categoryId);
      const wanted = [...new Set(ids)];
      const [people, pending] = await Promise.all([
        repo.receivers(db, actor.id, wanted),
        repo.pendingAmong(db, categoryId, wanted),
      ]);
      const byId = new Map(people.map((person) => [person.id, person]));
      const offered = new Set(pending);
      const skipped: { id: number; reason: SkipReason }[] = [];
      const chosen: number[] = [];
      for (const id of wanted) {
        const person = byId.get(id);
        if (id === actor.id) skipped.push({ id, reason: 'self' });
        else if (!person?.reachable) skipped.push({ id, reason: 'unavailable' });
        else if (!person.receives) skipped.push({ id, reason: 'not_receiving' });
        else if (offered.has(id)) skipped.push({ id, reason: 'already_offered' });
        else chosen.push(id);
      }
      const now = clock.now();
      const made = new Set(
        chosen.length === 0
          ? []
          : await db.transaction(async (tx) => {
              await mail.limit('category_offer', { accountId: actor.id, ip }, { weight: chosen.length, tx });
              const offered = await repo.insertOffers(
                tx,
                chosen.map((receiverId) => ({ categoryId, senderId: actor.id, receiverId, createdAt: now })),
              );
              await notifications.notify(tx, offered, 'category_received', {
                from: fullName(actor),
                category: category.name,
              });
              return offered;
            }),
      );
      // An offer made meanwhile by another request: the pending offer's unique index kept that one.
      for (const id of chosen) if (!made.has(id)) skipped.push({ id, reason: 'already_offered' });
      const sent = chosen.filter((id) => made.has(id));
      if (sent.length > 0) {
        const { stats } = await categories.detail(categoryId);
        for (const id of sent) {
          await mail.notify({ ...byId.get(id)!, id }, 'category_offer', {
            from: `${actor.firstName} ${actor.lastName}`.trim(),
            category: category.name,
            count: stats.cardsLen ?? 0,
            url: `${config.publicUrl}/send-to-me-categories`,
          });
        }
      }
      return { sent, skipped };
    },

    inbox: (actor: Actor, limit: number, offset: number) => repo.inboxPage(db, actor.id, limit, offset),

    count: (actor: Actor) => repo.countPending(db, actor.id),

    /**
     * Accepts an offer: the category, its cards and their media become a copy of mine (send_to_me, scores
     * zero), and the offer is settled, in one transaction.
     */
    async accept(actor: Actor, categoryId: number) {
      const offer = authorize(
        actor,
        privateSendingPolicy.answer,
        await repo.findPendingOffer(db, categoryId, actor.id),
      );
      const category = await repo.findCategory(db, categoryId);
      if (!category) throw notFound();
      const copyId = await cards.copyCategory(
        actor.id,
        {
          name: category.name,
          description: category.description,
          language: category.language,
          topic: category.topic,
          typeOfCards: category.typeOfCards,
          sendToMe: true,
        },
        await cards.allOf(categoryId),
        async (tx) => {
          // Declined or accepted meanwhile: nothing is copied.
          if (!(await repo.settleOffer(tx, offer.id, 'accepted'))) throw notFound();
        },
      );
      return categories.detail(copyId);
    },

    async decline(actor: Actor, categoryId: number) {
      const offer = authorize(
        actor,
        privateSendingPolicy.answer,
        await repo.findPendingOffer(db, categoryId, actor.id),
      );
      if (!(await repo.settleOffer(db, offer.id, 'declined'))) throw notFound();
    },

    async candidates(actor: Actor, categoryId: number, search: string | undefined) {
      await myCategory(actor, categoryId);
      return repo.receiverCandidates(db, actor.id, categoryId, search, PEOPLE_SUGGESTIONS);
    },
  };
};

export type PrivateSendingService = ReturnType<typeof createPrivateSendingService>;
