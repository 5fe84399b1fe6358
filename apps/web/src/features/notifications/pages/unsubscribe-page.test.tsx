import { notificationRoutes } from '@flashcards/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, reply } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { UnsubscribePage } from './unsubscribe-page';

afterEach(cleanup);

describe('the unsubscribe page', () => {
  it('turns the opt-in off at once, without signing in, and says so in the mail’s language', async () => {
    const server = fakeApi().on(notificationRoutes.unsubscribe, {
      opt_in: 'receive_invitations_for_contest',
      language: 'bg',
    });
    renderWithProviders(<UnsubscribePage />, {
      path: '/unsubscribe/:token',
      at: '/unsubscribe/7.x.sig?lang=bg',
    });
    expect(await screen.findByText('Отписахте се')).toBeVisible();
    expect(server.sent()).toEqual([
      { method: 'POST', path: '/api/notifications/unsubscribe/7.x.sig/', body: {} },
    ]);
  });

  it('says when the link is not valid', async () => {
    fakeApi().on(notificationRoutes.unsubscribe, reply(404, { detail: 'Not found.', code: 'not_found' }));
    renderWithProviders(<UnsubscribePage />, {
      path: '/unsubscribe/:token',
      at: '/unsubscribe/forged?lang=en',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid.');
  });
});
