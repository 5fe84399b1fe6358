import 'fake-indexeddb/auto';
import type { TextCard } from '@flashcards/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queueEdit, waitingEdits } from '../../lib/offline/card-edits';
import { keptCategory } from '../../lib/offline/kept-categories';
import type { CardText } from '../../lib/offline/offline-db';
import { clearTokens } from '../../lib/session';
import { categoryFixture } from '../../test/category-fixture';
import { signedInOffline } from '../../test/offline-account';
import { renderWithProviders } from '../../test/render';
import { ConflictsModal } from './conflicts-modal';

afterEach(() => {
  cleanup();
  clearTokens();
});

const card = (id: number, text: CardText): TextCard => ({
  id,
  ...text,
  category: 4,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  guesses_score: 0,
  incorrect_guesses_score: 0,
  guesses_score_typing: 0,
  incorrect_guesses_score_typing: 0,
});

const base = (id: number): CardText => ({ first_side: `Capital ${id}`, second_side: 'old', tag: '' });

/** Two cards changed here and elsewhere, and one changed here only (waiting, not a conflict). */
async function twoConflicts() {
  const { db } = await signedInOffline();
  const mine = { first_side: 'Capital of Bulgaria', second_side: 'Sofia', tag: 'europe' };
  const theirs = { first_side: 'Capital of Bulgaria', second_side: 'София', tag: 'europe' };
  const other = { first_side: 'Capital of France', second_side: 'Paris', tag: '' };
  const otherTheirs = { first_side: 'Capital of France?', second_side: 'Paris', tag: 'cities' };
  await db.put('kept', {
    id: 4,
    category: categoryFixture({ id: 4 }),
    cards: [card(1, mine), card(2, other), card(3, base(3))],
    media: [],
    bytes: 1000,
    kept_at: '2026-11-27T10:00:00.000Z',
  });
  const edited_at = '2026-11-28T10:00:00.000Z';
  for (const [id, change] of [
    [1, mine],
    [2, other],
    [3, { ...base(3), second_side: 'new' }],
  ] as const)
    await queueEdit(db, { card_id: id, kind: 'text', category_id: 4, base: base(id), change, edited_at });
  await db.put('edits', { ...(await db.get('edits', 1))!, theirs });
  await db.put('edits', { ...(await db.get('edits', 2))!, theirs: otherTheirs });
  return { db, theirs, otherTheirs };
}

const show = () => {
  const onClose = vi.fn();
  renderWithProviders(<ConflictsModal opened onClose={onClose} />, { mantineEnv: 'test' });
  return { onClose };
};

const section = (name: RegExp) => screen.getByRole('region', { name });

describe('the choice between two versions of a card', () => {
  it('shows both versions of each card side by side, the differences marked', async () => {
    await twoConflicts();
    show();
    const dialog = await screen.findByRole('dialog', { name: 'Cards changed on two devices' });
    const first = await within(dialog).findByRole('region', { name: '“Capital of Bulgaria”' });
    expect(within(dialog).getAllByRole('region')).toHaveLength(2);

    const [here, elsewhere] = within(first).getAllByRole('heading', { level: 4 });
    expect(here).toHaveTextContent('On this device');
    expect(elsewhere).toHaveTextContent('Changed elsewhere');
    expect(first).toHaveTextContent('Sofia');
    expect(first).toHaveTextContent('София');
    // Side two differs (marked in both versions); side one and the tag do not.
    expect(within(first).getAllByText('Different')).toHaveLength(2);
    expect(within(first).getByText('Sofia').tagName).toBe('MARK');
    expect(within(first).getByText('София').tagName).toBe('MARK');

    const second = section(/Capital of France/);
    // Side one and the tag differ; an empty tag is said.
    expect(within(second).getAllByText('Different')).toHaveLength(4);
    expect(within(second).getByText('No tag')).toBeVisible();
    // The buttons are named for what they do and described by the card they are about.
    const keepOther = within(second).getByRole('button', { name: 'Keep the other' });
    expect(keepOther).toHaveAccessibleDescription('“Capital of France”');
  });

  it("keeping the other version forgets this device's and shows the other on the device", async () => {
    const { db, theirs } = await twoConflicts();
    show();
    const first = await screen.findByRole('region', { name: '“Capital of Bulgaria”' });
    fireEvent.click(within(first).getByRole('button', { name: 'Keep the other' }));

    await waitFor(() => expect(screen.queryByRole('region', { name: '“Capital of Bulgaria”' })).toBeNull());
    expect((await waitingEdits(db)).map((edit) => edit.card_id)).toEqual([2, 3]);
    expect((await keptCategory(db, 4))?.cards[0]).toMatchObject(theirs);
    // The next card's choice is where the keyboard goes on.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: '“Capital of France”' })),
    );
  });

  it("keeping this device's version sends it again over the other one; none left, it says so", async () => {
    const { db, otherTheirs } = await twoConflicts();
    show();
    fireEvent.click(
      within(await screen.findByRole('region', { name: /Capital of France/ })).getByRole('button', {
        name: "Keep this device's",
      }),
    );
    await waitFor(() => expect(screen.queryByRole('region', { name: /Capital of France/ })).toBeNull());
    // Waiting to be sent, now on top of the other version.
    expect(await db.get('edits', 2)).toMatchObject({ base: otherTheirs, theirs: null });

    fireEvent.click(
      within(section(/Capital of Bulgaria/)).getByRole('button', { name: "Keep this device's" }),
    );
    const none = await screen.findByText('No cards are waiting for your choice.');
    await waitFor(() => expect(document.activeElement).toBe(none));
    expect((await waitingEdits(db)).every((edit) => edit.theirs === null)).toBe(true);
  });

  it('with no conflict, says that nothing waits', async () => {
    await signedInOffline();
    show();
    expect(await screen.findByText('No cards are waiting for your choice.')).toBeVisible();
  });

  it('in Bulgarian', async () => {
    await twoConflicts();
    renderWithProviders(<ConflictsModal opened onClose={() => undefined} />, {
      mantineEnv: 'test',
      language: 'bg',
    });
    const first = await screen.findByRole('region', { name: '„Capital of Bulgaria“' });
    expect(within(first).getByRole('heading', { name: 'На това устройство' })).toBeVisible();
    expect(within(first).getByRole('button', { name: 'Запази другата версия' })).toBeVisible();
  });
});
