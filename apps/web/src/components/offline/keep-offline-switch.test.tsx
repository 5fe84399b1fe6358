import 'fake-indexeddb/auto';
import { cardRoutes, reviewRoutes } from '@flashcards/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keptCategory } from '../../lib/offline/kept-categories';
import { clearTokens } from '../../lib/session';
import { categoryFixture } from '../../test/category-fixture';
import { fakeApi, page } from '../../test/fake-api';
import { signedInOffline } from '../../test/offline-account';
import { renderWithProviders } from '../../test/render';
import { KeepOfflineSwitch } from './keep-offline-switch';

afterEach(() => {
  cleanup();
  clearTokens();
  vi.restoreAllMocks();
});

const category = categoryFixture({ id: 4, cards_len: 0 });
const switchOf = (name: string) => screen.getByRole('switch', { name: new RegExp(`^${name}`) });

describe('keeping a category offline', () => {
  it('downloads it and shows its size on the device; off again, forgets it', async () => {
    const { db } = await signedInOffline();
    fakeApi()
      .on(cardRoutes.category, category)
      .on(cardRoutes.textCardsPage, page([]))
      .on(reviewRoutes.reviewSession, {
        category_id: 4,
        type_of_cards: 'text',
        due_cards_len: 0,
        new_cards_left_today: 0,
        next_due_at: null,
        answers_left_today: null,
        cards: [],
      });
    renderWithProviders(<KeepOfflineSwitch category={category} />);
    const keep = switchOf('Keep offline');
    await waitFor(() => expect(keep).not.toBeChecked());

    fireEvent.click(keep);
    expect(await screen.findByText(/^1 kB on this device$/)).toBeVisible();
    expect(keep).toBeChecked();
    expect(await keptCategory(db, 4)).toBeDefined();

    fireEvent.click(keep);
    await waitFor(() => expect(screen.queryByText(/on this device/)).toBeNull());
    expect(keep).not.toBeChecked();
    expect(await keptCategory(db, 4)).toBeUndefined();
  });

  it('offline, says to connect first and stays off', async () => {
    const { db } = await signedInOffline();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWithProviders(<KeepOfflineSwitch category={category} />);
    fireEvent.click(switchOf('Keep offline'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Connect to the internet to keep this category offline.',
    );
    expect(switchOf('Keep offline')).not.toBeChecked();
    expect(await keptCategory(db, 4)).toBeUndefined();
  });

  it('in Bulgarian, with the size as Bulgarian writes it', async () => {
    const { db } = await signedInOffline();
    await db.put('kept', { id: 4, category, cards: [], media: [], bytes: 2.4 * 1024 * 1024, kept_at: '' });
    renderWithProviders(<KeepOfflineSwitch category={category} />, { language: 'bg' });
    expect(await screen.findByText('2,4 MB на това устройство')).toBeVisible();
    expect(switchOf('Достъпна офлайн')).toBeChecked();
  });
});
