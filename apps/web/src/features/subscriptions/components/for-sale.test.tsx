import { systemRoutes } from '@flashcards/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { ForSale } from './for-sale';

afterEach(cleanup);

const site = (premiumForAll: boolean) => ({
  name: 'Flashcards',
  contact_email: 'hello@example.org',
  google_sign_in: false,
  daily_card_limit: 30,
  learned_threshold: 10,
  trial_days: 30,
  premium_for_all: premiumForAll,
  social_links: [],
  demo_videos: [],
  teacher_videos: { language: [], science: [] },
});

describe('the pages of what is sold', () => {
  it('are shown where plans are sold', async () => {
    fakeApi().on(systemRoutes.site, site(false));
    renderWithProviders(
      <ForSale>
        <h1>Pricing</h1>
      </ForSale>,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pricing' }, { timeout: 5_000 }),
    ).toBeVisible();
  });

  it('say there is nothing to buy where every account is premium, and lead home', async () => {
    fakeApi().on(systemRoutes.site, site(true));
    renderWithProviders(
      <ForSale>
        <h1>Pricing</h1>
      </ForSale>,
      { language: 'bg' },
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Тук няма нищо за купуване' }, { timeout: 5_000 }),
    ).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Pricing' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Към началната страница' })).toHaveAttribute('href', '/');
  });
});
