import {
  cardRoutes,
  learningPathRoutes,
  schoolClassRoutes,
  testRoutes,
  userGroupRoutes,
} from '@flashcards/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import '../path-texts';
import { CreatePathsModal } from './create-paths-modal';

// A modal filled in step by step: generous limits keep it steady on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

afterEach(cleanup);

const person = (id: number, first: string, last: string) => ({
  id,
  first_name: first,
  last_name: last,
  email: `${first.toLowerCase()}@example.com`,
  avatar_url: null,
  is_student: true,
  is_teacher: false,
  relation: 'school' as const,
});
const category = {
  id: 7,
  name: 'Animals',
  user: { id: 1, first_name: 'Teodora', last_name: 'Marinova', email: 't@example.com', avatar_url: null },
  type_of_cards: 'text' as const,
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
  cards_len: 3,
  learned_cards_verbal_len: 0,
  learned_cards_typing_len: 0,
  total_guesses_score: 0,
  total_incorrect_guesses_score: 0,
  total_guesses_score_typing: 0,
  total_incorrect_guesses_score_typing: 0,
};

function show() {
  const posted: unknown[] = [];
  fakeApi()
    .on(learningPathRoutes.pathStudentsSearch, ({ query }) =>
      [person(2, 'Ana', 'Stoyanova'), person(3, 'Boris', 'Ivanov')].filter((one) =>
        `${one.first_name} ${one.last_name}`.includes(query.get('search') ?? ''),
      ),
    )
    .on(cardRoutes.allCategories, [category])
    .on(userGroupRoutes.userGroups, [])
    .on(cardRoutes.textTags, [])
    .on(testRoutes.testChoices, [
      { id: 9, name: 'Animals quiz', questions_count: 2, total_score: 6, excellent_score_value: 6 },
      { id: 10, name: 'Empty quiz', questions_count: 0, total_score: 0, excellent_score_value: 6 },
    ])
    .on(learningPathRoutes.createPaths, ({ body }) => {
      posted.push(body);
      return { created: [11], skipped: [{ assigned_user: 3, reason: 'not_reached' as const }] };
    })
    .on(schoolClassRoutes.myClasses, [
      {
        id: 4,
        name: '7А',
        school_year: '2026/2027',
        students: 2,
        teachers: 1,
        class_teacher: 'Teodora Marinova',
        role: 'class_teacher' as const,
      },
    ])
    .on(learningPathRoutes.createAssignment, ({ body }) => {
      posted.push(body);
      const given = body as { name: string };
      return {
        id: 5,
        name: given.name,
        target: { kind: 'class' as const, id: 4, name: '7А' },
        category: { id: 7, name: 'Animals', type_of_cards: 'text' as const },
        categories_tags: [],
        start_at: '2026-11-01',
        end_at: '2026-11-28',
        daily_cards_flip_target: 20,
        daily_cards_learn_target: 5,
        flip_cards_volume: 20,
        learning_type_verbal: true,
        learning_type_typing: false,
        test: null,
        start_test_at: null,
        end_test_at: null,
        students_count: 2,
        date_created: '2026-11-01T10:00:00Z',
      };
    });
  renderWithProviders(<CreatePathsModal opened onClose={() => undefined} />, { mantineEnv: 'test' });
  return posted;
}

const addStudent = async (dialog: HTMLElement, search: string, name: string) => {
  fireEvent.change(within(dialog).getByLabelText('Find students'), { target: { value: search } });
  fireEvent.click(await within(dialog).findByRole('button', { name: `Add ${name}` }, { timeout: 5000 }));
};

