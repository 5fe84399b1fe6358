import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildCard, buildCatalogVersion, buildCategory, buildUser } from '../../../test/factories';
import { type MailServer, startMailServer } from '../../../test/mail-server';
import { type Session, signIn as signInAs } from '../../../test/session';
import { cards, categories } from '../../db/schema';
import { FEW_FULL_TEXT_MATCHES } from './market.repository';

let t: TestApp;
let mail: MailServer;
let staff: Session;
let picture: Buffer;

beforeAll(async () => {
  mail = await startMailServer();
  t = await buildTestApp({ SMTP_URL: mail.url, MAIL_FROM: 'Cards <no-reply@cards.test>' });
  staff = await signInAs(t, { isStaff: true });
  picture = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

const signIn = (overrides: Parameters<typeof signInAs>[1] = {}) => signInAs(t, overrides);
const anonymous = (url: string) => t.app.inject({ method: 'GET', url });
const catalogFields = (name: string, extra: object = {}) => ({
  name,
  description: `About ${name}`,
  language: 'en',
  topic: 'education',
  ...extra,
});

/** A text category of the author's with these cards (first side, second side). */
const categoryWith = async (author: Session, name: string, sides: [string, string][]) => {
  const category = await buildCategory(t.database.db, { userId: author.user.id, name });
  const made = [];
  for (const [first, second] of sides)
    made.push(
      await buildCard(t.database.db, { categoryId: category.id, firstSide: first, secondSide: second }),
    );
  return { category, cards: made };
};

const publish = (author: Session, id: number, body: object) =>
  author.call('PUT', `/api/card/market/${id}/`, body);

/** The revision the staff sees in the review of a category. */
const reviewed = async (id: number) => {
  const response = await staff.call('GET', `/api/admin/market/${id}/`);
  expect(response.statusCode).toBe(200);
  return response.json();
};

const approve = async (id: number) => {
  const { revision } = await reviewed(id);
  const response = await staff.call('PUT', `/api/admin/market/${id}/approve/`, { revision });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

/** Published and approved through the API, as an author and a reviewer do it. */
const onCatalog = async (author: Session, id: number, fields: object) => {
  const published = await publish(author, id, fields);
  expect(published.statusCode, published.body).toBe(200);
  await approve(id);
};

const catalogNames = async (query: string) => {
  const response = await anonymous(`/api/card/market-public/?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().results.map((row: { name: string }) => row.name) as string[];
};

describe('publishing', () => {
  it('needs the fields and at least one card; the owner only; it waits for review', async () => {
    const author = await signIn();
    const { category } = await categoryWith(author, 'Empty', []);
    const missing = await publish(author, category.id, { name: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json()).sort()).toEqual(['description', 'language', 'topic']);
    const badTopic = await publish(
      author,
      category.id,
      catalogFields('x', { topic: 'cooking', language: 'de' }),
    );
    expect(Object.keys(badTopic.json()).sort()).toEqual(['language', 'topic']);
    const empty = await publish(author, category.id, catalogFields('Empty'));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      non_field_errors: ['Add at least one card before publishing the category.'],
    });

    await buildCard(t.database.db, { categoryId: category.id });
    const stranger = await signIn();
    expect((await publish(stranger, category.id, catalogFields('Mine'))).statusCode).toBe(404);
    expect((await publish(staff, category.id, catalogFields('Mine'))).statusCode).toBe(404);

    const published = await publish(author, category.id, catalogFields('Animals'));
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({
      name: 'Animals',
      description: 'About Animals',
      language: 'en',
      topic: 'education',
      market_accessible: true,
      market_approvement: 'pending',
      adopted_from: null,
      market_update_available: false,
    });
    const queue = (await staff.call('GET', '/api/admin/market/')).json();
    expect(queue.results.find((row: { id: number }) => row.id === category.id)).toMatchObject({
      kind: 'new',
      cards_length: 1,
      author: { id: author.user.id },
    });

    const removed = await publish(author, category.id, { market_accessible: false });
    expect(removed.json()).toMatchObject({ market_accessible: false, market_approvement: 'none' });
    const after = (await staff.call('GET', '/api/admin/market/')).json();
    expect(after.results.map((row: { id: number }) => row.id)).not.toContain(category.id);
  });

  it('approves at once with MARKET_AUTO_APPROVE', async () => {
    const auto = await buildTestApp({ MARKET_AUTO_APPROVE: 'true' });
    try {
      const author = await signInAs(auto);
      const category = await buildCategory(auto.database.db, { userId: author.user.id });
      await buildCard(auto.database.db, { categoryId: category.id });
      const published = await author.call('PUT', `/api/card/market/${category.id}/`, catalogFields('Auto'));
      expect(published.json().market_approvement).toBe('approved');
      const listed = await auto.app.inject({ method: 'GET', url: `/api/card/market-public/${category.id}/` });
      expect(listed.statusCode).toBe(200);
      expect(listed.json()).toMatchObject({ name: 'Auto', cards_length: 1 });
      // Later changes are approved as they happen too.
      await author.call('POST', '/api/card/card-text/', {
        first_side: 'b',
        second_side: 'c',
        category: category.id,
      });
      const own = (await author.call('GET', `/api/card/category/${category.id}/`)).json();
      expect(own.market_approvement).toBe('approved');
      const cardsNow = await auto.app.inject({
        method: 'GET',
        url: `/api/card/card-text-public/?category_id=${category.id}`,
      });
      expect(cardsNow.json()).toHaveLength(2);
    } finally {
      await auto.close();
    }
  });
});

describe('what the public sees', () => {
  it('never shows a private, pending, rejected or removed category, nor its cards', async () => {
    const author = await signIn();
    const { category: hidden } = await categoryWith(author, 'Hidden deck', [['secret', 'word']]);
    const check = async () => {
      for (const url of [
        `/api/card/market-public/${hidden.id}/`,
        `/api/card/card-text-public/?category_id=${hidden.id}`,
        `/api/card/card-text-tags-public/?category_id=${hidden.id}`,
      ])
        expect((await anonymous(url)).statusCode, url).toBe(404);
      expect((await author.call('GET', `/api/card/market/${hidden.id}/`)).statusCode).toBe(404);
      expect(await catalogNames('search_value=Hidden')).not.toContain('Hidden deck');
    };
    await check();
    await publish(author, hidden.id, catalogFields('Hidden deck'));
    await check();
    const { revision } = await reviewed(hidden.id);
    await staff.call('PUT', `/api/admin/market/${hidden.id}/reject/`, { reason: 'Too short', revision });
    await check();
    await publish(author, hidden.id, catalogFields('Hidden deck'));
    await approve(hidden.id);
    expect((await anonymous(`/api/card/market-public/${hidden.id}/`)).statusCode).toBe(200);
    await publish(author, hidden.id, { market_accessible: false });
    await check();
  });

  it('shows the detail with sample cards and the author by name, never by e-mail', async () => {
    const author = await signIn({ firstName: 'Maria', lastName: 'Ivanova' });
    const sides: [string, string][] = Array.from({ length: 8 }, (_, i) => [`q${i}`, `a${i}`]);
    const { category } = await categoryWith(author, 'Eight', sides);
    await onCatalog(author, category.id, catalogFields('Eight'));
    const response = await anonymous(`/api/card/market-public/${category.id}/`);
    expect(response.json()).toMatchObject({
      id: category.id,
      name: 'Eight',
      user: author.user.id,
      created_by: 'Maria Ivanova',
      cards_length: 8,
      rating: null,
      ratings_count: 0,
      my_rating: null,
      reported_by_me: false,
      my_copy: null,
      is_mine: false,
    });
    expect(response.json().sample_cards).toHaveLength(6);
    expect(response.json().sample_cards[0]).toMatchObject({ first_side: 'q0', second_side: 'a0' });
    expect(response.body).not.toContain(author.user.email);
    expect((await anonymous('/api/card/market-public/?search_value=Eight')).body).not.toContain(
      author.user.email,
    );
    expect((await author.call('GET', `/api/card/market/${category.id}/`)).json().is_mine).toBe(true);
  });
});

describe('moderation', () => {
  it('is for staff only', async () => {
    const author = await signIn();
    const { category } = await categoryWith(author, 'Moderated', [['a', 'b']]);
    await publish(author, category.id, catalogFields('Moderated'));
    for (const [method, url, body] of [
      ['GET', '/api/admin/market/'],
      ['GET', `/api/admin/market/${category.id}/`],
      ['PUT', `/api/admin/market/${category.id}/approve/`, { revision: category.revision }],
      ['PUT', `/api/admin/market/${category.id}/reject/`, { revision: category.revision, reason: 'no' }],
      ['PUT', `/api/admin/market/${category.id}/withdraw/`, { reason: 'no' }],
      ['GET', '/api/admin/market/reports/'],
    ] as const) {
      const response = await author.call(method, url, body);
      expect(response.statusCode, url).toBe(403);
    }
  });

  it('lists pending categories oldest first with their age', async () => {
    const author = await signIn();
    const first = await categoryWith(author, 'First in line', [['a', 'b']]);
    const second = await categoryWith(author, 'Second in line', [['a', 'b']]);
    const start = t.clock.now();
    const fresh = (session: Session) => ({
      authorization: `JWT ${t.services.tokens.sign('access', session.user.id).token}`,
    });
    await publish(author, first.category.id, catalogFields('First in line'));
    t.clock.advance(60 * 60 * 1000);
    await author.call(
      'PUT',
      `/api/card/market/${second.category.id}/`,
      catalogFields('Second in line'),
      fresh(author),
    );
    t.clock.advance(2 * 60 * 60 * 1000);
    const queue = (await staff.call('GET', '/api/admin/market/', undefined, fresh(staff))).json().results as {
      id: number;
      age_hours: number;
    }[];
    // The sessions' tokens are valid again.
    t.clock.set(start);
    const ids = queue.map((row) => row.id);
    expect(ids.indexOf(first.category.id)).toBeLessThan(ids.indexOf(second.category.id));
    expect(queue.find((row) => row.id === first.category.id)!.age_hours).toBe(3);
    expect(queue.find((row) => row.id === second.category.id)!.age_hours).toBe(2);
  });

  it('answers 409 when the category changed since the reviewer opened it', async () => {
    const author = await signIn();
    const { category } = await categoryWith(author, 'Moving', [['a', 'b']]);
    await publish(author, category.id, catalogFields('Moving'));
    const { revision } = await reviewed(category.id);
    const added = await author.call('POST', '/api/card/card-text/', {
      first_side: 'new',
      second_side: 'card',
      category: category.id,
    });
    expect(added.statusCode).toBe(201);
    const stale = await staff.call('PUT', `/api/admin/market/${category.id}/approve/`, { revision });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toBe('The category changed since you opened it; open it again.');
    const staleReject = await staff.call('PUT', `/api/admin/market/${category.id}/reject/`, {
      revision,
      reason: 'x',
    });
    expect(staleReject.statusCode).toBe(409);
    const fresh = await reviewed(category.id);
    expect(fresh.revision).toBeGreaterThan(revision);
    expect(fresh.cards).toHaveLength(2);
    const approved = await staff.call('PUT', `/api/admin/market/${category.id}/approve/`, {
      revision: fresh.revision,
    });
    expect(approved.statusCode).toBe(200);
    expect((await anonymous(`/api/card/market-public/${category.id}/`)).json().cards_length).toBe(2);
  });

  it('mails the rejection with its reason in the author’s language, and shows the reason', async () => {
    const author = await signIn({ language: 'bg', firstName: 'Иван' });
    const { category } = await categoryWith(author, 'Животни', [['куче', 'dog']]);
    await publish(author, category.id, catalogFields('Животни', { language: 'bg' }));
    const { revision } = await reviewed(category.id);
    const rejected = await staff.call('PUT', `/api/admin/market/${category.id}/reject/`, {
      revision,
      reason: 'Картите са твърде малко.',
    });
    expect(rejected.statusCode).toBe(200);
    const own = (await author.call('GET', `/api/card/category/${category.id}/`)).json();
    expect(own).toMatchObject({
      market_approvement: 'rejected',
      market_rejection_reason: 'Картите са твърде малко.',
    });
    await t.runJobs();
    const message = await mail.nextTo(author.user.email);
    expect(message.subject).toBe('Категорията ви не беше одобрена за каталога на Flashcards');
    expect(message.text).toContain('Категорията ви „Животни“ беше прегледана и не беше одобрена');
    expect(message.text).toContain('Причина: Картите са твърде малко.');
    expect(message.text).toContain('Иван');
  });

  it('withdraws a category after reports, closing them; dismisses a report', async () => {
    const author = await signIn();
    const { category } = await categoryWith(author, 'Reported', [['a', 'b']]);
    await onCatalog(author, category.id, catalogFields('Reported'));
    const first = await signIn();
    const second = await signIn();
    const report = await first.call('POST', `/api/card/market/${category.id}/report/`, { reason: 'Spam' });
    expect(report.statusCode).toBe(201);
    await second.call('POST', `/api/card/market/${category.id}/report/`, { reason: 'Rude' });
    const open = (await staff.call('GET', '/api/admin/market/reports/')).json();
    const mine = open.results.filter((row: { category: { id: number } }) => row.category.id === category.id);
    expect(mine.map((row: { reason: string }) => row.reason)).toEqual(['Spam', 'Rude']);
    expect(JSON.stringify(mine)).not.toContain(first.user.email);
    expect((await staff.call('DELETE', `/api/admin/market/reports/${report.json().id}/`)).statusCode).toBe(
      204,
    );
    expect((await staff.call('DELETE', `/api/admin/market/reports/${report.json().id}/`)).statusCode).toBe(
      404,
    );
    const withdrawn = await staff.call('PUT', `/api/admin/market/${category.id}/withdraw/`, {
      reason: 'Abuse',
    });
    expect(withdrawn.statusCode).toBe(200);
    expect((await anonymous(`/api/card/market-public/${category.id}/`)).statusCode).toBe(404);
    const left = (await staff.call('GET', '/api/admin/market/reports/')).json();
    expect(
      left.results.filter((row: { category: { id: number } }) => row.category.id === category.id),
    ).toEqual([]);
  });
});

describe('ratings and reports', () => {
  it('rates 1..5, once per user and changeably, not one’s own; keeps mean and count', async () => {
    const author = await signIn();
    const { category } = await categoryWith(author, 'Rated', [['a', 'b']]);
    await onCatalog(author, category.id, catalogFields('Rated'));
    const rate = (session: Session, rating: number) =>
      session.call('POST', `/api/card/market/${category.id}/rate/`, { rating });
    const reader = await signIn();
    const other = await signIn();
    expect((await rate(reader, 0)).statusCode).toBe(400);
    expect((await rate(reader, 6)).statusCode).toBe(400);
    expect((await rate(reader, 2.5)).statusCode).toBe(400);
    const own = await rate(author, 5);
    expect(own.statusCode).toBe(403);
    expect(own.json().detail).toBe('You cannot rate your own category.');
    expect((await rate(reader, 2)).json()).toEqual({ rating: 2, ratings_count: 1, my_rating: 2 });
    expect((await rate(other, 5)).json()).toEqual({ rating: 3.5, ratings_count: 2, my_rating: 5 });
    expect((await rate(reader, 4)).json()).toEqual({ rating: 4.5, ratings_count: 2, my_rating: 4 });
    const detail = (await reader.call('GET', `/api/card/market/${category.id}/`)).json();
    expect(detail).toMatchObject({ rating: 4.5, ratings_count: 2, my_rating: 4 });
  });

  it('takes one report per user and category, not of one’s own', async () => {
    const author = await signIn();
    const { category } = await categoryWith(author, 'Reported once', [['a', 'b']]);
    await onCatalog(author, category.id, catalogFields('Reported once'));
    const reader = await signIn();
    const report = () =>
      reader.call('POST', `/api/card/market/${category.id}/report/`, { reason: 'Wrong answers' });
    expect((await report()).statusCode).toBe(201);
    const again = await report();
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('You have already reported this category.');
    expect(
      (await author.call('POST', `/api/card/market/${category.id}/report/`, { reason: 'x' })).statusCode,
    ).toBe(403);
    expect((await reader.call('GET', `/api/card/market/${category.id}/`)).json().reported_by_me).toBe(true);
    const { reports_count } = await reviewed(category.id);
    expect(reports_count).toBe(1);
  });
});

describe('search, filters and orders', () => {
  let tag: string;
  beforeAll(async () => {
    tag = `z${Date.now().toString(36)}`;
    const author = await signIn();
    const make = async (name: string, sides: [string, string][], fields: object) => {
      const { category } = await categoryWith(author, name, sides);
      await onCatalog(author, category.id, catalogFields(name, { description: `${tag} deck`, ...fields }));
      return category;
    };
    const european = await make('European capitals', [['France', 'Paris']], { topic: 'education' });
    t.clock.advance(1000);
    const animals = await make(
      'Животни',
      [
        ['котката', 'cat'],
        ['кучето', 'dog'],
      ],
      { language: 'bg', topic: 'languages' },
    );
    t.clock.advance(1000);
    const code = await make('Programming terms', [['closure', 'a function with its scope']], {
      topic: 'computers',
    });
    // Adoptions and ratings for the orders.
    for (const id of [animals.id, animals.id, code.id]) {
      const reader = await signIn();
      await reader.call('POST', '/api/card/adopted-from-market/', { category_id: id });
    }
    const reader = await signIn();
    await reader.call('POST', `/api/card/market/${european.id}/rate/`, { rating: 5 });
    await reader.call('POST', `/api/card/market/${code.id}/rate/`, { rating: 3 });
  });

  it('finds a word that is only in a card, a Bulgarian word in another form, and a misspelt name', async () => {
    expect(await catalogNames(`search_value=${tag}%20Paris`)).toEqual(['European capitals']);
    expect(await catalogNames(`search_value=${encodeURIComponent('котки')}`)).toContain('Животни');
    expect(await catalogNames(`search_value=${encodeURIComponent('кучета')}`)).toContain('Животни');
    expect(await catalogNames('search_value=Europaen%20capittals')).toContain('European capitals');
    expect(await catalogNames(`search_value=${tag}%20nothingsuchword`)).toEqual([]);
  });

  it('matches names close to a search only while its full text finds fewer than a page of categories', async () => {
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const random = (length: number) =>
      Array.from({ length }, () => letters[Math.floor(Math.random() * letters.length)]).join('');
    // Two different letters swapped, as a typing slip does: not the word, close to it.
    const word = `${random(5)}xy${random(4)}`;
    const slip = `${word.slice(0, 5)}yx${word.slice(7)}`;
    const { id: userId } = await buildUser(t.database.db);
    const listed = async (name: string, cardWord: string) => {
      const category = await buildCategory(t.database.db, { userId, name });
      await buildCard(t.database.db, { categoryId: category.id, firstSide: cardWord, secondSide: 'meaning' });
      await buildCatalogVersion(t.database.db, category.id);
    };
    await listed(slip, 'unrelated');
    for (let i = 1; i < FEW_FULL_TEXT_MATCHES; i++) await listed(`Deck ${i}`, word);
    const search = async () => (await anonymous(`/api/card/market-public/?search_value=${word}`)).json();
    const few = await search();
    expect(few.count).toBe(FEW_FULL_TEXT_MATCHES);
    expect(few.results[0].name).toBe(slip);
    await listed(`Deck ${FEW_FULL_TEXT_MATCHES}`, word);
    const enough = await search();
    expect(enough.count).toBe(FEW_FULL_TEXT_MATCHES);
    expect(enough.results.map((row: { name: string }) => row.name)).not.toContain(slip);
    // A page past the last full-text match is past the end.
    expect((await anonymous(`/api/card/market-public/?search_value=${word}&page=2`)).statusCode).toBe(404);
  });

  it('filters by language and topic, and orders by adoptions, approval time and rating', async () => {
    expect(await catalogNames(`search_value=${tag}&language=bg`)).toEqual(['Животни']);
    expect(await catalogNames(`search_value=${tag}&topic=computers`)).toEqual(['Programming terms']);
    expect(await catalogNames(`search_value=${tag}&most_download=true`)).toEqual([
      'Животни',
      'Programming terms',
      'European capitals',
    ]);
    expect(await catalogNames(`search_value=${tag}&last_update=true`)).toEqual([
      'Programming terms',
      'Животни',
      'European capitals',
    ]);
    expect(await catalogNames(`search_value=${tag}&top_rate=true`)).toEqual([
      'European capitals',
      'Programming terms',
      'Животни',
    ]);
  });

  it('costs the same number of queries for any page size', async () => {
    t.database.queries.length = 0;
    const response = await anonymous('/api/card/market-public/');
    expect(response.statusCode).toBe(200);
    expect(response.json().results.length).toBeGreaterThan(2);
    const small = t.database.queries.length;
    t.database.queries.length = 0;
    const searched = await anonymous('/api/card/market-public/?search_value=Paris&language=en&top_rate=true');
    expect(searched.statusCode).toBe(200);
    expect(t.database.queries.length).toBe(small);
    expect(small).toBe(2);
  });
});

describe('adoption', () => {
  const pictureCategory = async (author: Session, name: string, words: string[]) => {
    const category = await buildCategory(t.database.db, {
      userId: author.user.id,
      name,
      typeOfCards: 'picture',
    });
    for (const word of words) {
      const response = await author.send(
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
  const keyOf = (url: string) => url.replace(/^\/media\//, '');

  it('copies the approved cards and their media into the adopter’s account, scores zero; removed with the copy', async () => {
    const author = await signIn();
    const category = await pictureCategory(author, 'Pictures', ['dog', 'cat']);
    await onCatalog(author, category.id, catalogFields('Pictures'));
    const reader = await signIn();
    const adopted = await reader.call('POST', '/api/card/adopted-from-market/', { category_id: category.id });
    expect(adopted.statusCode, adopted.body).toBe(201);
    const copy = adopted.json();
    expect(copy).toMatchObject({
      name: 'Pictures',
      user: { id: reader.user.id },
      adopted_from: category.id,
      market_update_available: false,
      cards_len: 2,
      total_guesses_score: 0,
    });
    const copied = await t.database.db.select().from(cards).where(eq(cards.categoryId, copy.id));
    const originals = await t.database.db.select().from(cards).where(eq(cards.categoryId, category.id));
    const originalKeys = new Set(originals.map((card) => card.firstSide));
    for (const card of copied) {
      expect(card.firstSide.startsWith(`u/${reader.user.id}/`)).toBe(true);
      expect(originalKeys.has(card.firstSide)).toBe(false);
      expect(existsSync(mediaFile(card.firstSide))).toBe(true);
    }
    expect((await anonymous(`/api/card/market-public/${category.id}/`)).json().adopted).toBe(1);
    expect((await reader.call('GET', `/api/card/market/${category.id}/`)).json().my_copy).toBe(copy.id);

    const again = await reader.call('POST', '/api/card/adopted-from-market/', { category_id: category.id });
    expect(again.statusCode).toBe(409);
    const own = await author.call('POST', '/api/card/adopted-from-market/', { category_id: category.id });
    expect(own.statusCode).toBe(403);
    expect(own.json().detail).toBe('You cannot adopt your own category.');

    // The author deleting their card does not touch the catalog's copy of its picture.
    const served = (await anonymous(`/api/card/card-picture-public/?category_id=${category.id}`)).json();
    expect(served).toHaveLength(2);
    await author.call('DELETE', `/api/card/card-picture/${originals[0]!.id}/`);
    expect(existsSync(mediaFile(keyOf(served[0].first_side_url)))).toBe(true);

    expect((await reader.call('DELETE', `/api/card/category/${copy.id}/`)).statusCode).toBe(204);
    for (const card of copied) expect(existsSync(mediaFile(card.firstSide))).toBe(false);
    expect(
      (await reader.call('POST', '/api/card/adopted-from-market/', { category_id: category.id })).statusCode,
    ).toBe(201);
  });

  it('carries image occlusion cards: one picture for the version and one for a copy, kept while a card of it is left', async () => {
    const author = await signIn();
    const category = await buildCategory(t.database.db, {
      userId: author.user.id,
      name: 'The heart',
      typeOfCards: 'picture',
    });
    const masks = [
      { x: 0.1, y: 0.1, width: 0.3, height: 0.3, answer: 'atrium' },
      { x: 0.5, y: 0.5, width: 0.3, height: 0.3, answer: 'ventricle' },
    ];
    const created = await author.send(
      'POST',
      '/api/card/card-picture-occlusion/',
      { category: category.id, masks: JSON.stringify(masks) },
      { first_side: { name: 'heart.png', type: 'image/png', data: picture } },
    );
    expect(created.statusCode, created.body).toBe(201);
    await onCatalog(author, category.id, catalogFields('The heart'));

    const served = (await anonymous(`/api/card/card-picture-public/?category_id=${category.id}`)).json();
    expect(served.map((card: { occlusion: { target: number } }) => card.occlusion.target)).toEqual([0, 1]);
    expect(new Set(served.map((card: { first_side_url: string }) => card.first_side_url)).size).toBe(1);
    expect(served[0].first_side_url).not.toBe(created.json()[0].first_side_url);
    const sample = (await anonymous(`/api/card/market-public/${category.id}/`)).json().sample_cards;
    expect(sample[0].occlusion.masks).toHaveLength(2);

    const reader = await signIn();
    const copy = (
      await reader.call('POST', '/api/card/adopted-from-market/', { category_id: category.id })
    ).json();
    const copied = await t.database.db.select().from(cards).where(eq(cards.categoryId, copy.id));
    expect(copied.map((card) => card.occlusion?.target)).toEqual([0, 1]);
    expect(new Set(copied.map((card) => card.firstSide)).size).toBe(1);
    const file = mediaFile(copied[0]!.firstSide);
    expect(existsSync(file)).toBe(true);
    await reader.call('DELETE', `/api/card/card-picture/${copied[0]!.id}/`);
    expect(existsSync(file)).toBe(true);
    await reader.call('DELETE', `/api/card/card-picture/${copied[1]!.id}/`);
    expect(existsSync(file)).toBe(false);
    // The catalog's copy stays.
    expect(existsSync(mediaFile(keyOf(served[0].first_side_url)))).toBe(true);
  });

  it('keeps a version’s own media until its category goes, by deletion or by a merge', async () => {
    const author = await signIn();
    const child = await pictureCategory(author, 'Merged away', ['sun']);
    await onCatalog(author, child.id, catalogFields('Merged away'));
    const served = (await anonymous(`/api/card/card-picture-public/?category_id=${child.id}`)).json();
    const versionFile = mediaFile(keyOf(served[0].first_side_url));
    expect(existsSync(versionFile)).toBe(true);
    const parent = await pictureCategory(author, 'Parent', ['moon']);
    const merged = await author.call('PUT', '/api/card/merge-category/', {
      parent_category_id: parent.id,
      child_category_id: child.id,
    });
    expect(merged.json().cards_len).toBe(2);
    expect(existsSync(versionFile)).toBe(false);
    const moved = await t.database.db.select().from(cards).where(eq(cards.categoryId, parent.id));
    for (const card of moved) expect(existsSync(mediaFile(card.firstSide))).toBe(true);
  });

  it('leaves nothing behind when the adoption fails', async () => {
    const author = await signIn();
    const category = await pictureCategory(author, 'Broken', ['one', 'two']);
    await onCatalog(author, category.id, catalogFields('Broken'));
    const served = (await anonymous(`/api/card/card-picture-public/?category_id=${category.id}`)).json();
    // The second picture of the version is gone: copying it fails after the first was copied.
    await t.services.storage.delete(keyOf(served[1].first_side_url));
    const reader = await signIn();
    const failed = await reader.call('POST', '/api/card/adopted-from-market/', { category_id: category.id });
    expect(failed.statusCode).toBe(500);
    const left = await t.database.db.select().from(categories).where(eq(categories.userId, reader.user.id));
    expect(left).toEqual([]);
    const dir = path.join(t.dataDir, 'media', `u/${reader.user.id}/cards`);
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
  });
});

describe('updates of adopted copies', () => {
  it('sends an edit to review while the approved version stays; adopters apply the approved update', async () => {
    const author = await signIn();
    const { category, cards: original } = await categoryWith(author, 'Verbs', [
      ['go', 'ходя'],
      ['run', 'бягам'],
      ['eat', 'ям'],
      ['sleep', 'спя'],
    ]);
    await onCatalog(author, category.id, catalogFields('Verbs'));
    const reader = await signIn();
    const copy = (
      await reader.call('POST', '/api/card/adopted-from-market/', { category_id: category.id })
    ).json();
    const mine = await t.database.db.select().from(cards).where(eq(cards.categoryId, copy.id));
    const bySide = (side: string) => mine.find((card) => card.firstSide === side)!;
    // The adopter practises and adds a card of their own.
    for (const side of ['go', 'run', 'eat'])
      await t.database.db
        .update(cards)
        .set({ guessesScore: 7 })
        .where(eq(cards.id, bySide(side).id));
    await reader.call('POST', '/api/card/card-text/', {
      first_side: 'swim',
      second_side: 'плувам',
      category: copy.id,
    });
    expect((await reader.call('GET', `/api/card/adopted-from-market/${copy.id}/update/`)).json()).toEqual({
      available: false,
      approved_at: null,
      changes: null,
    });
    expect((await reader.call('POST', `/api/card/adopted-from-market/${copy.id}/update/`)).statusCode).toBe(
      409,
    );

    // The author edits: the tag of "go", the answer of "run", removes "sleep", adds "read".
    const [go, run, , sleep] = original;
    await author.call('PUT', `/api/card/card-text/${go!.id}/`, {
      first_side: 'go',
      second_side: 'ходя',
      category: category.id,
      tag: 'motion',
    });
    const own = (await author.call('GET', `/api/card/category/${category.id}/`)).json();
    expect(own.market_approvement).toBe('pending');
    await author.call('PUT', `/api/card/card-text/${run!.id}/`, {
      first_side: 'run',
      second_side: 'тичам',
      category: category.id,
    });
    await author.call('DELETE', `/api/card/card-text/${sleep!.id}/`);
    await author.call('POST', '/api/card/card-text/', {
      first_side: 'read',
      second_side: 'чета',
      category: category.id,
    });
    // Practice is not a change.
    const before = (await reviewed(category.id)).revision;
    await author.call('POST', '/api/card/reset-category/', { category_id: category.id });
    expect((await reviewed(category.id)).revision).toBe(before);

    // The approved version is still what everyone gets.
    const served = (await anonymous(`/api/card/card-text-public/?category_id=${category.id}`)).json();
    expect(served.map((card: { first_side: string }) => card.first_side)).toEqual([
      'go',
      'run',
      'eat',
      'sleep',
    ]);
    const review = await reviewed(category.id);
    expect(review.kind).toBe('update');
    expect(review.changes.added.map((card: { first_side: string }) => card.first_side)).toEqual(['read']);
    expect(review.changes.removed.map((card: { first_side: string }) => card.first_side)).toEqual(['sleep']);
    expect(review.changes.changed).toHaveLength(2);
    expect((await reader.call('GET', `/api/card/category/${copy.id}/`)).json().market_update_available).toBe(
      false,
    );

    await approve(category.id);
    expect((await reader.call('GET', `/api/card/category/${copy.id}/`)).json().market_update_available).toBe(
      true,
    );
    const update = (await reader.call('GET', `/api/card/adopted-from-market/${copy.id}/update/`)).json();
    expect(update.available).toBe(true);
    expect(update.changes.added.map((card: { first_side: string }) => card.first_side)).toEqual(['read']);
    expect(update.changes.removed.map((card: { first_side: string }) => card.first_side)).toEqual(['sleep']);
    expect(
      update.changes.changed.map((pair: { after: { second_side: string } }) => pair.after.second_side),
    ).toEqual(['ходя', 'тичам']);
    expect(update.changes.details_changed).toBe(false);

    const applied = await reader.call('POST', `/api/card/adopted-from-market/${copy.id}/update/`);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().market_update_available).toBe(false);
    const now = await t.database.db.select().from(cards).where(eq(cards.categoryId, copy.id));
    const state = Object.fromEntries(
      now.map((card) => [card.firstSide, [card.secondSide, card.tag, card.guessesScore]]),
    );
    expect(state).toEqual({
      go: ['ходя', 'motion', 7],
      run: ['тичам', '', 0],
      eat: ['ям', '', 7],
      swim: ['плувам', '', 0],
      read: ['чета', '', 0],
    });
    expect((await reader.call('POST', `/api/card/adopted-from-market/${copy.id}/update/`)).statusCode).toBe(
      409,
    );
  });
});

describe('a copy of another user', () => {
  it('answers 404 for the update of a category that is not my copy', async () => {
    const reader = await signIn();
    const other = await buildCategory(t.database.db, { userId: (await buildUser(t.database.db)).id });
    expect((await reader.call('GET', `/api/card/adopted-from-market/${other.id}/update/`)).statusCode).toBe(
      404,
    );
    const plain = await buildCategory(t.database.db, { userId: reader.user.id });
    expect((await reader.call('GET', `/api/card/adopted-from-market/${plain.id}/update/`)).statusCode).toBe(
      404,
    );
  });
});
