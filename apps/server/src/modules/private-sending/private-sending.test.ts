import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildBlock, buildCard, buildCategory, buildFriendship, buildUser } from '../../../test/factories';
import { type MailServer, startMailServer } from '../../../test/mail-server';
import { type Session, signIn as signInAs } from '../../../test/session';
import { cards, categories, privateOffers } from '../../db/schema';

let t: TestApp;
let mail: MailServer;
let picture: Buffer;

beforeAll(async () => {
  mail = await startMailServer();
  t = await buildTestApp({ SMTP_URL: mail.url, MAIL_FROM: 'Cards <no-reply@cards.test>' });
  picture = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

const signIn = (overrides: Parameters<typeof signInAs>[1] = {}) => signInAs(t, overrides);
const send = (as: Session, categoryId: number, ids: number[]) =>
  as.call('PUT', `/api/card/private/${categoryId}/`, { receivers_ids: ids });
const inbox = async (as: Session) => {
  const response = await as.call('GET', '/api/card/private/');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const textCategory = async (owner: Session, name = 'Verbs', count = 2) => {
  const category = await buildCategory(t.database.db, {
    userId: owner.user.id,
    name,
    description: 'Irregular',
  });
  for (let i = 0; i < count; i++)
    await buildCard(t.database.db, { categoryId: category.id, guessesScore: 7, tag: 'past' });
  return category;
};
const pictureCategory = async (owner: Session, words: string[]) => {
  const category = await buildCategory(t.database.db, {
    userId: owner.user.id,
    name: 'Pictures',
    typeOfCards: 'picture',
  });
  for (const word of words) {
    const response = await owner.send(
      'POST',
      '/api/card/card-picture/',
      { second_side: word, category: category.id },
      { first_side: { name: 'a.png', type: 'image/png', data: picture } },
    );
    expect(response.statusCode, response.body).toBe(201);
  }
  return category;
};
const mediaFile = (key: string) => path.join(t.dataDir, 'media', key);
const pendingOffers = async (categoryId: number, receiverId: number) =>
  (
    await t.database.db
      .select()
      .from(privateOffers)
      .where(
        and(
          eq(privateOffers.categoryId, categoryId),
          eq(privateOffers.receiverId, receiverId),
          eq(privateOffers.status, 'pending'),
        ),
      )
  ).length;

describe('sending a category', () => {
  it('offers it to those who may receive it; the others come back with the reason; no second offer', async () => {
    const me = await signIn();
    const category = await textCategory(me);
    const friend = await signIn();
    const stranger = await signIn();
    const inactive = await buildUser(t.database.db, { isActive: false });
    const unclaimed = await buildUser(t.database.db, { isAutoCreated: true });
    const blocking = await buildUser(t.database.db);
    await buildBlock(t.database.db, blocking.id, me.user.id);
    const blocked = await buildUser(t.database.db);
    await buildBlock(t.database.db, me.user.id, blocked.id);
    const quiet = await buildUser(t.database.db, { receiveInvitationsForCategories: false });

    const first = await send(me, category.id, [friend.user.id, friend.user.id]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ sent: [friend.user.id], skipped: [] });

    const second = await send(me, category.id, [
      friend.user.id,
      me.user.id,
      inactive.id,
      unclaimed.id,
      blocking.id,
      blocked.id,
      999_999,
      quiet.id,
      stranger.user.id,
    ]);
    expect(second.json()).toEqual({
      sent: [stranger.user.id],
      skipped: [
        { id: friend.user.id, reason: 'already_offered' },
        { id: me.user.id, reason: 'self' },
        { id: inactive.id, reason: 'unavailable' },
        { id: unclaimed.id, reason: 'unavailable' },
        { id: blocking.id, reason: 'unavailable' },
        { id: blocked.id, reason: 'unavailable' },
        { id: 999_999, reason: 'unavailable' },
        { id: quiet.id, reason: 'not_receiving' },
      ],
    });
    expect(await pendingOffers(category.id, friend.user.id)).toBe(1);
    expect(await pendingOffers(category.id, quiet.id)).toBe(0);
    expect(await pendingOffers(category.id, blocked.id)).toBe(0);

    // Only my own category.
    expect((await send(friend, category.id, [stranger.user.id])).statusCode).toBe(404);
  });

  it('mails each receiver in their language', async () => {
    const me = await signIn({ firstName: 'Ана', lastName: 'Колева' });
    const category = await textCategory(me, 'Неправилни глаголи', 3);
    const bg = await signIn({ language: 'bg', firstName: 'Иво' });
    const en = await signIn({ language: 'en', firstName: 'Tom' });
    await t.runJobs();
    await send(me, category.id, [bg.user.id, en.user.id]);
    expect(await t.runJobs()).toBe(2);
    const toBg = await mail.nextTo(bg.user.email);
    expect(toBg.subject).toBe('Изпратиха ви категория в Flashcards');
    expect(toBg.text).toContain('Ана Колева ви изпрати категорията „Неправилни глаголи“');
    expect(toBg.text).toContain('Здравейте, Иво,');
    expect(toBg.text).toContain('с 3 карти');
    expect(toBg.text).toContain('/send-to-me-categories');
    const toEn = await mail.nextTo(en.user.email);
    expect(toEn.subject).toBe('A category was sent to you on Flashcards');
    expect(toEn.text).toContain('Ана Колева sent you the category "Неправилни глаголи"');
    expect(toEn.text).toContain('with 3 cards');

    // A second offer within the hour waits for the digest after it.
    const single = await textCategory(me, 'Една дума', 1);
    await send(me, single.id, [bg.user.id, en.user.id]);
    expect(await t.runJobs()).toBe(0);
    t.clock.advance(61 * 60_000);
    expect(await t.runJobs()).toBe(4);
    expect((await mail.nextTo(bg.user.email)).text).toContain('- „Една дума“ от Ана Колева');
    expect((await mail.nextTo(en.user.email)).text).toContain('- "Една дума" from Ана Колева');
  });

  it('suggests receivers, friends first, flagging pending offers and those who do not take categories', async () => {
    const name = `Rcv${Math.random().toString(36).slice(2, 8)}`;
    const me = await signIn();
    const category = await textCategory(me);
    const stranger = await buildUser(t.database.db, { lastName: `${name} A` });
    const quiet = await buildUser(t.database.db, {
      lastName: `${name} B`,
      receiveInvitationsForCategories: false,
    });
    const friend = await buildUser(t.database.db, { lastName: `${name} C` });
    await buildFriendship(t.database.db, me.user.id, friend.id);
    const blocking = await buildUser(t.database.db, { lastName: `${name} D` });
    await buildBlock(t.database.db, blocking.id, me.user.id);
    await send(me, category.id, [stranger.id]);

    const response = await me.call('GET', `/api/search-users/?category_id=${category.id}&search=${name}`);
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json()
        .map((p: Record<string, unknown>) => [p.id, p.is_friend, p.has_offer, p.receives_categories]),
    ).toEqual([
      [friend.id, true, false, true],
      [stranger.id, false, true, true],
      [quiet.id, false, false, false],
    ]);
    expect(response.json()[0].email).toBe(friend.email);
    expect(response.json()[1].email).toBe('');
    const other = await signIn();
    expect(
      (await other.call('GET', `/api/search-users/?category_id=${category.id}&search=${name}`)).statusCode,
    ).toBe(404);
  });
});

describe('the inbox', () => {
  it('lists pending offers newest first with their count; decline takes one out; a deleted category goes', async () => {
    const sender = await signIn({ firstName: 'Eva', lastName: 'Stone' });
    const me = await signIn();
    const first = await textCategory(sender, 'First', 2);
    const second = await textCategory(sender, 'Second', 3);
    await send(sender, first.id, [me.user.id]);
    t.clock.advance(1000);
    await send(sender, second.id, [me.user.id]);
    const page = await inbox(me);
    expect(page.count).toBe(2);
    expect(page.results[0]).toEqual({
      id: second.id,
      name: 'Second',
      user: sender.user.id,
      description: 'Irregular',
      created_by_full_name: 'Eva Stone',
      cards_length: 3,
      type_of_cards: 'text',
      created_at: expect.any(String),
    });
    expect(page.results[1].id).toBe(first.id);
    expect((await me.call('GET', '/api/card/private/count/')).json()).toEqual({ count: 2 });

    const stranger = await signIn();
    expect((await stranger.call('PUT', `/api/card/private-cancel/${first.id}/`)).statusCode).toBe(404);
    expect((await me.call('PUT', `/api/card/private-cancel/${first.id}/`)).statusCode).toBe(204);
    expect((await me.call('PUT', `/api/card/private-cancel/${first.id}/`)).statusCode).toBe(404);
    expect((await inbox(me)).results.map((o: { id: number }) => o.id)).toEqual([second.id]);
    // Declined: it may be offered again.
    expect((await send(sender, first.id, [me.user.id])).json().sent).toEqual([me.user.id]);

    expect((await sender.call('DELETE', `/api/card/category/${second.id}/`)).statusCode).toBe(204);
    expect((await inbox(me)).results.map((o: { id: number }) => o.id)).toEqual([first.id]);
    expect((await me.call('GET', '/api/card/private/count/')).json()).toEqual({ count: 1 });
  });

  it('loses the offers a block separates, and the blocked sender cannot offer again', async () => {
    const sender = await signIn();
    const me = await signIn();
    const category = await textCategory(sender, 'Unwanted', 1);
    await send(sender, category.id, [me.user.id]);
    expect((await inbox(me)).count).toBe(1);
    expect((await me.call('POST', '/api/friends/blocks/', { blocked: sender.user.id })).statusCode).toBe(201);
    expect((await inbox(me)).count).toBe(0);
    expect((await send(sender, category.id, [me.user.id])).json()).toEqual({
      sent: [],
      skipped: [{ id: me.user.id, reason: 'unavailable' }],
    });
    expect((await me.call('POST', '/api/card/private/', { category_id: category.id })).statusCode).toBe(404);
  });

  it('costs the same statements for 2 offers as for 15', async () => {
    const sender = await signIn();
    const few = await signIn();
    const many = await signIn();
    for (let i = 0; i < 15; i++) {
      const category = await textCategory(sender, `Offer ${i}`, 1);
      await send(sender, category.id, i < 2 ? [few.user.id, many.user.id] : [many.user.id]);
    }
    const statements = async (as: Session, size: number) => {
      t.database.queries.length = 0;
      expect((await inbox(as)).results).toHaveLength(size);
      return t.database.queries.length;
    };
    expect(await statements(few, 2)).toBe(await statements(many, 15));
  });
});

describe('accepting an offer', () => {
  it('copies the category, its cards and media into my account, scores zero, marked as sent to me', async () => {
    const sender = await signIn();
    const me = await signIn();
    const category = await pictureCategory(sender, ['dog', 'cat']);
    await t.database.db.update(cards).set({ guessesScore: 5 }).where(eq(cards.categoryId, category.id));
    await send(sender, category.id, [me.user.id]);
    const other = await signIn();
    expect((await other.call('POST', '/api/card/private/', { category_id: category.id })).statusCode).toBe(
      404,
    );

    const accepted = await me.call('POST', '/api/card/private/', { category_id: category.id, user_id: 1 });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const copy = accepted.json();
    expect(copy).toMatchObject({
      name: 'Pictures',
      user: { id: me.user.id },
      type_of_cards: 'picture',
      send_to_me: true,
      cards_len: 2,
      total_guesses_score: 0,
    });
    const copied = await t.database.db.select().from(cards).where(eq(cards.categoryId, copy.id));
    const originals = await t.database.db.select().from(cards).where(eq(cards.categoryId, category.id));
    expect(copied.map((card) => card.secondSide).sort()).toEqual(['cat', 'dog']);
    const originalKeys = new Set(originals.map((card) => card.firstSide));
    for (const card of copied) {
      expect(card.guessesScore).toBe(0);
      expect(card.firstSide.startsWith(`u/${me.user.id}/`)).toBe(true);
      expect(originalKeys.has(card.firstSide)).toBe(false);
      expect(existsSync(mediaFile(card.firstSide))).toBe(true);
    }
    expect((await inbox(me)).count).toBe(0);
    expect((await me.call('POST', '/api/card/private/', { category_id: category.id })).statusCode).toBe(404);

    // The copy is mine: the sender deleting theirs leaves it and its pictures.
    expect((await sender.call('DELETE', `/api/card/category/${category.id}/`)).statusCode).toBe(204);
    for (const card of copied) expect(existsSync(mediaFile(card.firstSide))).toBe(true);
    expect((await me.call('GET', `/api/card/category/${copy.id}/`)).statusCode).toBe(200);
  });

  it('leaves nothing behind when copying a picture fails, and the offer waits', async () => {
    const sender = await signIn();
    const me = await signIn();
    const category = await pictureCategory(sender, ['one', 'two']);
    await send(sender, category.id, [me.user.id]);
    const [, second] = await t.database.db
      .select()
      .from(cards)
      .where(eq(cards.categoryId, category.id))
      .orderBy(cards.id);
    await t.services.storage.delete(second!.firstSide);
    const failed = await me.call('POST', '/api/card/private/', { category_id: category.id });
    expect(failed.statusCode).toBe(500);
    expect(await t.database.db.select().from(categories).where(eq(categories.userId, me.user.id))).toEqual(
      [],
    );
    const dir = path.join(t.dataDir, 'media', `u/${me.user.id}/cards`);
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
    expect((await inbox(me)).count).toBe(1);
  });

  it('writes the category, its cards and the accepted offer in one transaction', async () => {
    const sender = await signIn();
    const me = await signIn();
    const category = await textCategory(sender, 'Doomed', 1);
    await buildCard(t.database.db, { categoryId: category.id, secondSide: 'refused by the database' });
    await send(sender, category.id, [me.user.id]);
    // The database refuses the copied cards, after the copy's category row was written.
    await t.database.db.execute(sql`
      create function refuse_doomed_card() returns trigger language plpgsql as $$
      begin
        if new.second_side = 'refused by the database' and new.category_id <> ${sql.raw(String(category.id))} then
          raise exception 'refused';
        end if;
        return new;
      end $$`);
    await t.database.db.execute(
      sql`create trigger refuse_doomed_card before insert on cards for each row execute function refuse_doomed_card()`,
    );
    try {
      const failed = await me.call('POST', '/api/card/private/', { category_id: category.id });
      expect(failed.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_doomed_card on cards`);
      await t.database.db.execute(sql`drop function refuse_doomed_card`);
    }
    expect(await t.database.db.select().from(categories).where(eq(categories.userId, me.user.id))).toEqual(
      [],
    );
    expect(await pendingOffers(category.id, me.user.id)).toBe(1);
    const accepted = await me.call('POST', '/api/card/private/', { category_id: category.id });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().cards_len).toBe(2);
  });
});
