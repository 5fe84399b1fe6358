import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildCard, buildCategory, buildUser } from '../../../test/factories';
import { signIn as signInAs } from '../../../test/session';
import { cards, categories } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const signIn = () => signInAs(t);

describe('categories', () => {
  it('creates, reads, renames and deletes a category, owned by the signed-in user whatever the body says', async () => {
    const { user, call } = await signIn();
    const other = await buildUser(t.database.db);
    const created = await call('POST', '/api/card/category/', {
      name: ' Capitals ',
      type_of_cards: 'text',
      user: other.id,
    });
    expect(created.statusCode).toBe(201);
    const category = created.json();
    expect(category).toMatchObject({
      name: 'Capitals',
      type_of_cards: 'text',
      user: { id: user.id, email: user.email },
      market_approvement: 'none',
      cards_len: 0,
    });
    expect((await call('GET', `/api/card/category/${category.id}/`)).json().name).toBe('Capitals');
    const renamed = await call('PUT', `/api/card/category/${category.id}/`, {
      name: 'World capitals',
      type_of_cards: 'text',
    });
    expect(renamed.json().name).toBe('World capitals');
    expect((await call('DELETE', `/api/card/category/${category.id}/`)).statusCode).toBe(204);
    expect((await call('GET', `/api/card/category/${category.id}/`)).statusCode).toBe(404);
  });

  it('validates the body', async () => {
    const { call } = await signIn();
    const response = await call('POST', '/api/card/category/', { name: '', type_of_cards: 'video' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(['name', 'type_of_cards']);
  });

  it('computes the statistics of each category in the page query', async () => {
    const { user, call } = await signIn();
    const category = await buildCategory(t.database.db, { userId: user.id });
    await buildCard(t.database.db, { categoryId: category.id, guessesScore: 10, incorrectGuessesScore: 2 });
    await buildCard(t.database.db, { categoryId: category.id, guessesScore: 3, guessesScoreTyping: 12 });
    await buildCard(t.database.db, { categoryId: category.id, incorrectGuessesScoreTyping: 4 });
    const page = (await call('GET', '/api/card/category/')).json();
    expect(page.results[0]).toMatchObject({
      id: category.id,
      cards_len: 3,
      learned_cards_verbal_len: 1,
      learned_cards_typing_len: 1,
      total_guesses_score: 13,
      total_incorrect_guesses_score: 2,
      total_guesses_score_typing: 12,
      total_incorrect_guesses_score_typing: 4,
    });
  });

  it('pages by 20, sorted by date or name, filtered by kind and ai_created', async () => {
    const { user, call } = await signIn();
    const names = ['beta', 'Alpha', 'gamma'];
    for (const [i, name] of names.entries()) {
      await buildCategory(t.database.db, {
        userId: user.id,
        name,
        aiCreated: i === 2,
        createdAt: new Date(Date.UTC(2026, 0, i + 1)),
      });
    }
    await buildCategory(t.database.db, { userId: user.id, name: 'kids one', typeOfCards: 'kids' });
    const byDate = (await call('GET', '/api/card/category/')).json();
    expect(byDate.results.map((c: { name: string }) => c.name)).toEqual(['gamma', 'Alpha', 'beta']);
    const byName = (await call('GET', '/api/card/category/?sort_by=alphabetical&sort_order=asc')).json();
    expect(byName.results.map((c: { name: string }) => c.name)).toEqual(['Alpha', 'beta', 'gamma']);
    const ai = (await call('GET', '/api/card/category/?ai_created=True')).json();
    expect(ai.results.map((c: { name: string }) => c.name)).toEqual(['gamma']);
    const kids = (await call('GET', '/api/card/category-kids/')).json();
    expect(kids.results.map((c: { name: string }) => c.name)).toEqual(['kids one']);
    const all = (await call('GET', '/api/card/category-all/')).json();
    expect(all).toHaveLength(3);
    expect((await call('GET', '/api/card/category/?page=2')).statusCode).toBe(404);
  });

  it('costs the same number of queries for a page of 2 and a page of 20', async () => {
    const { user, call } = await signIn();
    const measure = async () => {
      t.database.queries.length = 0;
      expect((await call('GET', '/api/card/category/')).statusCode).toBe(200);
      return t.database.queries.length;
    };
    for (let i = 0; i < 2; i++) {
      const category = await buildCategory(t.database.db, { userId: user.id });
      await buildCard(t.database.db, { categoryId: category.id });
    }
    const small = await measure();
    for (let i = 0; i < 23; i++) {
      const category = await buildCategory(t.database.db, { userId: user.id });
      await buildCard(t.database.db, { categoryId: category.id });
    }
    expect(await measure()).toBe(small);
    // The page, its count, and whether any answer waits to be folded into the due counts.
    expect(small).toBeLessThanOrEqual(4);
  });

  it("answers 404 for another user's category, for read and write, and lists only one's own", async () => {
    const { user: owner, call: ownerCall } = await signIn();
    const category = await buildCategory(t.database.db, { userId: owner.id, name: 'private' });
    // The same path works for its owner, so the 404s below come from the ownership rule.
    expect((await ownerCall('GET', `/api/card/category/${category.id}/`)).statusCode).toBe(200);
    const { call } = await signIn();
    for (const [method, url, body] of [
      ['GET', `/api/card/category/${category.id}/`],
      ['PUT', `/api/card/category/${category.id}/`, { name: 'mine now' }],
      ['DELETE', `/api/card/category/${category.id}/`],
      ['POST', '/api/card/reset-category/', { category_id: category.id }],
      [
        'PUT',
        '/api/card/merge-category/',
        { parent_category_id: category.id, child_category_id: category.id },
      ],
    ] as const) {
      const response = await call(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    }
    const listed = (await call('GET', `/api/card/category/?user_id=${owner.id}`)).json();
    expect(listed.results.map((c: { name: string }) => c.name)).not.toContain('private');
    const [row] = await t.database.db.select().from(categories).where(eq(categories.id, category.id));
    expect(row!.name).toBe('private');
  });

  it('resets every score of a category', async () => {
    const { user, call } = await signIn();
    const category = await buildCategory(t.database.db, { userId: user.id });
    await buildCard(t.database.db, {
      categoryId: category.id,
      guessesScore: 5,
      incorrectGuessesScoreTyping: 3,
    });
    expect((await call('POST', '/api/card/reset-category/', { category_id: category.id })).statusCode).toBe(
      204,
    );
    const detail = (await call('GET', `/api/card/category/${category.id}/`)).json();
    expect([
      detail.total_guesses_score,
      detail.total_incorrect_guesses_score_typing,
      detail.cards_len,
    ]).toEqual([0, 0, 1]);
  });

  it('merges a child into its parent and deletes the child, in one transaction', async () => {
    const { user, call } = await signIn();
    const parent = await buildCategory(t.database.db, { userId: user.id });
    const child = await buildCategory(t.database.db, { userId: user.id });
    await buildCard(t.database.db, { categoryId: parent.id });
    await buildCard(t.database.db, { categoryId: child.id });
    await buildCard(t.database.db, { categoryId: child.id });
    const merged = await call('PUT', '/api/card/merge-category/', {
      parent_category_id: parent.id,
      child_category_id: child.id,
    });
    expect(merged.statusCode).toBe(200);
    expect(merged.json().cards_len).toBe(3);
    expect((await call('GET', `/api/card/category/${child.id}/`)).statusCode).toBe(404);

    const kids = await buildCategory(t.database.db, { userId: user.id, typeOfCards: 'kids' });
    const mismatch = await call('PUT', '/api/card/merge-category/', {
      parent_category_id: parent.id,
      child_category_id: kids.id,
    });
    expect(mismatch.statusCode).toBe(400);
    const same = await call('PUT', '/api/card/merge-category/', {
      parent_category_id: parent.id,
      child_category_id: parent.id,
    });
    expect(same.statusCode).toBe(400);
    expect(await t.database.db.select().from(cards).where(eq(cards.categoryId, parent.id))).toHaveLength(3);
  });

  it('keeps the type of a category that has cards', async () => {
    const { user, call } = await signIn();
    const category = await buildCategory(t.database.db, { userId: user.id });
    await buildCard(t.database.db, { categoryId: category.id });
    const response = await call('PUT', `/api/card/category/${category.id}/`, {
      name: 'x',
      type_of_cards: 'picture',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['type_of_cards']);
  });
});
