import { systemRoutes } from '@flashcards/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { AppFrame } from './app-frame';

afterEach(cleanup);

const site = {
  name: 'Flashcards',
  contact_email: 'hello@example.org',
  google_sign_in: false,
  daily_card_limit: 30,
  learned_threshold: 3,
  trial_days: 14,
  premium_for_all: false,
  social_links: [],
  demo_videos: [],
  teacher_videos: { language: [], science: [] },
};

describe('the focus mode of the shell', () => {
  it('keeps only the mark and the language switch: no side menu, footer, account or links out', async () => {
    // Only the site's name is asked for: the side menu's counts and the footer's links never load.
    const server = fakeApi().on(systemRoutes.site, site);
    renderWithProviders(
      <AppFrame focus>
        <h1>The exam</h1>
      </AppFrame>,
      { signedIn: true, user: { id: 2, first_name: 'Ana', last_name: 'Stoyanova' }, mantineEnv: 'test' },
    );
    expect(await screen.findByRole('heading', { name: 'The exam' })).toBeVisible();
    const header = screen.getByRole('banner');
    expect(await within(header).findByRole('link', { name: 'Flashcards, home page' })).toBeVisible();
    expect(within(header).getAllByRole('link')).toHaveLength(1);
    expect(within(header).getByRole('group', { name: 'Language' })).toBeVisible();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.queryByRole('link', { name: /log out/i })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();
    expect(server.calls.filter((call) => call.path !== '/api/site/')).toEqual([]);
  });
});
