import type { Category } from '@flashcards/contract';
import { cardRoutes } from '@flashcards/contract';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { KidsCardForm } from './kids-card-form';
import { PictureCardForm } from './picture-card-form';

afterEach(cleanup);

function show(form: ReactNode) {
  // The picture form offers the category's tags: none yet.
  fakeApi().on(cardRoutes.pictureTags, []);
  renderWithProviders(form);
}

// Without a picture the form is checked and refused: the message shows that Ctrl+Enter submitted it.
describe('Ctrl+Enter in the picture and kids card forms', () => {
  it('submits the picture card form from its text field', () => {
    show(<PictureCardForm category={{ id: 1, type_of_cards: 'picture' } as Category} onDone={() => {}} />);
    fireEvent.change(screen.getByLabelText(/^Text/), { target: { value: 'a cat' } });
    expect(screen.queryByText('Choose a picture.')).toBeNull();
    fireEvent.keyDown(screen.getByLabelText(/^Text/), { key: 'Enter', ctrlKey: true });
    expect(screen.getByText('Choose a picture.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save and add another' })).toBeVisible();
  });

  it('submits the kids card form from its word field with Cmd+Enter', () => {
    show(<KidsCardForm category={{ id: 1, type_of_cards: 'kids' } as Category} onDone={() => {}} />);
    fireEvent.change(screen.getByLabelText(/^Word/), { target: { value: 'cat' } });
    fireEvent.keyDown(screen.getByLabelText(/^Word/), { key: 'Enter', metaKey: true });
    expect(screen.getByText('Choose a picture.')).toBeVisible();
  });
});
