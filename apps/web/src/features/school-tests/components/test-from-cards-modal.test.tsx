import { cardRoutes, type TestDraft, testRoutes } from '@flashcards/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, reply } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import '../test-texts';
import { defaultThresholds, TestFromCardsModal } from './test-from-cards-modal';

// A dialog walked step by step: generous limits keep it steady on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

afterEach(cleanup);

const category = (id: number, name: string, type: 'text' | 'picture', cards: number) => ({
  id,
  name,
  user: { id: 1, first_name: 'Teodora', last_name: 'Marinova', email: 't@example.com', avatar_url: null },
  type_of_cards: type,
  description: '',
  language: 'en',
  topic: '',
  send_to_me: false,
  ai_created: false,
  market_accessible: false,
  market_approvement: 'none' as const,
  market_rejection_reason: '',
  adopted: 0,
  adopted_from: null,
  market_update_available: false,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
  cards_len: cards,
  learned_cards_verbal_len: 0,
  learned_cards_typing_len: 0,
  total_guesses_score: 0,
  total_incorrect_guesses_score: 0,
  total_guesses_score_typing: 0,
  total_incorrect_guesses_score_typing: 0,
});

const draft: TestDraft = {
  category: { id: 7, name: 'Capitals' },
  seed: 99,
  available: 3,
  questions: [
    {
      kind: 'single',
      card: 31,
      question_text: 'France',
      answer_a: 'Rome',
      answer_b: 'Paris',
      answer_c: 'Sofia',
      answer_d: '',
      correct_answer: 'b',
      score_value: 1,
    },
    {
      kind: 'single',
      card: 32,
      question_text: 'Italy',
      answer_a: 'Rome',
      answer_b: 'Sofia',
      answer_c: 'Paris',
      answer_d: '',
      correct_answer: 'a',
      score_value: 1,
    },
    {
      kind: 'single',
      card: 33,
      question_text: 'Bulgaria',
      answer_a: 'Paris',
      answer_b: 'Rome',
      answer_c: 'Sofia',
      answer_d: '',
      correct_answer: 'c',
      score_value: 1,
    },
  ],
};

function show({ draftAnswer }: { draftAnswer?: () => unknown } = {}) {
  const saved = vi.fn();
  const api = fakeApi()
    .on(cardRoutes.allCategories, [category(7, 'Capitals', 'text', 3), category(8, 'Pets', 'picture', 4)])
    .on(cardRoutes.textTags, ['europe', 'asia'])
    .on(testRoutes.draftTestFromCards, (draftAnswer ?? (() => draft)) as () => TestDraft)
    .on(testRoutes.createTestWithQuestions, ({ body }) => ({
      id: 55,
      name: (body as { name: string }).name,
      description: '',
      excellent_score_value: 3,
      very_good_score_value: 2,
      good_score_value: 1,
      satisfy_score_value: 0,
      fail_score_value: 0,
      created_by: 1,
      date_created: '2026-11-26T10:00:00Z',
      date_modified: '2026-11-26T10:00:00Z',
      questions_count: 2,
      total_score: 3,
      exams_count: 0,
      is_locked: false,
      questions: [],
    }));
  renderWithProviders(<TestFromCardsModal opened onClose={() => undefined} onSaved={saved} />, {
    mantineEnv: 'test',
  });
  return { api, saved };
}

const pickCapitals = async (dialog: HTMLElement) => {
  await within(dialog).findByPlaceholderText('Pick a category of text cards');
  fireEvent.click(within(dialog).getByRole('combobox', { name: 'Category' }));
  // Picture categories are not offered: their cards have no text fronts.
  expect(screen.queryByRole('option', { name: /Pets/ })).toBeNull();
  fireEvent.click(await screen.findByRole('option', { name: 'Capitals (3 cards)' }));
};

const otherKinds: TestDraft = {
  category: { id: 7, name: 'Capitals' },
  seed: 5,
  available: 6,
  questions: [
    {
      kind: 'true_false',
      card: 41,
      question_text: 'France - Rome',
      settings: { kind: 'true_false', correct: false },
      score_value: 1,
    },
    {
      kind: 'short_text',
      card: 42,
      question_text: 'Italy',
      settings: {
        kind: 'short_text',
        accepted: ['Rome'],
        ignore_case: true,
        ignore_spaces: true,
        ignore_diacritics: false,
      },
      score_value: 1,
    },
    {
      kind: 'matching',
      card: 43,
      cards: [43, 44, 45, 46],
      question_text: 'Capitals',
      settings: {
        kind: 'matching',
        pairs: [
          { left: 'Japan', right: 'Tokyo' },
          { left: 'Peru', right: 'Lima' },
          { left: 'Chile', right: 'Santiago' },
          { left: 'Kenya', right: 'Nairobi' },
        ],
      },
      score_value: 1,
    },
  ],
};

