import { normaliseAnswer, pointsOf, type QuestionSettings } from '@flashcards/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildSchool } from '../../../test/factories';
import { type Session, signIn as signInAs } from '../../../test/session';

describe('grading of each kind at its edges', () => {
  const multiple: QuestionSettings = { kind: 'multiple', correct: ['a', 'c', 'd'] };

  it('gives a several-correct question points × max(0, right − wrong) / correct, rounded down', () => {
    expect(pointsOf(multiple, 10, ['a', 'c', 'd'])).toBe(10);
    expect(pointsOf(multiple, 10, ['a', 'c'])).toBe(6); // 10 × 2/3 = 6.67
    expect(pointsOf(multiple, 10, ['a'])).toBe(3);
    expect(pointsOf(multiple, 10, ['a', 'c', 'd', 'b'])).toBe(6); // a wrong one takes one right away
    expect(pointsOf(multiple, 10, ['a', 'b'])).toBe(0);
    expect(pointsOf(multiple, 10, ['b'])).toBe(0); // never below nothing
    expect(pointsOf(multiple, 10, [])).toBe(0);
    expect(pointsOf(multiple, 10, ['a', 'a'])).toBe(0); // a letter twice is no answer
  });

  it('gives a true/false question all or nothing', () => {
    const settings: QuestionSettings = { kind: 'true_false', correct: false };
    expect(pointsOf(settings, 4, false)).toBe(4);
    expect(pointsOf(settings, 4, true)).toBe(0);
    expect(pointsOf(settings, 4, 'false')).toBe(0);
  });

  it('compares a typed answer by the rules the teacher set, diacritics only when asked', () => {
    const strict = { ignore_case: false, ignore_spaces: false, ignore_diacritics: false };
    expect(normaliseAnswer('  Стара   планина ', strict)).toBe('Стара планина');
    expect(normaliseAnswer('Стара Планина', { ...strict, ignore_case: true })).toBe('стара планина');
    expect(normaliseAnswer('Стара планина', { ...strict, ignore_spaces: true })).toBe('Старапланина');
    expect(normaliseAnswer('Край', { ...strict, ignore_diacritics: true })).toBe('Краи');
    expect(normaliseAnswer('Café', { ...strict, ignore_diacritics: true })).toBe('Cafe');
    // A decomposed й (и and its breve) is the same letter as the composed one.
    expect(normaliseAnswer('Кра\u0438\u0306', strict)).toBe('Край');

    const defaults = {
      kind: 'short_text' as const,
      accepted: ['Край', 'Stara planina'],
      ignore_case: true,
      ignore_spaces: true,
      ignore_diacritics: false,
    };
    expect(pointsOf(defaults, 2, 'край')).toBe(2);
    expect(pointsOf(defaults, 2, 'STARA  PLANINA')).toBe(2);
    expect(pointsOf(defaults, 2, 'starapl anina')).toBe(2);
    expect(pointsOf(defaults, 2, 'краи')).toBe(0); // й is not и unless the teacher says so
    expect(pointsOf({ ...defaults, ignore_diacritics: true }, 2, 'краи')).toBe(2);
    expect(pointsOf({ ...defaults, ignore_case: false }, 2, 'край')).toBe(0);
    expect(pointsOf({ ...defaults, ignore_spaces: false }, 2, 'starapl anina')).toBe(0);
    expect(pointsOf({ ...defaults, ignore_spaces: false }, 2, ' Stara   planina ')).toBe(2);
    expect(pointsOf(defaults, 2, '   ')).toBe(0);
  });

  it('gives a matching points × pairs right / pairs, and an ordering points × items in place / items', () => {
    const matching: QuestionSettings = {
      kind: 'matching',
      pairs: [
        { left: 'Sofia', right: 'Bulgaria' },
        { left: 'Paris', right: 'France' },
        { left: 'Rome', right: 'Italy' },
      ],
    };
    expect(pointsOf(matching, 9, [0, 1, 2])).toBe(9);
    expect(pointsOf(matching, 9, [0, 2, 1])).toBe(3);
    expect(pointsOf(matching, 9, [0, null, null])).toBe(3);
    expect(pointsOf(matching, 10, [0, 1, null])).toBe(6); // 6.67 rounded down
    expect(pointsOf(matching, 9, [0, 1])).toBe(0); // not one choice per left item
    expect(pointsOf(matching, 9, [0, 1, 3])).toBe(0); // no such right item

    const ordering: QuestionSettings = { kind: 'ordering', items: ['one', 'two', 'three', 'four'] };
    expect(pointsOf(ordering, 8, [0, 1, 2, 3])).toBe(8);
    expect(pointsOf(ordering, 8, [0, 1, 3, 2])).toBe(4);
    expect(pointsOf(ordering, 8, [3, 2, 1, 0])).toBe(0);
    expect(pointsOf(ordering, 8, [0, 0, 1, 2])).toBe(0); // an item twice is no order
    expect(pointsOf(ordering, 8, [0, 1, 2])).toBe(0);
  });
});

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ ACCESS_TOKEN_MINUTES: String(30 * 24 * 60) });
});
afterAll(() => t.close());

