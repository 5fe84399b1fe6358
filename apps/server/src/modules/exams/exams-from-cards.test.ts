import type { DraftQuestion, TestDraft } from '@flashcards/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildCard, buildCategory, buildSchool } from '../../../test/factories';
import { type Session, signIn as signInAs } from '../../../test/session';

/** docs/api.md "Tests from cards": a draft from a category's cards, edited, then saved with its questions. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const DRAFT = '/api/exam/test-teachers/draft-from-cards/';
const SAVE = '/api/exam/test-teachers/with-questions/';
const signIn = (overrides: Parameters<typeof signInAs>[1] = {}) => signInAs(t, overrides);

/** A text category of the user with these cards (front, back, tag). */
const category = async (
  user: Session,
  cards: [string, string, string?][],
  typeOfCards: 'text' | 'picture' | 'kids' = 'text',
) => {
  const made = await buildCategory(t.database.db, { userId: user.user.id, typeOfCards, name: 'Capitals' });
  for (const [front, back, tag] of cards)
    await buildCard(t.database.db, {
      categoryId: made.id,
      firstSide: front,
      secondSide: back,
      tag: tag ?? '',
    });
  return made.id;
};

const capitals: [string, string, string?][] = [
  ['France', 'Paris', 'europe'],
  ['Bulgaria', 'Sofia', 'europe'],
  ['Japan', 'Tokyo', 'asia'],
  ['Peru', 'Lima', 'america'],
  ['Italy', 'Rome', 'europe'],
  ['Egypt', 'Cairo', 'africa'],
  ['Kenya', 'Nairobi', 'africa'],
  ['Chile', 'Santiago', 'america'],
];
const backOf = new Map(capitals.map(([front, back]) => [front, back]));