describe('a test from cards', () => {
  it('asks for questions of each type and shows what is right for each, in the editor too', async () => {
    const { api } = show({ draftAnswer: () => otherKinds });
    const dialog = await screen.findByRole('dialog', { name: 'A test from cards' });
    await pickCapitals(dialog);
    fireEvent.change(within(dialog).getByLabelText(/^One correct answer/), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Draft the questions' }));
    expect(await within(dialog).findByText('Ask for at least one question.')).toBeVisible();
    fireEvent.change(within(dialog).getByLabelText(/^True or false/), { target: { value: '1' } });
    fireEvent.change(within(dialog).getByLabelText(/^Short typed answer/), { target: { value: '1' } });
    fireEvent.change(within(dialog).getByLabelText(/^Matching pairs/), { target: { value: '1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Draft the questions' }));

    expect(await within(dialog).findByText('1. France - Rome')).toBeVisible();
    expect(api.callsTo(testRoutes.draftTestFromCards)[0]?.body).toMatchObject({
      kinds: { single: 0, true_false: 1, short_text: 1, matching: 1 },
    });
    expect(within(dialog).getByText(/True or false\. Right answer: False/)).toBeVisible();
    expect(within(dialog).getByText(/Short typed answer\. Right answer: Rome/)).toBeVisible();
    expect(within(dialog).getByText(/Right answer: Japan – Tokyo; Peru – Lima/)).toBeVisible();

    // The editor opens with the drafted settings of each kind.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Edit question 2' }));
    expect((within(dialog).getByLabelText(/^Accepted answers/) as HTMLTextAreaElement).value).toBe('Rome');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Edit question 3' }));
    expect(within(dialog).getByDisplayValue('Nairobi')).toBeVisible();
  });

  it('drafts from a category and its tags, edits and removes questions, and saves them with the test', async () => {
    const { api, saved } = show();
    const dialog = await screen.findByRole('dialog', { name: 'A test from cards' });
    await pickCapitals(dialog);
    const [tagsBox] = (await within(dialog).findAllByLabelText(/^Tags/)).filter(
      (element) => element.tagName === 'INPUT' && (element as HTMLInputElement).type !== 'hidden',
    );
    await vi.waitFor(() => expect((tagsBox as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(tagsBox!);
    fireEvent.click(await screen.findByRole('option', { name: 'europe' }));
    fireEvent.change(within(dialog).getByLabelText(/^One correct answer/), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Draft the questions' }));

    expect(await within(dialog).findByText(/3 questions drafted from 3 cards/)).toBeVisible();
    expect(api.callsTo(testRoutes.draftTestFromCards)[0]?.body).toEqual({
      category: 7,
      tags: ['europe'],
      kinds: { single: 3, true_false: 0, short_text: 0, matching: 0 },
    });
    expect(within(dialog).getByText('1. France')).toBeVisible();

    // The first question gets a new text and two points; the second goes.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Edit question 1' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Question/ }), {
      target: { value: 'The capital of France?' },
    });
    fireEvent.change(within(dialog).getByLabelText(/^Points/), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the changes' }));
    expect(within(dialog).getByText('1. The capital of France?')).toBeVisible();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove question 2' }));
    expect(within(dialog).getByText('2 of 3 questions kept.')).toBeVisible();
    // The removed question's button is gone: the focus goes to the count, not to the page's body.
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByText('2 of 3 questions kept.')),
    );
    expect(within(dialog).queryByText('2. Italy')).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByText(/2 questions, 3 points in all/)).toBeVisible();
    expect((within(dialog).getByLabelText(/Name/) as HTMLInputElement).value).toBe('Capitals');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the test' }));

    await vi.waitFor(() => expect(saved).toHaveBeenCalledWith({ id: 55, name: 'Capitals' }));
    expect(api.callsTo(testRoutes.createTestWithQuestions)[0]?.body).toEqual({
      name: 'Capitals',
      description: '',
      ...defaultThresholds(3),
      questions: [
        {
          question_text: 'The capital of France?',
          answer_a: 'Rome',
          answer_b: 'Paris',
          answer_c: 'Sofia',
          answer_d: '',
          correct_answer: 'b',
          score_value: 2,
        },
        {
          question_text: 'Bulgaria',
          answer_a: 'Paris',
          answer_b: 'Rome',
          answer_c: 'Sofia',
          answer_d: '',
          correct_answer: 'c',
          score_value: 1,
        },
      ],
    });
  });

  it('shows that it is drafting, and the server’s refusal beside the category', async () => {
    let answer: (value: unknown) => void = () => undefined;
    show({
      draftAnswer: () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'A test from cards' });
    await pickCapitals(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Draft the questions' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Drafting the questions…');
    answer(reply(400, { category: ['The cards need at least two different answers to make a choice.'] }));
    expect(
      await within(dialog).findByText('The cards need at least two different answers to make a choice.'),
    ).toBeVisible();
    expect(within(dialog).queryByText(/drafted/)).toBeNull();
  });

  it('asks for a category before drafting', async () => {
    const { api } = show();
    const dialog = await screen.findByRole('dialog', { name: 'A test from cards' });
    await within(dialog).findByPlaceholderText('Pick a category of text cards');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Draft the questions' }));
    expect(await within(dialog).findByText('Pick a category.')).toBeVisible();
    expect(api.callsTo(testRoutes.draftTestFromCards)).toHaveLength(0);
  });
});

describe('the thresholds a drafted test starts with', () => {
  it('keep the order the server asks, even for few points', () => {
    for (const total of [1, 2, 3, 4, 10, 37, 200]) {
      const t = defaultThresholds(total);
      expect(t.excellent_score_value).toBeGreaterThan(t.very_good_score_value);
      expect(t.very_good_score_value).toBeGreaterThan(t.good_score_value);
      expect(t.good_score_value).toBeGreaterThan(t.satisfy_score_value);
      expect(t.satisfy_score_value).toBeGreaterThanOrEqual(0);
    }
    expect(defaultThresholds(10)).toMatchObject({ excellent_score_value: 9, satisfy_score_value: 5 });
  });
});