describe('assigning learning paths', () => {
  it('drafts one path per student, changes one of them, and names who was left out', async () => {
    const posted = show();
    const dialog = await screen.findByRole('dialog', { name: 'Assign learning paths' });
    await addStudent(dialog, 'Ana', 'Ana Stoyanova');
    await addStudent(dialog, 'Boris', 'Boris Ivanov');
    expect(within(dialog).getByText('2 students chosen')).toBeVisible();

    await within(dialog).findByPlaceholderText('Choose one of your categories');
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Category' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Animals (text)' }));
    expect((within(dialog).getByLabelText(/Name of the path/) as HTMLInputElement).value).toBe('Animals');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add 2 to the draft' }));
    expect(within(dialog).getByRole('heading', { name: 'Draft: 2 paths' })).toBeVisible();

    // Boris's path alone gets another daily target.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Edit the path of Boris Ivanov' }));
    fireEvent.change(within(dialog).getByLabelText('Answers a day'), { target: { value: '8' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the path of Boris Ivanov' }));
    const rows = within(dialog).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('20 answers, 5 learned a day');
    expect(rows[2]?.textContent).toContain('8 answers, 5 learned a day');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign 2 paths' }));
    expect(await within(dialog).findByText('1 path was assigned.')).toBeVisible();
    expect(within(dialog).getByText('Boris Ivanov')).toBeVisible();
    expect(within(dialog).getByText(/not one of your students or friends/)).toBeVisible();
    expect(posted).toEqual([
      [
        expect.objectContaining({
          assigned_user: 2,
          category: 7,
          name: 'Animals',
          daily_cards_flip_target: 20,
        }),
        expect.objectContaining({
          assigned_user: 3,
          category: 7,
          name: 'Animals',
          daily_cards_flip_target: 8,
        }),
      ],
    ]);
  });

  it('removes a row and clears the draft', async () => {
    show();
    const dialog = await screen.findByRole('dialog', { name: 'Assign learning paths' });
    await addStudent(dialog, 'Ana', 'Ana Stoyanova');
    await addStudent(dialog, 'Boris', 'Boris Ivanov');
    await within(dialog).findByPlaceholderText('Choose one of your categories');
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Category' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Animals (text)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add 2 to the draft' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove the path of Ana Stoyanova' }));
    expect(within(dialog).getByRole('heading', { name: 'Draft: 1 path' })).toBeVisible();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear the draft' }));
    expect(within(dialog).getByText(/The draft is empty/)).toBeVisible();
    expect(
      (within(dialog).getByRole('button', { name: 'Assign 0 paths' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('ends the path with a test of mine and its dates, offering only tests that can be taken', async () => {
    const posted = show();
    const dialog = await screen.findByRole('dialog', { name: 'Assign learning paths' });
    await addStudent(dialog, 'Ana', 'Ana Stoyanova');
    await within(dialog).findByPlaceholderText('Choose one of your categories');
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Category' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Animals (text)' }));
    expect(within(dialog).queryByLabelText('Test opens')).toBeNull();
    await within(dialog).findByPlaceholderText('No test');
    fireEvent.click(within(dialog).getByRole('combobox', { name: /Test at the end/ }));
    expect(screen.queryByRole('option', { name: 'Empty quiz' })).toBeNull();
    fireEvent.click(await screen.findByRole('option', { name: 'Animals quiz' }));
    fireEvent.change(within(dialog).getByLabelText(/Test opens/), { target: { value: '2099-11-20T08:00' } });
    expect(within(dialog).getByText(/Give both test dates/)).toBeVisible();
    expect(
      (within(dialog).getByRole('button', { name: 'Add to the draft' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Test closes/), { target: { value: '2099-11-20T09:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to the draft' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign 1 path' }));
    await within(dialog).findByText('1 path was assigned.');
    expect(posted).toEqual([
      [
        expect.objectContaining({
          assigned_user: 2,
          test: 9,
          start_test_at: expect.stringMatching(/^2099-11-20T08:00:00[+-]\d{2}:\d{2}$/),
          end_test_at: expect.stringMatching(/^2099-11-20T09:00:00[+-]\d{2}:\d{2}$/),
        }),
      ],
    ]);
  });

  it('gives one path to a class of mine, which its later members get too', async () => {
    const posted = show();
    const dialog = await screen.findByRole('dialog', { name: 'Assign learning paths' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'A class' }));
    expect(within(dialog).queryByLabelText('Find students')).toBeNull();
    await within(dialog).findByPlaceholderText('Choose a class');
    fireEvent.click(within(dialog).getByRole('combobox', { name: /^Class/ }));
    fireEvent.click(await screen.findByRole('option', { name: '7А (2026/2027, 2 students)' }));
    await within(dialog).findByPlaceholderText('Choose one of your categories');
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Category' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Animals (text)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Give to the class' }));
    expect(await within(dialog).findByText('7А: 2 students have the path now.')).toBeVisible();
    expect(posted).toEqual([expect.objectContaining({ school_class: 4, category: 7, name: 'Animals' })]);
  });
});
