import 'fake-indexeddb/auto';
import { type Category, cardRoutes, type PictureCard, type TextCard } from '@flashcards/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitingEdits } from '../../../lib/offline/card-edits';
import { keptCategory } from '../../../lib/offline/kept-categories';
import { clearTokens } from '../../../lib/session';
import { categoryFixture } from '../../../test/category-fixture';
import { fakeApi } from '../../../test/fake-api';
import { signedInOffline } from '../../../test/offline-account';
import { renderWithProviders } from '../../../test/render';
import { PictureCardForm } from './picture-card-form';
import { TextCardForm } from './text-card-form';

afterEach(() => {
  cleanup();
  clearTokens();
});

const scores = {
  guesses_score: 0,
  incorrect_guesses_score: 0,
  guesses_score_typing: 0,
  incorrect_guesses_score_typing: 0,
};
const textCard: TextCard = {
  id: 7,
  first_side: 'Sofia',
  second_side: 'Bulgaria',
  category: 5,
  tag: '',
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  ...scores,
};
const pictureCard: PictureCard = {
  ...textCard,
  category: 6,
  first_side: '/media/cat.png',
  first_side_url: '/media/cat.png',
  first_side_thumbnail_url: '/media/thumbs/cat.png',
  second_side: 'a cat',
  occlusion: null,
};

/** A server that cannot be reached: every edit fails as a fetch does offline. */
function unreachable() {
  const offline = () => {
    throw new TypeError('Failed to fetch');
  };
  return fakeApi()
    .on(cardRoutes.textTags, [])
    .on(cardRoutes.pictureTags, [])
    .on(cardRoutes.updateTextCard, offline)
    .on(cardRoutes.updatePictureCard, offline);
}

async function keep(
  db: Awaited<ReturnType<typeof signedInOffline>>['db'],
  category: Category,
  card: TextCard,
) {
  await db.put('kept', { id: category.id, category, cards: [card], media: [], bytes: 1, kept_at: '' });
}

const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('editing a card without the network', () => {
  it('keeps the edit on the device when the category is kept there, and says so', async () => {
    const { db } = await signedInOffline();
    const category = categoryFixture({ id: 5 });
    await keep(db, category, textCard);
    unreachable();
    const onDone = vi.fn();
    renderWithProviders(<TextCardForm category={category} card={textCard} onDone={onDone} />, {
      notifications: true,
    });
    type(/^Side two/, 'Bulgaria, offline');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(
      await screen.findByText('Saved on this device. It will be sent when you are back online.'),
    ).toBeVisible();
    expect(await waitingEdits(db)).toEqual([
      {
        card_id: 7,
        kind: 'text',
        category_id: 5,
        base: { first_side: 'Sofia', second_side: 'Bulgaria', tag: '' },
        change: { first_side: 'Sofia', second_side: 'Bulgaria, offline', tag: '' },
        edited_at: expect.any(String),
        theirs: null,
      },
    ]);
    // Practice offline deals the card as it is now.
    expect((await keptCategory(db, 5))?.cards[0]?.second_side).toBe('Bulgaria, offline');
  });

  it('of a category not kept on the device, says it is offline and keeps nothing', async () => {
    const { db } = await signedInOffline();
    unreachable();
    const onDone = vi.fn();
    renderWithProviders(
      <TextCardForm category={categoryFixture({ id: 5 })} card={textCard} onDone={onDone} />,
    );
    type(/^Side two/, 'Bulgaria, offline');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('You are offline')).toBeVisible();
    expect(onDone).not.toHaveBeenCalled();
    expect(await waitingEdits(db)).toEqual([]);
  });

  it('keeps only the text of a picture card; a new picture waits for the network', async () => {
    const { db } = await signedInOffline();
    const category = categoryFixture({ id: 6, type_of_cards: 'picture' });
    await keep(db, category, pictureCard);
    unreachable();
    const onDone = vi.fn();
    renderWithProviders(<PictureCardForm category={category} card={pictureCard} onDone={onDone} />, {
      notifications: true,
    });
    type(/^Text/, 'a black cat');
    const picture = new File([new Uint8Array(64)], 'dog.png', { type: 'image/png' });
    fireEvent.change(document.querySelector('input[type="file"]')!, { target: { files: [picture] } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(/A new picture cannot be saved offline/)).toBeVisible();
    expect(await waitingEdits(db)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove the chosen file' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(await waitingEdits(db)).toMatchObject([
      {
        kind: 'picture',
        base: { first_side: '/media/cat.png', second_side: 'a cat', tag: '' },
        change: { first_side: '/media/cat.png', second_side: 'a black cat', tag: '' },
      },
    ]);
  });
});