const draft = async (user: Session, body: object) => {
  const response = await user.call('POST', DRAFT, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TestDraft;
};

type Drafted<K extends DraftQuestion['kind']> = Extract<DraftQuestion, { kind: K }>;
const ofKind = <K extends DraftQuestion['kind']>(questions: DraftQuestion[], kind: K) =>
  questions.filter((question): question is Drafted<K> => question.kind === kind);
const answersOf = (question: Drafted<'single'>) =>
  [question.answer_a, question.answer_b, question.answer_c, question.answer_d].filter((text) => text !== '');
const rightOf = (question: Drafted<'single'>) => question[`answer_${question.correct_answer}` as 'answer_a'];

describe('drafting a test from cards', () => {
  it("makes each card's front a question with its back right and other cards' backs as the other answers", async () => {
    const teacher = await signIn();
    const id = await category(teacher, capitals);
    const result = await draft(teacher, { category: id, kinds: { single: 5 }, seed: 7 });
    expect(result.category).toEqual({ id, name: 'Capitals' });
    expect(result.available).toBe(8);
    expect(result.questions).toHaveLength(5);
    const backs = new Set(backOf.values());
    for (const question of ofKind(result.questions, 'single')) {
      expect(question.kind).toBe('single');
      expect(rightOf(question)).toBe(backOf.get(question.question_text));
      const answers = answersOf(question);
      expect(answers).toHaveLength(4);
      for (const answer of answers) expect(backs.has(answer)).toBe(true);
    }
    // Five cards drawn, each once.
    expect(new Set(result.questions.map((q) => q.card)).size).toBe(5);
  });

  it('asks a cloze card for its gaps: the question hides them, the answer fills them', async () => {
    const teacher = await signIn();
    const id = await category(teacher, [
      ['{{c1::Sofia}} is the capital of Bulgaria', ''],
      ['Lima is the capital of {{c2::Peru::a country}}', 'In South America'],
      ['Paris', 'France'],
    ]);
    const result = await draft(teacher, { category: id, kinds: { short_text: 3 }, seed: 1 });
    const asked = ofKind(result.questions, 'short_text').map((question) => [
      question.question_text,
      question.settings.accepted,
    ]);
    expect(asked.sort()).toEqual(
      [
        ['[...] is the capital of Bulgaria', ['Sofia']],
        ['Lima is the capital of [a country]', ['Peru']],
        ['Paris', ['France']],
      ].sort(),
    );
  });

  it('never repeats an answer within a question, case and spaces ignored, nor repeats the right one', async () => {
    const teacher = await signIn();
    const id = await category(teacher, [
      ['One', 'Paris'],
      ['Two', 'paris '],
      ['Three', 'PARIS'],
      ['Four', 'Rome'],
      ['Five', 'rome'],
      ['Six', 'Oslo'],
      ['Seven', 'Bern'],
    ]);
    for (const seed of [1, 2, 3, 4, 5]) {
      const result = await draft(teacher, { category: id, kinds: { single: 7 }, seed });
      for (const question of ofKind(result.questions, 'single')) {
        const keys = answersOf(question).map((text) => text.trim().toLowerCase());
        expect(new Set(keys).size, JSON.stringify(question)).toBe(keys.length);
        // Four different answers exist in all (paris, rome, oslo, bern).
        expect(keys).toHaveLength(4);
      }
    }
  });

  it('gives fewer answers when the category has fewer cards', async () => {
    const teacher = await signIn();
    const three = await category(teacher, [
      ['France', 'Paris'],
      ['Italy', 'Rome'],
      ['Norway', 'Oslo'],
    ]);
    const result = await draft(teacher, { category: three, kinds: { single: 3 }, seed: 3 });
    expect(result.available).toBe(3);
    expect(result.questions).toHaveLength(3);
    for (const question of ofKind(result.questions, 'single')) {
      expect(answersOf(question)).toHaveLength(3);
      expect(question.answer_d).toBe('');
      expect(['a', 'b', 'c']).toContain(question.correct_answer);
    }
    const two = await category(teacher, [
      ['France', 'Paris'],
      ['Italy', 'Rome'],
    ]);
    const twoDraft = await draft(teacher, { category: two, kinds: { single: 2 }, seed: 3 });
    for (const question of ofKind(twoDraft.questions, 'single')) {
      expect(answersOf(question)).toHaveLength(2);
      expect(question.answer_c).toBe('');
    }
  });

  it('gives the same draft for the same seed, another for another, and answers the seed it chose', async () => {
    const teacher = await signIn();
    const id = await category(teacher, capitals);
    const first = await draft(teacher, { category: id, kinds: { single: 6 }, seed: 42 });
    const again = await draft(teacher, { category: id, kinds: { single: 6 }, seed: 42 });
    const other = await draft(teacher, { category: id, kinds: { single: 6 }, seed: 43 });
    expect(again).toEqual(first);
    expect(other.questions).not.toEqual(first.questions);
    const unseeded = await draft(teacher, { category: id, kinds: { single: 6 } });
    expect(await draft(teacher, { category: id, kinds: { single: 6 }, seed: unseeded.seed })).toEqual(
      unseeded,
    );
  });

  it('spreads the right answer over the letters', async () => {
    const teacher = await signIn();
    const id = await category(teacher, capitals);
    const result = await draft(teacher, { category: id, kinds: { single: 8 }, seed: 11 });
    const counts = { a: 0, b: 0, c: 0, d: 0 };
    for (const question of ofKind(result.questions, 'single')) counts[question.correct_answer] += 1;
    expect(counts).toEqual({ a: 2, b: 2, c: 2, d: 2 });
  });

  it("asks only the tagged cards, with other answers from the whole category's cards", async () => {
    const teacher = await signIn();
    const id = await category(teacher, capitals);
    const result = await draft(teacher, { category: id, tags: ['africa'], kinds: { single: 2 }, seed: 1 });
    expect(result.available).toBe(2);
    expect(result.questions.map((q) => q.question_text).sort()).toEqual(['Egypt', 'Kenya']);
    for (const question of ofKind(result.questions, 'single')) expect(answersOf(question)).toHaveLength(4);
    const none = await teacher.call('POST', DRAFT, { category: id, tags: ['oceania'], kinds: { single: 1 } });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ tags: [expect.any(String)] });
  });

  it("answers another teacher's category as not found", async () => {
    const owner = await signIn();
    const id = await category(owner, capitals);
    const other = await signIn();
    const response = await other.call('POST', DRAFT, { category: id, kinds: { single: 3 } });
    expect(response.statusCode).toBe(404);
  });

  it('refuses an empty category, a category of one answer and picture or audio categories, in words', async () => {
    const teacher = await signIn();
    const empty = await category(teacher, []);
    const oneAnswer = await category(teacher, [
      ['France', 'Paris'],
      ['Also France', 'PARIS'],
    ]);
    const pictures = await category(teacher, [['cards/a.webp', 'Cat']], 'picture');
    const sounds = await category(teacher, [['cards/b.webp', 'Dog']], 'kids');
    const cases: [number, string][] = [
      [empty, 'There are no cards to make questions from.'],
      [oneAnswer, 'The cards need at least two different answers to make a choice.'],
      [pictures, "Tests can be drafted only from text cards: this category's cards are pictures or sounds."],
      [sounds, "Tests can be drafted only from text cards: this category's cards are pictures or sounds."],
    ];
    for (const [id, message] of cases) {
      const response = await teacher.call('POST', DRAFT, { category: id, kinds: { single: 3 } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ category: [message] });
    }
  });

  it('refuses a draft of no questions, too many, or of a kind it does not know', async () => {
    const teacher = await signIn();
    const id = await category(teacher, capitals);
    for (const kinds of [
      { single: 0 },
      {},
      { single: 201 },
      { single: 100, short_text: 101 },
      { single: 2, multiple: 1 },
      { single: 2, ordering: 1 },
    ]) {
      const response = await teacher.call('POST', DRAFT, { category: id, kinds });
      expect(response.statusCode, JSON.stringify(kinds)).toBe(400);
    }
  });
});

