import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildCard, buildCategory, buildFriendship, buildSchool, buildUser } from '../../../test/factories';
import { type Session, signIn as signInAs } from '../../../test/session';
import { dayIn } from '../../lib/clock';

let t: TestApp;
beforeAll(async () => {
  // Tokens outlive the days the tests move the clock by.
  t = await buildTestApp({ ACCESS_TOKEN_MINUTES: String(30 * 24 * 60) });
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const signIn = (overrides: Parameters<typeof signInAs>[1] = {}) => signInAs(t, overrides);
const day = (offsetDays = 0) => dayIn('UTC', new Date(t.clock.now().getTime() + offsetDays * DAY));

/** A teacher of a new school with students of it, and a category of text cards with tags. */
const classroom = async (students = 2, cards: { tag: string }[] = [{ tag: 'a' }]) => {
  const school = await buildSchool(t.database.db);
  const teacher = await signIn({ schoolId: school.id, isTeacher: true, isOrganizationMember: true });
  const pupils: Session[] = [];
  for (let i = 0; i < students; i++)
    pupils.push(await signIn({ schoolId: school.id, isStudent: true, isOrganizationMember: true }));
  const category = await buildCategory(t.database.db, { userId: teacher.user.id, name: 'Rivers' });
  const made = [];
  for (const card of cards) made.push(await buildCard(t.database.db, { categoryId: category.id, ...card }));
  return { school, teacher, pupils, category, cards: made };
};

const pathFor = (studentId: number, categoryId: number, overrides: Record<string, unknown> = {}) => ({
  name: 'Rivers of Europe',
  assigned_user: studentId,
  category: categoryId,
  start_at: day(),
  end_at: day(7),
  learned_card_volume_verbal: 2,
  ...overrides,
});

const assign = async (teacher: Session, paths: object[]) => {
  const response = await teacher.call('POST', '/api/learning-paths/list-teachers/', paths);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { created: number[]; skipped: { assigned_user: number; reason: string }[] };
};
const countPaths = async () =>
  (
    (await t.database.db.execute(sql`select count(*)::int as n from learning_paths`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0]!.n;
const deck = (as: Session, pathId: number, type = 'verbal') =>
  as.call('GET', `/api/learning-paths/card-text-students/?learning_path_id=${pathId}&type=${type}`);
const answer = (as: Session, rowId: number, field = 'guesses_score') =>
  as.call('PUT', `/api/learning-paths/card-text-students/${rowId}/`, {
    category: 1,
    first_side: 'x',
    second_side: 'y',
    [field]: 99,
  });

describe('assigning learning paths', () => {
  it('creates one path per reached student in one call, and lists the others as skipped', async () => {
    const { teacher, pupils, category } = await classroom(2);
    const friend = await buildUser(t.database.db);
    await buildFriendship(t.database.db, teacher.user.id, friend.id);
    const stranger = await buildUser(t.database.db);
    const otherSchool = await buildSchool(t.database.db);
    const elsewhere = await buildUser(t.database.db, { schoolId: otherSchool.id, isStudent: true });
    const before = await countPaths();
    const result = await assign(
      teacher,
      [pupils[0]!.user.id, pupils[1]!.user.id, friend.id, stranger.id, elsewhere.id, teacher.user.id].map(
        (id) => pathFor(id, category.id),
      ),
    );
    expect(result.created).toHaveLength(3);
    expect(result.skipped).toEqual([
      { assigned_user: stranger.id, reason: 'not_reached' },
      { assigned_user: elsewhere.id, reason: 'not_reached' },
      { assigned_user: teacher.user.id, reason: 'self' },
    ]);
    expect(await countPaths()).toBe(before + 3);
  });

  it("creates nothing when one entry is wrong: another's or a kids category, a student twice, bad days", async () => {
    const { teacher, pupils, category } = await classroom(2);
    const foreign = await buildCategory(t.database.db);
    const kids = await buildCategory(t.database.db, { userId: teacher.user.id, typeOfCards: 'kids' });
    const good = pathFor(pupils[0]!.user.id, category.id);
    const before = await countPaths();
    for (const [bad, field] of [
      [pathFor(pupils[1]!.user.id, foreign.id), '1.category'],
      [pathFor(pupils[1]!.user.id, kids.id), '1.category'],
      [pathFor(pupils[0]!.user.id, category.id), '1.assigned_user'],
      [pathFor(pupils[1]!.user.id, category.id, { start_at: day(3), end_at: day(1) }), '1.end_at'],
      [pathFor(pupils[1]!.user.id, category.id, { learning_type_verbal: false }), '1.learning_type_verbal'],
    ] as const) {
      const response = await teacher.call('POST', '/api/learning-paths/list-teachers/', [good, bad]);
      expect(response.statusCode, field).toBe(400);
      expect(Object.keys(response.json()).join(), response.body).toContain(field);
    }
    expect(await countPaths()).toBe(before);
  });

  it('are refused to accounts a school created and nobody claimed yet', async () => {
    const student = await signIn({ isAutoCreated: true });
    for (const url of ['/api/learning-paths/list-teachers/', '/api/learning-paths/list-students/'])
      expect((await student.call('GET', url)).statusCode).toBe(403);
  });

  it('offer the people the requester reaches, found by name', async () => {
    const { teacher, pupils } = await classroom(1);
    const stranger = await buildUser(t.database.db, { firstName: pupils[0]!.user.firstName });
    const response = await teacher.call(
      'GET',
      `/api/learning-paths/users-search/?search=${encodeURIComponent(pupils[0]!.user.firstName)}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().map((p: { id: number }) => p.id)).toEqual([pupils[0]!.user.id]);
    expect(response.json()[0]).toMatchObject({ relation: 'school', email: pupils[0]!.user.email });
    expect(response.json().map((p: { id: number }) => p.id)).not.toContain(stranger.id);
  });
});

describe('studying a learning path', () => {
  it("deals at most the deck size of the path's tagged cards", async () => {
    const { teacher, pupils, category } = await classroom(1, [
      { tag: 'a' },
      { tag: 'a' },
      { tag: 'a' },
      { tag: 'a' },
      { tag: 'b' },
    ]);
    const { created } = await assign(
      teacher,
      [
        pathFor(pupils[0]!.user.id, category.id, { category_tags: ['b'], flip_cards_volume: 3 }),
        pathFor(pupils[0]!.user.id, category.id, { category_tags: ['a'], flip_cards_volume: 3 }),
      ].slice(0, 1),
    );
    const onlyB = (await deck(pupils[0]!, created[0]!)).json();
    expect(onlyB.map((card: { tag: string }) => card.tag)).toEqual(['b']);
    const { created: second } = await assign(teacher, [
      pathFor(pupils[0]!.user.id, category.id, { category_tags: ['a'], flip_cards_volume: 3 }),
    ]);
    const threeA = (await deck(pupils[0]!, second[0]!)).json();
    expect(threeA).toHaveLength(3);
    expect(new Set(threeA.map((card: { tag: string }) => card.tag))).toEqual(new Set(['a']));
    // The teacher and others do not study it.
    expect((await deck(teacher, second[0]!)).statusCode).toBe(404);
  });

  it("learns a card after the path's volume for that student only, never touching the teacher's scores", async () => {
    const { teacher, pupils, category, cards } = await classroom(2, [{ tag: '' }, { tag: '' }]);
    const { created } = await assign(
      teacher,
      pupils.map((pupil) => pathFor(pupil.user.id, category.id)),
    );
    const [mine, theirs] = created as [number, number];
    const dealt = (await deck(pupils[0]!, mine)).json();
    expect(dealt).toHaveLength(2);
    const first = dealt[0];
    expect((await answer(pupils[0]!, first.id)).json()).toMatchObject({
      guesses_score: 1,
      learned_verbal: false,
    });
    expect((await answer(pupils[0]!, first.id, 'incorrect_guesses_score')).json()).toMatchObject({
      guesses_score: 1,
      incorrect_guesses_score: 1,
    });
    expect((await answer(pupils[0]!, first.id)).json()).toMatchObject({
      guesses_score: 2,
      learned_verbal: true,
    });
    // Learned: it leaves this student's deck, not the other's.
    expect((await deck(pupils[0]!, mine)).json().map((c: { card: number }) => c.card)).not.toContain(
      first.card,
    );
    expect((await deck(pupils[1]!, theirs)).json()).toHaveLength(2);
    // Another student's row is not theirs to answer.
    expect((await answer(pupils[1]!, first.id)).statusCode).toBe(404);
    const teacherCards = (
      (await t.database.db.execute(
        sql`select guesses_score from cards where id in (${cards[0]!.id}, ${cards[1]!.id})`,
      )) as unknown as { rows: { guesses_score: number }[] }
    ).rows;
    expect(teacherCards.map((row) => row.guesses_score)).toEqual([0, 0]);

    const progress = (
      await pupils[0]!.call('GET', `/api/learning-paths/learning-path-progress/?learning_path_id=${mine}`)
    ).json();
    expect(progress).toMatchObject({
      completed_verbal: false,
      cards_len: 2,
      learned_cards_verbal_len: 1,
      today: { flip_cards_verbal: 3, learned_cards_verbal: 1 },
    });
    expect(progress.progress).toEqual([
      expect.objectContaining({ create_at: day(), flip_cards_verbal: 3, learned_cards_verbal: 1 }),
    ]);

    // The last card learned completes the path in that mode.
    const second = dealt[1];
    await answer(pupils[0]!, second.id);
    await answer(pupils[0]!, second.id);
    const done = (await teacher.call('GET', `/api/learning-paths/details-teachers/${mine}/`)).json();
    expect(done).toMatchObject({
      completed_verbal: true,
      completed_typing: false,
      learned_cards_verbal_len: 2,
    });
    expect((await deck(pupils[0]!, mine)).json()).toEqual([]);
    // The teacher's other student sees nothing of it.
    expect(
      (await pupils[1]!.call('GET', `/api/learning-paths/learning-path-progress/?learning_path_id=${mine}`))
        .statusCode,
    ).toBe(404);
  });

  it("refuses decks and answers outside the path's days, and in a mode it does not study", async () => {
    const { teacher, pupils, category } = await classroom(1);
    const { created } = await assign(teacher, [
      pathFor(pupils[0]!.user.id, category.id, { start_at: day(1), end_at: day(2) }),
    ]);
    const early = await deck(pupils[0]!, created[0]!);
    expect(early.statusCode).toBe(403);
    expect(early.json().detail).toBe(`This learning path runs from ${day(1)} to ${day(2)}.`);
    t.clock.advance(DAY);
    const opened = await deck(pupils[0]!, created[0]!);
    expect(opened.statusCode, opened.body).toBe(200);
    const dealt = opened.json();
    expect(dealt).toHaveLength(1);
    expect((await deck(pupils[0]!, created[0]!, 'typing')).json().detail).toBe(
      'This learning path is not studied by typing.',
    );
    expect((await answer(pupils[0]!, dealt[0].id, 'guesses_score_typing')).statusCode).toBe(403);
    expect((await answer(pupils[0]!, dealt[0].id)).statusCode).toBe(200);
    t.clock.advance(2 * DAY);
    const late = await answer(pupils[0]!, dealt[0].id);
    expect(late.statusCode).toBe(403);
    expect(late.json().detail).toContain('runs from');
  });
});

describe('taking back the last answer of a study session', () => {
  const answerIn = (as: Session, rowId: number, session: string, field = 'guesses_score') =>
    as.call('PUT', `/api/learning-paths/card-text-students/${rowId}/`, { [field]: 1, session });
  const undo = (as: Session, session: string) =>
    as.call('POST', `/api/learning-paths/sessions/${session}/undo/`);
  const progressOf = async (as: Session, pathId: number) =>
    (await as.call('GET', `/api/learning-paths/learning-path-progress/?learning_path_id=${pathId}`)).json();

  it('takes a wrong answer back once, so that "I was right" counts it as right', async () => {
    const { teacher, pupils, category } = await classroom(1, [{ tag: '' }]);
    const [pathId] = (await assign(teacher, [pathFor(pupils[0]!.user.id, category.id)])).created as [number];
    const [row] = (await deck(pupils[0]!, pathId)).json();
    const session = randomUUID();
    await answerIn(pupils[0]!, row.id, session);
    await answerIn(pupils[0]!, row.id, session, 'incorrect_guesses_score');
    const undone = await undo(pupils[0]!, session);
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toEqual({ card_id: row.id, field: 'incorrect_guesses_score' });
    expect((await undo(pupils[0]!, session)).statusCode).toBe(409);
    // Counted right instead: the second right answer learns the card and completes the path.
    expect((await answerIn(pupils[0]!, row.id, session)).json()).toMatchObject({
      guesses_score: 2,
      incorrect_guesses_score: 0,
      learned_verbal: true,
    });
    expect(await progressOf(pupils[0]!, pathId)).toMatchObject({
      completed_verbal: true,
      today: { flip_cards_verbal: 2, learned_cards_verbal: 1 },
    });
  });

  it('takes back the learned card and the completed path the answer counted', async () => {
    const { teacher, pupils, category } = await classroom(1, [{ tag: '' }]);
    const [pathId] = (await assign(teacher, [pathFor(pupils[0]!.user.id, category.id)])).created as [number];
    const [row] = (await deck(pupils[0]!, pathId)).json();
    const session = randomUUID();
    await answerIn(pupils[0]!, row.id, session);
    await answerIn(pupils[0]!, row.id, session);
    expect(await progressOf(pupils[0]!, pathId)).toMatchObject({ completed_verbal: true });
    expect((await undo(pupils[0]!, session)).statusCode).toBe(200);
    expect(await progressOf(pupils[0]!, pathId)).toMatchObject({
      completed_verbal: false,
      learned_cards_verbal_len: 0,
      today: { flip_cards_verbal: 1, learned_cards_verbal: 0 },
    });
    expect((await deck(pupils[0]!, pathId)).json()).toHaveLength(1);
  });

  it("answers 404 for another student's session and an unknown one, and changes nothing", async () => {
    const { teacher, pupils, category } = await classroom(2, [{ tag: '' }]);
    const [pathId] = (await assign(teacher, [pathFor(pupils[0]!.user.id, category.id)])).created as [number];
    const [row] = (await deck(pupils[0]!, pathId)).json();
    const session = randomUUID();
    await answerIn(pupils[0]!, row.id, session);
    expect((await undo(pupils[1]!, session)).statusCode).toBe(404);
    expect((await undo(teacher, session)).statusCode).toBe(404);
    expect((await undo(pupils[0]!, randomUUID())).statusCode).toBe(404);
    // Another student cannot take the session name over either.
    expect((await answerIn(pupils[1]!, row.id, session)).statusCode).toBe(404);
    expect(await progressOf(pupils[0]!, pathId)).toMatchObject({ today: { flip_cards_verbal: 1 } });
    expect((await undo(pupils[0]!, session)).statusCode).toBe(200);
  });

  it('forgets sessions of past days in the daily job, and only those', async () => {
    const { teacher, pupils, category } = await classroom(1, [{ tag: '' }]);
    const [pathId] = (await assign(teacher, [pathFor(pupils[0]!.user.id, category.id)])).created as [number];
    const [row] = (await deck(pupils[0]!, pathId)).json();
    const old = randomUUID();
    await answerIn(pupils[0]!, row.id, old);
    t.clock.advance(DAY + 1000);
    const fresh = randomUUID();
    await answerIn(pupils[0]!, row.id, fresh);
    expect(await t.services.learningPaths.forgetOldSessions()).toBeGreaterThanOrEqual(1);
    expect((await undo(pupils[0]!, old)).statusCode).toBe(404);
    expect((await undo(pupils[0]!, fresh)).statusCode).toBe(200);
  });
});

describe('answers of accounts', () => {
  it("refuses a school's unclaimed account, whose answer changes nothing", async () => {
    const { teacher, pupils, category } = await classroom(1);
    const { created } = await assign(teacher, [pathFor(pupils[0]!.user.id, category.id)]);
    const [row] = (await deck(pupils[0]!, created[0]!)).json();
    await t.database.db.execute(
      sql`update users set is_auto_created = true where id = ${pupils[0]!.user.id}`,
    );
    const refused = await answer(pupils[0]!, row.id);
    expect(refused.statusCode).toBe(403);
    const { rows } = (await t.database.db.execute(
      sql`select guesses_score from learning_path_cards where id = ${row.id}`,
    )) as unknown as { rows: { guesses_score: number }[] };
    expect(rows[0]!.guesses_score).toBe(0);
  });
});

describe('lists of learning paths', () => {
  it("list the teacher's and the student's paths, by date or by name, and delete only by the teacher", async () => {
    const { teacher, pupils, category } = await classroom(1);
    const ids: number[] = [];
    for (const name of ['beta', 'Alpha', 'gamma']) {
      ids.push(...(await assign(teacher, [pathFor(pupils[0]!.user.id, category.id, { name })])).created);
      t.clock.advance(1000);
    }
    const names = async (as: Session, url: string) =>
      (await as.call('GET', url)).json().results.map((p: { name: string }) => p.name);
    expect(await names(teacher, '/api/learning-paths/list-teachers/')).toEqual(['gamma', 'Alpha', 'beta']);
    expect(await names(teacher, '/api/learning-paths/list-teachers/?sort_by=name&sort_order=asc')).toEqual([
      'Alpha',
      'beta',
      'gamma',
    ]);
    expect(await names(teacher, '/api/learning-paths/list-teachers/?sort_order=asc')).toEqual([
      'beta',
      'Alpha',
      'gamma',
    ]);
    expect(
      await names(pupils[0]!, '/api/learning-paths/list-students/?sort_by=alphabetical&sort_order=desc'),
    ).toEqual(['gamma', 'beta', 'Alpha']);
    expect(await names(pupils[0]!, '/api/learning-paths/list-teachers/')).toEqual([]);
    const first = (await teacher.call('GET', '/api/learning-paths/list-teachers/')).json().results[0];
    expect(first).toMatchObject({
      assigned_user: { id: pupils[0]!.user.id },
      created_by_user: { id: teacher.user.id },
      category: { id: category.id, name: 'Rivers', type_of_cards: 'text' },
      learned_card_volume_verbal: 2,
      learned_card_volume_typing: 10,
      daily_cards_flip_target: 20,
      today: null,
    });

    expect(
      (await pupils[0]!.call('DELETE', `/api/learning-paths/details-teachers/${ids[0]}/`)).statusCode,
    ).toBe(404);
    expect((await pupils[0]!.call('GET', `/api/learning-paths/details-teachers/${ids[0]}/`)).statusCode).toBe(
      404,
    );
    expect((await teacher.call('DELETE', `/api/learning-paths/details-teachers/${ids[0]}/`)).statusCode).toBe(
      204,
    );
    expect(await names(pupils[0]!, '/api/learning-paths/list-students/')).toEqual(['gamma', 'Alpha']);
  });

  it('list a page in a fixed number of queries whatever its size', async () => {
    const { teacher, pupils, category } = await classroom(1);
    const cost = async (count: number) => {
      const { teacher: other, pupils: theirs, category: theirCategory } = await classroom(count);
      await assign(
        other,
        theirs.map((pupil) => pathFor(pupil.user.id, theirCategory.id)),
      );
      t.database.queries.length = 0;
      const response = await other.call('GET', '/api/learning-paths/list-teachers/');
      expect(response.json().results).toHaveLength(count);
      return t.database.queries.length;
    };
    await assign(teacher, [pathFor(pupils[0]!.user.id, category.id)]);
    expect(await cost(2)).toBe(await cost(12));
  });
});

describe("the principal oversees the teachers' paths", () => {
  it("lists a teacher's paths and opens one read-only; every change stays refused", async () => {
    const { school, teacher, pupils, category } = await classroom(1);
    const principal = await signIn({
      schoolId: school.id,
      isOrganizationMember: true,
      isOrganizationHost: true,
    });
    const {
      created: [pathId],
    } = await assign(teacher, [pathFor(pupils[0]!.user.id, category.id)]);
    const listed = await principal.call(
      'GET',
      `/api/learning-paths/school-teachers/?teacher=${teacher.user.id}`,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().results.map((path: { id: number }) => path.id)).toEqual([pathId]);
    expect(listed.json().results[0].assigned_user.id).toBe(pupils[0]!.user.id);
    const progress = await principal.call(
      'GET',
      `/api/learning-paths/learning-path-progress/?learning_path_id=${pathId}`,
    );
    expect(progress.statusCode, progress.body).toBe(200);
    expect(progress.json().created_by_user.id).toBe(teacher.user.id);

    // Read-only: the teacher's calls on the path do not exist for the principal.
    expect((await principal.call('GET', `/api/learning-paths/details-teachers/${pathId}/`)).statusCode).toBe(
      404,
    );
    expect(
      (await principal.call('DELETE', `/api/learning-paths/details-teachers/${pathId}/`)).statusCode,
    ).toBe(404);
    expect(
      (await principal.call('PUT', `/api/learning-paths/details-teachers/${pathId}/test/`, { test: null }))
        .statusCode,
    ).toBe(404);
    expect((await deck(principal, pathId!)).statusCode).toBe(404);
    expect((await teacher.call('GET', `/api/learning-paths/details-teachers/${pathId}/`)).statusCode).toBe(
      200,
    );
  });

  it("is for principals only, and only of their own school's teachers", async () => {
    const { school, teacher, pupils, category } = await classroom(1);
    const {
      created: [pathId],
    } = await assign(teacher, [pathFor(pupils[0]!.user.id, category.id)]);
    const url = `/api/learning-paths/school-teachers/?teacher=${teacher.user.id}`;
    const colleague = await signIn({ schoolId: school.id, isOrganizationMember: true, isTeacher: true });
    expect((await colleague.call('GET', url)).statusCode).toBe(403);
    const elsewhere = await buildSchool(t.database.db);
    const otherPrincipal = await signIn({
      schoolId: elsewhere.id,
      isOrganizationMember: true,
      isOrganizationHost: true,
    });
    expect((await otherPrincipal.call('GET', url)).statusCode).toBe(404);
    expect(
      (
        await otherPrincipal.call(
          'GET',
          `/api/learning-paths/learning-path-progress/?learning_path_id=${pathId}`,
        )
      ).statusCode,
    ).toBe(404);
    // A student of the school is nobody's teacher to oversee.
    const principal = await signIn({
      schoolId: school.id,
      isOrganizationMember: true,
      isOrganizationHost: true,
    });
    const student = `/api/learning-paths/school-teachers/?teacher=${pupils[0]!.user.id}`;
    expect((await principal.call('GET', student)).statusCode).toBe(404);
  });
});
