import { marketRoutes } from '@flashcards/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { categoryFixture } from '../../../test/category-fixture';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { PublishPanel } from './publish-panel';
import { UpdateNotice } from './update-notice';

// These render whole pages with Mantine's dialogs: generous limits keep them steady on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

afterEach(cleanup);

const categoryOf = categoryFixture;

const show = (node: React.ReactNode, language?: 'bg') =>
  renderWithProviders(node, { language, notifications: true });

describe('the publish panel', () => {
  it('shows the status and the rejection reason', () => {
    fakeApi();
    show(
      <PublishPanel
        category={categoryOf({
          market_accessible: true,
          market_approvement: 'rejected',
          market_rejection_reason: 'Two answers are wrong.',
        })}
      />,
    );
    const panel = screen.getByRole('region', { name: 'Catalog' });
    expect(panel.textContent).toContain('Catalog status: Rejected');
    expect(panel.textContent).toContain('Two answers are wrong.');
    expect(within(panel).getByRole('button', { name: 'Send for review again' })).toBeVisible();
  });

  it('asks for every catalog field, then sends them for review', async () => {
    const server = fakeApi().on(
      marketRoutes.publish,
      categoryOf({ market_accessible: true, market_approvement: 'pending', description: 'Europe' }),
    );
    show(<PublishPanel category={categoryOf({})} />);
    expect(screen.getByText('Only you see this category.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Publish on the catalog' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish on the catalog' });
    expect(dialog.textContent).toContain('within 24 hours');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send for review' }));
    expect(within(dialog).getAllByText('This field is required.')).toHaveLength(3);
    expect(server.calls).toHaveLength(0);

    cleanup();

    // A category whose language and topic are set already: only the description is missing.
    show(<PublishPanel category={categoryOf({ language: 'bg', topic: 'education' })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Publish on the catalog' }));
    const again = await screen.findByRole('dialog', { name: 'Publish on the catalog' });
    await userEvent.type(within(again).getByRole('textbox', { name: /Description/ }), 'Europe');
    await userEvent.click(within(again).getByRole('button', { name: 'Send for review' }));
    await waitFor(() =>
      expect(server.sent()[0]).toEqual({
        method: 'PUT',
        path: '/api/card/market/4/',
        body: {
          name: 'Capitals',
          description: 'Europe',
          language: 'bg',
          topic: 'education',
          market_accessible: true,
        },
      }),
    );
    expect(await screen.findByText('“Capitals” was sent for review.')).toBeVisible();
  });

  it('is offered only with cards', () => {
    fakeApi();
    show(<PublishPanel category={categoryOf({ cards_len: 0 })} />);
    expect(screen.getByText('Add at least one card to publish this category.')).toBeVisible();
    expect(
      (screen.getByRole('button', { name: 'Publish on the catalog' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('speaks Bulgarian', async () => {
    fakeApi();
    show(
      <PublishPanel category={categoryOf({ market_accessible: true, market_approvement: 'approved' })} />,
      'bg',
    );
    expect(screen.getByRole('region', { name: 'Каталог' }).textContent).toContain('В каталога');
  });
});

describe('the update notice of an adopted copy', () => {
  it('shows the changes, then applies them', async () => {
    const card = (id: number, answer: string) => ({
      id,
      first_side: 'Bulgaria',
      first_side_url: null,
      second_side: answer,
      tag: '',
      audio_url: null,
      occlusion: null,
    });
    const server = fakeApi()
      .on(marketRoutes.adoptedUpdate, {
        available: true,
        approved_at: '2026-11-24T06:00:00.000Z',
        changes: {
          added: [card(9, 'Skopje')],
          changed: [{ before: card(1, 'Sofia'), after: card(1, 'Sofia, on the Iskar') }],
          removed: [],
          details_changed: true,
        },
      })
      .on(marketRoutes.applyAdoptedUpdate, categoryOf({ adopted_from: 2 }));
    show(<UpdateNotice category={categoryOf({ adopted_from: 2, market_update_available: true })} />);
    await userEvent.click(screen.getByRole('button', { name: 'See the changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update your copy' });
    await within(dialog).findByText('Sofia, on the Iskar');
    expect(dialog.textContent).toContain('1 new card');
    expect(dialog.textContent).toContain('1 changed card');
    expect(dialog.textContent).toContain('The name, description, language or topic changed.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply the update' }));
    await waitFor(() =>
      expect(server.sent()).toContainEqual({
        method: 'POST',
        path: '/api/card/adopted-from-market/4/update/',
        body: undefined,
      }),
    );
    expect(await screen.findByText('Your copy of “Capitals” was updated.')).toBeVisible();
  });

  it('is not shown without an update', () => {
    fakeApi();
    show(<UpdateNotice category={categoryOf({ adopted_from: 2 })} />);
    expect(screen.queryByText('An update is available')).toBeNull();
  });
});