const MINUTE = 60_000;
const at = (minutes: number) => new Date(t.clock.now().getTime() + minutes * MINUTE).toISOString();

const classroom = async () => {
  const school = await buildSchool(t.database.db);
  const teacher = await signInAs(t, { schoolId: school.id, isTeacher: true, isOrganizationMember: true });
  const pupil = await signInAs(t, { schoolId: school.id, isStudent: true, isOrganizationMember: true });
  return { teacher, pupil };
};

const newTest = async (teacher: Session) => {
  const created = await teacher.call('POST', '/api/exam/test-teachers/', {
    name: 'Mixed',
    excellent_score_value: 40,
    very_good_score_value: 30,
    good_score_value: 20,
    satisfy_score_value: 10,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id as number;
};

const addQuestion = async (teacher: Session, test: number, body: Record<string, unknown>) =>
  teacher.call('POST', '/api/exam/test-teachers-questions/', {
    test,
    question_text: 'Q',
    score_value: 10,
    ...body,
  });

const kinds = {
  multiple: {
    kind: 'multiple',
    answer_a: 'Danube',
    answer_b: 'Alps',
    answer_c: 'Iskar',
    answer_d: 'Vitosha',
    settings: { correct: ['a', 'c'] },
  },
  true_false: { kind: 'true_false', settings: { correct: true } },
  short_text: { kind: 'short_text', settings: { accepted: ['Мусала'], ignore_diacritics: true } },
  matching: {
    kind: 'matching',
    settings: {
      pairs: [
        { left: 'Sofia', right: 'Bulgaria' },
        { left: 'Paris', right: 'France' },
        { left: 'Rome', right: 'Italy' },
      ],
    },
  },
  ordering: { kind: 'ordering', settings: { items: ['one', 'two', 'three', 'four'] } },
} as const;

describe('questions of each kind', () => {
  it('are stored with their settings, read back, copied, and a body without kind is single as before', async () => {
    const { teacher } = await classroom();
    const test = await newTest(teacher);
    const single = await addQuestion(teacher, test, { answer_a: 'x', answer_b: 'y', correct_answer: 'b' });
    expect(single.json()).toMatchObject({ kind: 'single', correct_answer: 'b', settings: null });
    for (const body of Object.values(kinds)) {
      const response = await addQuestion(teacher, test, body);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({ kind: body.kind, correct_answer: null });
    }
    const detail = (await teacher.call('GET', `/api/exam/test-teachers/${test}/`)).json();
    expect(detail.total_score).toBe(60);
    expect(detail.questions[1]).toMatchObject({ answers: ['Danube', 'Alps', 'Iskar', 'Vitosha'] });
    expect(detail.questions[3].settings).toEqual({
      kind: 'short_text',
      accepted: ['Мусала'],
      ignore_case: true,
      ignore_spaces: true,
      ignore_diacritics: true,
    });
    expect(detail.questions[2]).toMatchObject({
      answers: [],
      answer_a: '',
      settings: { kind: 'true_false' },
    });
    const copy = (await teacher.call('POST', `/api/exam/test-teachers/${test}/copy/`)).json();
    expect(copy.questions.map((q: { kind: string }) => q.kind)).toEqual(
      detail.questions.map((q: { kind: string }) => q.kind),
    );
    expect(copy.questions[4].settings).toEqual(detail.questions[4].settings);
    // A question may change its kind.
    const changed = await teacher.call('PUT', `/api/exam/test-teachers-questions/${single.json().id}/`, {
      question_text: 'Q',
      score_value: 5,
      ...kinds.true_false,
    });
    expect(changed.json()).toMatchObject({ kind: 'true_false', correct_answer: null, answer_a: '' });
  });

  it('refuse settings that do not fit, naming the field', async () => {
    const { teacher } = await classroom();
    const test = await newTest(teacher);
    const refused = async (body: Record<string, unknown>, field: string) => {
      const response = await addQuestion(teacher, test, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.json()), response.body).toContain(field);
    };
    await refused({ ...kinds.multiple, answer_c: '', answer_d: '' }, 'settings.correct');
    await refused({ ...kinds.multiple, settings: { correct: [] } }, 'settings.correct');
    await refused({ ...kinds.multiple, settings: { correct: ['a', 'a'] } }, 'settings.correct');
    await refused({ kind: 'true_false', settings: { correct: 'yes' } }, 'settings.correct');
    await refused({ kind: 'short_text', settings: { accepted: [] } }, 'settings.accepted');
    await refused({ kind: 'short_text', settings: { accepted: ['  '] } }, 'settings.accepted.0');
    await refused({ kind: 'matching', settings: { pairs: [{ left: 'a', right: 'b' }] } }, 'settings.pairs');
    await refused(
      {
        kind: 'matching',
        settings: {
          pairs: [
            { left: 'a', right: 'Same' },
            { left: 'b', right: 'same' },
          ],
        },
      },
      'settings.pairs',
    );
    await refused({ kind: 'ordering', settings: { items: ['only'] } }, 'settings.items');
    await refused({ kind: 'essay', settings: {} }, 'kind');
    await refused({ kind: 'ordering' }, 'settings');
  });
});

describe('taking a test of several kinds', () => {
  const setUp = async (shuffle = false) => {
    const { teacher, pupil } = await classroom();
    const test = await newTest(teacher);
    const ids: Record<string, number> = {};
    ids.single = (
      await addQuestion(teacher, test, { answer_a: 'x', answer_b: 'y', correct_answer: 'a' })
    ).json().id;
    for (const [name, body] of Object.entries(kinds))
      ids[name] = (await addQuestion(teacher, test, body)).json().id;
    const given = await teacher.call('POST', '/api/exam/exams/', {
      school_test: test,
      student: [pupil.user.id],
      start_at: at(0),
      end_at: at(60),
      shuffle_questions: shuffle,
    });
    expect(given.statusCode, given.body).toBe(201);
    const exam = given.json().created[0] as number;
    const started = await pupil.call('PUT', `/api/exam/exam-started/${exam}/`);
    expect(started.statusCode, started.body).toBe(200);
    return { teacher, pupil, test, ids, exam, taking: started.json() };
  };
  const send = (as: Session, exam: number, question: number, body: Record<string, unknown>) =>
    as.call('POST', `/api/exam/${exam}/${question}/answer/`, body);

  it('shows ordering and matching items shuffled and never in the right order, the same on every call', async () => {
    const { pupil, exam, ids, taking } = await setUp();
    const byId = new Map(taking.questions.map((q: { id: number }) => [q.id, q]));
    const ordering = byId.get(ids.ordering!) as { items: { key: number; text: string }[]; prompts: string[] };
    expect(ordering.items.map((item) => item.key).sort()).toEqual([0, 1, 2, 3]);
    expect(ordering.items.map((item) => item.key)).not.toEqual([0, 1, 2, 3]);
    expect(ordering.items.find((item) => item.key === 2)!.text).toBe('three');
    const matching = byId.get(ids.matching!) as { items: { key: number }[]; prompts: string[] };
    expect(matching.prompts).toEqual(['Sofia', 'Paris', 'Rome']);
    expect(matching.items.map((item) => item.key)).not.toEqual([0, 1, 2]);
    expect(JSON.stringify(byId.get(ids.matching!))).not.toContain('settings');
    const again = (await pupil.call('PUT', `/api/exam/exam-started/${exam}/`)).json();
    expect(again.questions).toEqual(taking.questions);
  });

  it('counts each answer when saved and sums the points at completion, partial credit included', async () => {
    const { teacher, pupil, exam, ids, test } = await setUp(true);
    expect((await send(pupil, exam, ids.single!, { student_answer: 'a' })).statusCode).toBe(200);
    // Right a and c, wrong b: 10 × (2 − 1) / 2 = 5.
    const several = await send(pupil, exam, ids.multiple!, { response: ['a', 'c', 'b'] });
    expect(several.json()).toMatchObject({ student_answer: null, student_response: ['a', 'c', 'b'] });
    expect((await send(pupil, exam, ids.true_false!, { response: false })).statusCode).toBe(200);
    expect((await send(pupil, exam, ids.short_text!, { response: ' МУСАЛА ' })).statusCode).toBe(200);
    // Sofia right, the other two swapped: 10 × 1/3 = 3.
    expect((await send(pupil, exam, ids.matching!, { response: [0, 2, 1] })).statusCode).toBe(200);
    // Changed before completion: the last answer counts. Two of four in place: 5.
    expect((await send(pupil, exam, ids.ordering!, { response: [3, 2, 1, 0] })).statusCode).toBe(200);
    expect((await send(pupil, exam, ids.ordering!, { response: [0, 1, 3, 2] })).json().answers_count).toBe(6);
    const done = await pupil.call('PUT', `/api/exam/exam-completed/${exam}/`);
    expect(done.json()).toMatchObject({ score: 10 + 5 + 0 + 10 + 3 + 5, grade: 5 });
    const review = (await teacher.call('GET', `/api/exam/exams/${exam}/`)).json();
    const byId = new Map(review.questions.map((q: { id: number }) => [q.id, q]));
    expect(byId.get(ids.multiple!)).toMatchObject({
      kind: 'multiple',
      points: 5,
      is_correct: false,
      settings: { correct: ['a', 'c'] },
      student_response: ['a', 'c', 'b'],
    });
    expect(byId.get(ids.short_text!)).toMatchObject({
      points: 10,
      is_correct: true,
      student_response: ' МУСАЛА ',
    });
    expect(byId.get(ids.single!)).toMatchObject({ points: 10, is_correct: true, student_answer: 'a' });

    const analysis = (await teacher.call('GET', `/api/exam/exams/analysis/?test_id=${test}`)).json();
    const rows = new Map(analysis.questions.map((q: { id: number }) => [q.id, q]));
    expect(rows.get(ids.multiple!)).toMatchObject({
      kind: 'multiple',
      correct: 0,
      unanswered: 0,
      correct_answers: ['a', 'c'],
      answers: [
        { key: 'a', count: 1 },
        { key: 'b', count: 1 },
        { key: 'c', count: 1 },
        { key: 'd', count: 0 },
      ],
    });
    expect(rows.get(ids.short_text!)).toMatchObject({
      answers: [],
      correct: 1,
      correct_share: 1,
      unanswered: 0,
    });
  });

  it('saves an answer of every kind in as many queries as a letter', async () => {
    const { pupil, exam, ids } = await setUp();
    const queriesOf = async (question: number, body: Record<string, unknown>) => {
      t.database.queries.length = 0;
      const response = await send(pupil, exam, question, body);
      expect(response.statusCode, response.body).toBe(200);
      return t.database.queries.length;
    };
    const letter = await queriesOf(ids.single!, { student_answer: 'a' });
    expect({
      multiple: await queriesOf(ids.multiple!, { response: ['a'] }),
      true_false: await queriesOf(ids.true_false!, { response: true }),
      short_text: await queriesOf(ids.short_text!, { response: 'Musala' }),
      matching: await queriesOf(ids.matching!, { response: [0, null, 1] }),
      ordering: await queriesOf(ids.ordering!, { response: [1, 0, 2, 3] }),
    }).toEqual({
      multiple: letter,
      true_false: letter,
      short_text: letter,
      matching: letter,
      ordering: letter,
    });
  });

  it('refuses an answer of the wrong shape for its kind, and a letter for a question without letters', async () => {
    const { pupil, exam, ids } = await setUp();
    const refused = async (question: number, body: Record<string, unknown>, field: string) => {
      const response = await send(pupil, exam, question, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.json())).toEqual([field]);
    };
    await refused(ids.true_false!, { student_answer: 'a' }, 'student_answer');
    await refused(ids.single!, { response: ['a'] }, 'response');
    await refused(ids.true_false!, { response: 'true' }, 'response');
    await refused(ids.ordering!, { response: [0, 1, 2] }, 'response');
    await refused(ids.ordering!, { response: [0, 0, 1, 2] }, 'response');
    await refused(ids.matching!, { response: [0, 1, 5] }, 'response');
    await refused(ids.multiple!, { response: ['a', 'a'] }, 'response');
    await refused(ids.multiple!, { response: ['a'], student_answer: 'a' }, 'student_answer');
    await refused(ids.multiple!, {}, 'student_answer');
  });
});
