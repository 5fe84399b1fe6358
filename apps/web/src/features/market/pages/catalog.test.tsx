import { marketRoutes } from '@flashcards/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../lib/paths';
import { fakeApi, page, reply } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { CatalogCategoryPage } from './catalog-category-page';
import { CatalogPage } from './catalog-page';

// These render whole pages with Mantine's dialogs: generous limits keep them steady on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const entry = {
  id: 5,
  name: 'European capitals',
  user: 9,
  description: 'Every capital of Europe',
  rating: 4.5,
  ratings_count: 2,
  created_by: 'Rada Todorova',
  market_accessible: true,
  adopted: 12,
  cards_length: 40,
  type_of_cards: 'text' as const,
  language: 'en',
  topic: 'education',
  approved_at: '2026-11-20T10:00:00.000Z',
};

const detail = {
  ...entry,
  sample_cards: [
    {
      id: 1,
      first_side: 'France',
      first_side_url: null,
      second_side: 'Paris',
      tag: '',
      audio_url: null,
      occlusion: null,
    },
  ],
  my_rating: null,
  reported_by_me: false,
  my_copy: null,
  is_mine: false,
};

function fakeServer() {
  const list = page([entry]);
  return fakeApi()
    .on(marketRoutes.publicMarketCategories, list)
    .on(marketRoutes.marketCategories, list)
    .on(marketRoutes.publicMarketCategory, ({ params }) => (params.id === '5' ? detail : notFound))
    .on(marketRoutes.marketCategory, ({ params }) => (params.id === '5' ? detail : notFound))
    .on(marketRoutes.rate, { rating: 4, ratings_count: 3, my_rating: 3 });
}

const notFound = reply(404, { detail: 'Not found.' });

function open(url: string, { signedIn = false, language }: { signedIn?: boolean; language?: 'bg' } = {}) {
  return renderWithProviders(<CatalogPage access="public" />, {
    path: paths.marketPublic,
    at: url,
    routes: {
      [paths.market]: <CatalogPage access="user" />,
      [paths.marketPublicCategory]: <CatalogCategoryPage access="public" />,
      [paths.marketCategory]: <CatalogCategoryPage access="user" />,
    },
    signedIn,
    language,
    notifications: true,
  }).location;
}

describe('the catalog', () => {
  it('shows a category card with its author, rating and adoptions', async () => {
    fakeServer();
    open(paths.marketPublic);
    const card = await screen.findByRole('article', { name: 'European capitals' });
    expect(card.textContent).toContain('by Rada Todorova');
    expect(card.textContent).toContain('40 cards');
    expect(card.textContent).toContain('12 adoptions');
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5 by 2 people' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Details of “European capitals”' }).getAttribute('href')).toBe(
      '/market-public/5',
    );
  });

  it('keeps the search in the address once typing pauses, and asks the server with it', async () => {
    const { calls } = fakeServer();
    const location = open(`${paths.marketPublic}?order=top_rate`);
    await screen.findByRole('article', { name: 'European capitals' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'capit');
    await waitFor(() => expect(location().search).toBe('?q=capit&order=top_rate'), {
      timeout: 2000,
    });
    await waitFor(() =>
      expect(
        calls.some(
          (call) =>
            call.url.searchParams.get('search_value') === 'capit' &&
            call.url.searchParams.get('top_rate') === 'true',
        ),
      ).toBe(true),
    );
  });

  it('formats numbers for Bulgarian', async () => {
    fakeServer();
    open(paths.marketPublic, { language: 'bg' });
    expect(await screen.findByRole('img', { name: 'Оценка 4,5 от 5 от 2 души' })).toBeVisible();
  });
});

describe('a catalog category', () => {
  it('asks a guest to sign in to adopt, rate or report, and offers the public practice', async () => {
    fakeServer();
    open('/market-public/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'European capitals' })).toBeVisible();
    expect(screen.getByText('Sign in to adopt this category, rate it or report it.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Start learning' }).getAttribute('href')).toBe(
      '/flash-cards-text-public/5',
    );
    expect(screen.queryByRole('button', { name: 'Adopt' })).toBeNull();
    expect(screen.getByText('Paris')).toBeVisible();
  });

  it('lets a signed-in reader rate it', async () => {
    const { calls } = fakeServer();
    open('/market/5', { signedIn: true });
    await screen.findByRole('button', { name: 'Adopt' });
    expect(screen.getByRole('button', { name: 'Report' })).toBeVisible();
    // From the keyboard: the star's radio button, then Enter.
    act(() => screen.getByRole('radio', { name: '3 stars' }).focus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ rating: 3 }));
  });
});