/** Every card a draft's questions came from, a matching question's four included. */
const cardsOf = (questions: DraftQuestion[]) =>
  questions.flatMap((question) => (question.kind === 'matching' ? question.cards : [question.card]));

/** Ten cards of different answers, so every kind can be asked together. */
const more: [string, string, string?][] = [...capitals, ['Spain', 'Madrid', 'europe'], ['Ghana', 'Accra']];
const moreBackOf = new Map(more.map(([front, back]) => [front, back]));

describe('drafting the other kinds of question', () => {
  it("states half of the true/false questions with their own answer, the others with another card's", async () => {
    const teacher = await signIn();
    const id = await category(teacher, capitals);
    const result = await draft(teacher, { category: id, kinds: { true_false: 8 }, seed: 9 });
    const questions = ofKind(result.questions, 'true_false');
    expect(questions).toHaveLength(8);
    const backs = new Set(backOf.values());
    for (const question of questions) {
      const [front, said] = question.question_text.split(' - ') as [string, string];
      expect(backs.has(said), question.question_text).toBe(true);
      expect(question.settings).toEqual({ kind: 'true_false', correct: said === backOf.get(front) });
      expect(question.score_value).toBe(1);
    }
    expect(questions.filter((question) => question.settings.correct)).toHaveLength(4);
    expect(new Set(cardsOf(questions)).size).toBe(8);
  });

  it("asks a card's front for a typed answer, its back accepted with the usual comparison", async () => {
    const teacher = await signIn();
    const id = await category(teacher, capitals);
    const result = await draft(teacher, { category: id, kinds: { short_text: 8 }, seed: 2 });
    const questions = ofKind(result.questions, 'short_text');
    expect(questions).toHaveLength(8);
    for (const question of questions)
      expect(question.settings).toEqual({
        kind: 'short_text',
        accepted: [backOf.get(question.question_text)],
        ignore_case: true,
        ignore_spaces: true,
        ignore_diacritics: false,
      });
    expect(new Set(cardsOf(questions)).size).toBe(8);
  });

  it('matches the fronts and backs of four cards of different answers, named by the category', async () => {
    const teacher = await signIn();
    const id = await category(teacher, [...capitals, ['Also France', 'PARIS']]);
    for (const seed of [1, 2, 3, 4]) {
      const result = await draft(teacher, { category: id, kinds: { matching: 2 }, seed });
      const questions = ofKind(result.questions, 'matching');
      expect(questions).toHaveLength(2);
      for (const question of questions) {
        expect(question.question_text).toBe('Capitals');
        expect(question.settings.pairs).toHaveLength(4);
        expect(question.cards).toHaveLength(4);
        expect(question.card).toBe(question.cards[0]);
        const rights = question.settings.pairs.map((pair) => pair.right.toLowerCase());
        expect(new Set(rights).size).toBe(4);
        for (const pair of question.settings.pairs)
          expect(pair.right.toLowerCase()).toBe((backOf.get(pair.left) ?? 'paris').toLowerCase());
      }
      expect(new Set(cardsOf(questions)).size).toBe(8);
    }
  });

  it('uses each card once across the kinds, draws other answers from other cards, and repeats by seed', async () => {
    const teacher = await signIn();
    const id = await category(teacher, more);
    const kinds = { single: 2, true_false: 2, short_text: 2, matching: 1 };
    const first = await draft(teacher, { category: id, kinds, seed: 77 });
    expect(first.questions.map((question) => question.kind)).toEqual([
      'single',
      'single',
      'true_false',
      'true_false',
      'short_text',
      'short_text',
      'matching',
    ]);
    expect(new Set(cardsOf(first.questions)).size).toBe(10);
    for (const question of ofKind(first.questions, 'single')) {
      expect(rightOf(question)).toBe(moreBackOf.get(question.question_text));
      for (const answer of answersOf(question)) expect([...moreBackOf.values()]).toContain(answer);
    }
    expect(await draft(teacher, { category: id, kinds, seed: 77 })).toEqual(first);
    expect((await draft(teacher, { category: id, kinds, seed: 78 })).questions).not.toEqual(first.questions);
  });

  it('asks only the tagged cards of every kind', async () => {
    const teacher = await signIn();
    const id = await category(teacher, more);
    const europe = new Set(more.filter(([, , tag]) => tag === 'europe').map(([front]) => front));
    const result = await draft(teacher, {
      category: id,
      tags: ['europe'],
      kinds: { true_false: 2, short_text: 2 },
      seed: 4,
    });
    expect(result.available).toBe(4);
    for (const question of result.questions)
      expect(europe.has(question.question_text.split(' - ')[0]!), question.question_text).toBe(true);
    const matching = await draft(teacher, {
      category: id,
      tags: ['europe'],
      kinds: { matching: 1 },
      seed: 4,
    });
    for (const pair of ofKind(matching.questions, 'matching')[0]!.settings.pairs)
      expect(europe.has(pair.left)).toBe(true);
  });

  it('refuses counts that need more cards than there are, saying what each kind takes', async () => {
    const teacher = await signIn();
    const id = await category(teacher, capitals);
    const message =
      'There are too few cards for these questions: each card is used once, a matching question takes four ' +
      'cards with different answers and every other question one. These counts need 11 cards; there are 8.';
    for (const kinds of [
      { single: 3, matching: 2 },
      { single: 9, short_text: 2 },
      { true_false: 5, short_text: 6 },
    ]) {
      const response = await teacher.call('POST', DRAFT, { category: id, kinds });
      expect(response.statusCode, JSON.stringify(kinds)).toBe(400);
      expect(response.json()).toEqual({ kinds: [message] });
    }
    // Four cards, but only three different answers: no matching question.
    const sameAnswer = await category(teacher, [
      ['France', 'Paris'],
      ['Also France', 'paris'],
      ['Italy', 'Rome'],
      ['Norway', 'Oslo'],
    ]);
    const matching = await teacher.call('POST', DRAFT, { category: sameAnswer, kinds: { matching: 1 } });
    expect(matching.statusCode).toBe(400);
    expect(Object.keys(matching.json())).toEqual(['kinds']);
    const tagged = await teacher.call('POST', DRAFT, {
      category: id,
      tags: ['africa'],
      kinds: { true_false: 3 },
    });
    expect(tagged.statusCode).toBe(400);
    expect(tagged.json().kinds[0]).toContain('need 3 cards; there are 2');
    const bulgarian = await teacher.call(
      'POST',
      DRAFT,
      { category: id, kinds: { single: 9 } },
      {
        'accept-language': 'bg',
      },
    );
    expect(bulgarian.json().kinds[0]).toContain('са нужни 9 карти, а има 8');
  });

  it('needs two different answers only for kinds that offer another answer', async () => {
    const teacher = await signIn();
    const id = await category(teacher, [
      ['France', 'Paris'],
      ['Also France', 'PARIS'],
    ]);
    expect(
      (await draft(teacher, { category: id, kinds: { short_text: 2 }, seed: 1 })).questions,
    ).toHaveLength(2);
    const refused = await teacher.call('POST', DRAFT, { category: id, kinds: { true_false: 1 } });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json())).toEqual(['category']);
  });
});

