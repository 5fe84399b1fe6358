import { describe, expect, it } from 'vitest';
import {
  addToDraft,
  creationOutcome,
  type DraftRow,
  daysAfter,
  draftRowProblem,
  draftToBody,
  type PathFields,
  removeDraftRow,
  testDatesProblem,
  updateDraftRow,
  withOffset,
} from './draft-paths';

const fields: PathFields = {
  name: 'Verbs',
  category: { id: 7, name: 'Verbs', type_of_cards: 'text' },
  category_tags: ['a'],
  start_at: '2026-11-01',
  end_at: '2026-11-30',
  daily_cards_flip_target: 20,
  daily_cards_learn_target: 5,
  flip_cards_volume: 20,
  learned_card_volume_verbal: 10,
  learned_card_volume_typing: 10,
  learning_type_verbal: true,
  learning_type_typing: false,
  test: null,
  start_test_at: '',
  end_test_at: '',
};
const ana = { id: 1, first_name: 'Ana', last_name: 'A' };
const bob = { id: 2, first_name: 'Bob', last_name: 'B' };
const eva = { id: 3, first_name: 'Eva', last_name: 'E' };

describe('the draft of paths', () => {
  it('adds one path per student, in order', () => {
    const rows = addToDraft([], [ana, bob], fields);
    expect(rows.map((row) => row.student.id)).toEqual([1, 2]);
    expect(rows[0]?.fields).toEqual(fields);
  });

  it('gives a student added again the new fields in their place', () => {
    const first = addToDraft([], [ana, bob], fields);
    const again = addToDraft(first, [eva, ana], { ...fields, name: 'Nouns' });
    expect(again.map((row) => [row.student.id, row.fields.name])).toEqual([
      [1, 'Nouns'],
      [2, 'Verbs'],
      [3, 'Nouns'],
    ]);
  });

  it('does not share the tags between rows', () => {
    const rows = addToDraft([], [ana, bob], fields);
    rows[0]?.fields.category_tags.push('b');
    expect(rows[1]?.fields.category_tags).toEqual(['a']);
  });

  it("changes one student's path only, and removes one", () => {
    const rows = updateDraftRow(addToDraft([], [ana, bob], fields), 2, { daily_cards_flip_target: 5 });
    expect(rows.map((row) => row.fields.daily_cards_flip_target)).toEqual([20, 5]);
    expect(removeDraftRow(rows, 1).map((row) => row.student.id)).toEqual([2]);
  });

  it('finds what keeps a path from being sent', () => {
    expect(draftRowProblem(fields)).toBeNull();
    expect(draftRowProblem({ ...fields, name: ' ' })).toBe('name');
    expect(draftRowProblem({ ...fields, end_at: '2026-10-01' })).toBe('dates');
    expect(draftRowProblem({ ...fields, learning_type_verbal: false })).toBe('mode');
  });

  it('sends every row with its student and category id', () => {
    const body = draftToBody(addToDraft([], [ana], { ...fields, name: ' Verbs ' }));
    expect(body).toEqual([
      expect.objectContaining({ name: 'Verbs', assigned_user: 1, category: 7, category_tags: ['a'] }),
    ]);
  });

  it('names who was skipped and why', () => {
    const rows: DraftRow[] = addToDraft([], [ana, bob], fields);
    const outcome = creationOutcome(rows, {
      created: [10],
      skipped: [{ assigned_user: 2, reason: 'not_reached' }],
    });
    expect(outcome.created.map((student) => student.id)).toEqual([1]);
    expect(outcome.skipped).toEqual([{ student: bob, reason: 'not_reached' }]);
  });
});

describe('the days of a new path', () => {
  it('counts calendar days across months and years', () => {
    expect(daysAfter('2026-11-24', 27)).toBe('2026-12-21');
    expect(daysAfter('2026-12-30', 3)).toBe('2027-01-02');
  });
});

describe("a path's test in the draft", () => {
  const quiz = { id: 9, name: 'Verbs quiz' };

  it('sends the test, and its dates with the local offset, only when a test is chosen', () => {
    const [row] = addToDraft([], [ana], {
      ...fields,
      test: quiz,
      start_test_at: '2026-11-20T08:00',
      end_test_at: '2026-11-20T09:30',
    });
    const [body] = draftToBody([row!]);
    expect(body?.test).toBe(9);
    expect(body?.start_test_at).toMatch(/^2026-11-20T08:00:00[+-]\d{2}:\d{2}$/);
    expect(Date.parse(body!.end_test_at!) - Date.parse(body!.start_test_at!)).toBe(90 * 60_000);
    const [plain] = draftToBody(addToDraft([], [ana], fields));
    expect(plain).not.toHaveProperty('test');
  });

  it('wants both dates or neither, the close after the open', () => {
    const base = { ...fields, test: quiz };
    expect(draftRowProblem({ ...base, start_test_at: '', end_test_at: '' })).toBeNull();
    expect(draftRowProblem({ ...base, start_test_at: '2026-11-20T08:00', end_test_at: '' })).toBe(
      'testDates',
    );
    expect(
      testDatesProblem({ ...base, start_test_at: '2026-11-20T08:00', end_test_at: '2026-11-20T08:00' }),
    ).toBe('testDates');
    expect(
      testDatesProblem({ ...base, start_test_at: '2026-11-20T08:00', end_test_at: '2026-11-21T08:00' }),
    ).toBeNull();
    expect(withOffset('not a time')).toBeNull();
  });
});
