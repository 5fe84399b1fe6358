import { systemRoutes } from '@flashcards/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { SiteFooter } from './site-footer';

afterEach(cleanup);

const video = {
  url: 'https://www.youtube-nocookie.com/embed/demo',
  title_en: 'A tour',
  title_bg: 'Обиколка',
};
const site = (premiumForAll: boolean, demoVideos: (typeof video)[] = []) => ({
  name: 'Flashcards',
  contact_email: 'hello@example.org',
  google_sign_in: false,
  daily_card_limit: 30,
  learned_threshold: 10,
  trial_days: 30,
  premium_for_all: premiumForAll,
  social_links: [],
  demo_videos: demoVideos,
  teacher_videos: { language: [], science: [] },
});

const linkNames = () =>
  within(screen.getByRole('contentinfo'))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the footer and what is sold', () => {
  it('links to pricing, subscriptions and affiliates where plans are sold', async () => {
    fakeApi().on(systemRoutes.site, site(false));
    renderWithProviders(<SiteFooter />, { signedIn: true });
    expect(await screen.findByRole('link', { name: 'hello@example.org' }, { timeout: 5_000 })).toBeVisible();
    expect(linkNames()).toEqual(
      expect.arrayContaining(['Pricing', 'Subscriptions', 'Affiliates', 'Affiliate rules']),
    );
  });

  it('mentions no price, plan or affiliate where every account is premium', async () => {
    fakeApi().on(systemRoutes.site, site(true));
    renderWithProviders(<SiteFooter />, { signedIn: true });
    expect(await screen.findByRole('link', { name: 'hello@example.org' }, { timeout: 5_000 })).toBeVisible();
    const names = linkNames();
    for (const name of ['Pricing', 'Subscriptions', 'Affiliates', 'Affiliate rules'])
      expect(names).not.toContain(name);
    expect(names).toContain('Profile');
  });
});

describe('the footer and the demo videos', () => {
  it('leaves out the demo videos while the deployment has none, and links to them once it has', async () => {
    fakeApi().on(systemRoutes.site, site(false));
    renderWithProviders(<SiteFooter />, { signedIn: true });
    expect(await screen.findByRole('link', { name: 'hello@example.org' }, { timeout: 5_000 })).toBeVisible();
    expect(linkNames()).not.toContain('Demo videos');
    cleanup();
    fakeApi().on(systemRoutes.site, site(false, [video]));
    renderWithProviders(<SiteFooter />, { signedIn: true });
    expect(await screen.findByRole('link', { name: 'Demo videos' }, { timeout: 5_000 })).toBeVisible();
  });
});