const testBody = (questions: object[]) => ({
  name: 'Capitals',
  excellent_score_value: 3,
  very_good_score_value: 2,
  good_score_value: 1,
  satisfy_score_value: 0,
  questions,
});

describe('saving an edited draft as a test', () => {
  it('creates the test with its questions in order, as edited', async () => {
    const teacher = await signIn();
    const id = await category(teacher, capitals);
    const result = await draft(teacher, { category: id, kinds: { single: 3 }, seed: 5 });
    const edited = ofKind(result.questions, 'single').map(
      ({ kind: _kind, card: _card, ...question }) => question,
    );
    edited[0] = { ...edited[0]!, question_text: 'The capital of France?', score_value: 2 };
    const response = await teacher.call('POST', SAVE, testBody(edited));
    expect(response.statusCode, response.body).toBe(201);
    const test = response.json();
    expect(test.questions_count).toBe(3);
    expect(test.total_score).toBe(4);
    expect(test.questions.map((q: { position: number }) => q.position)).toEqual([1, 2, 3]);
    expect(test.questions[0]).toMatchObject({ ...edited[0], answer_c: edited[0]!.answer_c, score_value: 2 });
    const read = await teacher.call('GET', `/api/exam/test-teachers/${test.id}/`);
    expect(read.json().questions).toEqual(test.questions);
  });

  it('saves nothing when one question is wrong: the test and its questions are one transaction', async () => {
    const teacher = await signIn();
    const good = {
      question_text: 'France?',
      answer_a: 'Paris',
      answer_b: 'Rome',
      correct_answer: 'a',
      score_value: 1,
    };
    // A trigger stands in for any failure after the test's row is written: the second question is refused.
    await t.database.db.execute(sql`create or replace function refuse_broken() returns trigger as $$
      begin if new.question_text = 'Broken' then raise exception 'broken question'; end if; return new; end
      $$ language plpgsql`);
    await t.database.db.execute(sql`create trigger refuse_broken before insert on test_questions
      for each row execute function refuse_broken()`);
    try {
      const response = await teacher.call(
        'POST',
        SAVE,
        testBody([good, { ...good, question_text: 'Broken' }]),
      );
      expect(response.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_broken on test_questions`);
    }
    const tests = await teacher.call('GET', '/api/exam/test-teachers/');
    expect(tests.json().count).toBe(0);
  });

  it('refuses a save without questions or with a wrong question, naming it', async () => {
    const teacher = await signIn();
    expect((await teacher.call('POST', SAVE, testBody([]))).statusCode).toBe(400);
    const response = await teacher.call(
      'POST',
      SAVE,
      testBody([
        { question_text: 'France?', answer_a: 'Paris', answer_b: '', correct_answer: 'a', score_value: 1 },
      ]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ 'questions.0.answer_b': [expect.any(String)] });
  });

  it('keeps to the free limit of tests, as a new test does', async () => {
    const teacher = await signIn({ trialEndDate: null });
    const question = {
      question_text: 'France?',
      answer_a: 'Paris',
      answer_b: 'Rome',
      correct_answer: 'a',
      score_value: 1,
    };
    for (let i = 0; i < 3; i++)
      expect((await teacher.call('POST', SAVE, testBody([question]))).statusCode).toBe(201);
    const refused = await teacher.call('POST', SAVE, testBody([question]));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('free_limit');
    const premium = await signIn({ trialEndDate: new Date(t.clock.now().getTime() + 30 * 86_400_000) });
    for (let i = 0; i < 4; i++)
      expect((await premium.call('POST', SAVE, testBody([question]))).statusCode).toBe(201);
  });

  it('saves a draft of every kind as drafted, and a student taking it is graded by the cards', async () => {
    const school = await buildSchool(t.database.db);
    const teacher = await signIn({ schoolId: school.id, isTeacher: true, isOrganizationMember: true });
    const pupil = await signIn({ schoolId: school.id, isStudent: true, isOrganizationMember: true });
    const id = await category(teacher, more);
    const result = await draft(teacher, {
      category: id,
      kinds: { single: 2, true_false: 2, short_text: 2, matching: 1 },
      seed: 5,
    });
    const saved = await teacher.call(
      'POST',
      SAVE,
      testBody(result.questions.map(({ card: _card, ...question }) => question)),
    );
    expect(saved.statusCode, saved.body).toBe(201);
    const test = saved.json();
    expect(test.questions.map((q: { kind: string }) => q.kind)).toEqual(result.questions.map((q) => q.kind));
    const given = await teacher.call('POST', '/api/exam/exams/', {
      school_test: test.id,
      student: [pupil.user.id],
      start_at: t.clock.now().toISOString(),
      end_at: new Date(t.clock.now().getTime() + 3_600_000).toISOString(),
    });
    expect(given.statusCode, given.body).toBe(201);
    const exam = given.json().created[0] as number;
    expect((await pupil.call('PUT', `/api/exam/exam-started/${exam}/`)).statusCode).toBe(200);
    // Every answer right but the first true/false question's; a typed answer in capitals and spaces.
    const answerOf = (drafted: DraftQuestion, index: number) => {
      switch (drafted.kind) {
        case 'single':
          return { student_answer: drafted.correct_answer };
        case 'true_false':
          return { response: index === 2 ? !drafted.settings.correct : drafted.settings.correct };
        case 'short_text':
          return { response: ` ${drafted.settings.accepted[0]!.toUpperCase()} ` };
        case 'matching':
          return { response: [0, 1, 2, 3] };
      }
    };
    for (const [index, question] of (test.questions as { id: number }[]).entries()) {
      const body = answerOf(result.questions[index]!, index);
      const answered = await pupil.call('POST', `/api/exam/${exam}/${question.id}/answer/`, body);
      expect(answered.statusCode, answered.body).toBe(200);
    }
    const done = await pupil.call('PUT', `/api/exam/exam-completed/${exam}/`);
    expect(done.json()).toMatchObject({ score: 6 });
  });
});
