import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import '../ai-texts';
import { editCard, type GeneratedCard, removeCard } from '../generated-cards';
import { ReviewList } from './review-list';

afterEach(cleanup);

const initial: GeneratedCard[] = [
  { id: 'a', sideOne: 'Sofia', sideTwo: 'Bulgaria', tag: 'balkans' },
  { id: 'b', sideOne: 'Paris', sideTwo: 'France', tag: '' },
  { id: 'c', sideOne: 'Lisbon', sideTwo: 'Portugal', tag: 'west' },
];

/** The list over state of its own, as the page holds it in the draft. */
function Harness() {
  const [cards, setCards] = useState(initial);
  return (
    <>
      <ReviewList
        cards={cards}
        onEdit={(id, changes) => setCards((current) => editCard(current, id, changes))}
        onRemove={(id) => setCards((current) => removeCard(current, id))}
      />
      <output data-testid="cards">{cards.map((card) => `${card.sideOne}=${card.sideTwo}`).join(',')}</output>
    </>
  );
}

const saved = () => screen.getByTestId('cards').textContent;

describe('the review list', () => {
  it('edits either side of a card, and gives the focus back to its edit button', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Edit card 2' }));
    const editor = screen.getByRole('form', { name: 'Editing card 2' });
    const sideTwo = within(editor).getByRole('textbox', { name: /Side two/ });
    expect(document.activeElement).toBe(within(editor).getByRole('textbox', { name: /Side one/ }));
    await user.clear(sideTwo);
    await user.type(sideTwo, 'la France');
    await user.click(within(editor).getByRole('button', { name: 'Done' }));
    expect(saved()).toBe('Sofia=Bulgaria,Paris=la France,Lisbon=Portugal');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit card 2' }));
  });

  it('keeps a card as it was when a side is left empty, saying so beside it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Edit card 1' }));
    const editor = screen.getByRole('form', { name: 'Editing card 1' });
    await user.clear(within(editor).getByRole('textbox', { name: /Side one/ }));
    await user.click(within(editor).getByRole('button', { name: 'Done' }));
    expect(
      within(editor)
        .getByRole('textbox', { name: /Side one/ })
        .getAttribute('aria-invalid'),
    ).toBe('true');
    within(editor).getByText('This field is required.');
    expect(saved()).toBe('Sofia=Bulgaria,Paris=France,Lisbon=Portugal');
  });

  it('cancels an edit with Escape', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Edit card 3' }));
    await user.type(screen.getByRole('textbox', { name: /Side one/ }), ' (city)');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form')).toBeNull();
    expect(saved()).toBe('Sofia=Bulgaria,Paris=France,Lisbon=Portugal');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit card 3' }));
  });

  it('deletes a card, says so, and moves the focus to the next one', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Delete card 1' }));
    expect(saved()).toBe('Paris=France,Lisbon=Portugal');
    expect(screen.getByText('Card 1 deleted.').getAttribute('role')).toBe('status');
    // What was card 2 is card 1 now.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit card 1' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });
});
