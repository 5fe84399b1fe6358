import { type Category, cardRoutes } from '@flashcards/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { TextCardForm } from './text-card-form';

// Whole forms and pages against a fake server: generous limits keep them steady on a busy machine.

afterEach(cleanup);

const category = { id: 5, type_of_cards: 'text' } as Category;

/** A server that keeps the cards added, and knows one card already in the category. */
function serve() {
  const added: { first_side: string; second_side: string; tag: string }[] = [];
  const duplicateAsks: string[] = [];
  fakeApi()
    .on(cardRoutes.textTags, ['verbs'])
    .on(cardRoutes.textCardDuplicate, ({ query }) => {
      const side = query.get('first_side') ?? '';
      duplicateAsks.push(side);
      return {
        duplicate:
          side.toLowerCase() === 'house' ? { id: 9, first_side: 'House', second_side: 'къща' } : null,
      };
    })
    .on(cardRoutes.createTextCard, ({ body }) => {
      const card = body as { first_side: string; second_side: string; tag: string };
      added.push({ first_side: card.first_side, second_side: card.second_side, tag: card.tag });
      return {
        id: added.length,
        category: category.id,
        ...card,
        created_at: '2026-01-01T00:00:00Z',
        updated_at: '2026-01-01T00:00:00Z',
        guesses_score: 0,
        incorrect_guesses_score: 0,
        guesses_score_typing: 0,
        incorrect_guesses_score_typing: 0,
      };
    });
  return { added, duplicateAsks };
}

function show() {
  const onDone = vi.fn();
  renderWithProviders(<TextCardForm category={category} onDone={onDone} />, { notifications: true });
  const type = (label: RegExp, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  return { onDone, type };
}

describe('entering text cards', () => {
  it('saves with Ctrl+Enter or Cmd+Enter from any field and stays open for the next card', async () => {
    const { added } = serve();
    const { onDone, type } = show();
    type(/^Side one/, 'go');
    type(/^Side two/, 'отивам');
    fireEvent.change(screen.getByLabelText(/^Tag/, { selector: 'input' }), { target: { value: 'verbs' } });
    fireEvent.keyDown(screen.getByLabelText(/^Tag/, { selector: 'input' }), { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(added).toEqual([{ first_side: 'go', second_side: 'отивам', tag: 'verbs' }]));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Side one/)));
    expect((screen.getByLabelText(/^Side one/) as HTMLTextAreaElement).value).toBe('');
    type(/^Side one/, 'come');
    type(/^Side two/, 'идвам');
    fireEvent.keyDown(screen.getByLabelText(/^Side one/), { key: 'Enter', metaKey: true });
    await waitFor(() => expect(added).toHaveLength(2));
    expect(onDone).not.toHaveBeenCalled();
    // One toast counts the cards added, rather than one toast each.
    await waitFor(() => expect(screen.getByText('2 cards were added.')).toBeVisible());
    expect(screen.queryByText('The card was added.')).toBeNull();
  });

  it('an Enter alone in a side does not save', () => {
    const { added } = serve();
    const { onDone, type } = show();
    type(/^Side one/, 'go');
    type(/^Side two/, 'отивам');
    fireEvent.keyDown(screen.getByLabelText(/^Side two/), { key: 'Enter' });
    expect(onDone).not.toHaveBeenCalled();
    expect(added).toEqual([]);
  });

  it('"save and add another" stays open, clears the sides, keeps the tag and focuses side one', async () => {
    const { added } = serve();
    const { onDone, type } = show();
    type(/^Side one/, 'go');
    type(/^Side two/, 'отивам');
    fireEvent.change(screen.getByLabelText(/^Tag/, { selector: 'input' }), { target: { value: 'verbs' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and add another' }));
    await waitFor(() => expect(added).toHaveLength(1));
    await waitFor(() => expect((screen.getByLabelText(/^Side one/) as HTMLTextAreaElement).value).toBe(''));
    expect((screen.getByLabelText(/^Side two/) as HTMLTextAreaElement).value).toBe('');
    expect((screen.getByLabelText(/^Tag/, { selector: 'input' }) as HTMLInputElement).value).toBe('verbs');
    expect(document.activeElement).toBe(screen.getByLabelText(/^Side one/));
    expect(onDone).not.toHaveBeenCalled();

    // The next plain save closes the dialog, as before.
    type(/^Side one/, 'come');
    type(/^Side two/, 'идвам');
    fireEvent.click(screen.getByRole('button', { name: 'Add the card' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(added[1]).toEqual({ first_side: 'come', second_side: 'идвам', tag: 'verbs' });
  });

  it('warns of a card with the same side one, without stopping the save', async () => {
    const { added, duplicateAsks } = serve();
    const { onDone, type } = show();
    type(/^Side one/, 'car');
    type(/^Side one/, '  house ');
    const warning = await screen.findByText(/already has a card with this side one: “House” – “къща”/);
    const described = screen.getByLabelText(/^Side one/).getAttribute('aria-describedby') ?? '';
    expect(warning.closest('[role="status"]')?.id).toBeTruthy();
    expect(described).toContain(warning.closest('[role="status"]')?.id);
    // Asked once typing paused, with the side trimmed.
    expect(duplicateAsks).toEqual(['house']);
    type(/^Side two/, 'къща');
    fireEvent.click(screen.getByRole('button', { name: 'Add the card' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(added).toHaveLength(1);
  });
});
