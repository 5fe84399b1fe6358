import type { User } from '@flashcards/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { DeleteAccountModal } from './delete-account-modal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const account = (fields: Partial<User>) =>
  ({
    email: 'ana@example.com',
    subscription_type: 'none',
    subscription_end_date: null,
    annual_subscription_end_date: null,
    ...fields,
  }) as User;

const show = (user: User) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider env="test">
        <MemoryRouter>
          <DeleteAccountModal user={user} opened onClose={() => {}} />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );

describe('deleting an account', () => {
  it('names the plan that runs, which deleting cancels', () => {
    show(account({ subscription_type: 'gold_monthly', subscription_end_date: '2099-05-04T00:00:00Z' }));
    expect(
      screen.getByText(
        'Your gold monthly plan is paid until May 4, 2099. Deleting your account cancels it, so it is not charged again.',
      ),
    ).toBeVisible();
  });

  it('names no plan that has ended', () => {
    show(account({ subscription_type: 'annual', annual_subscription_end_date: '2001-01-01T00:00:00Z' }));
    expect(screen.queryByText(/plan is paid until/)).toBeNull();
  });

  it("shows the server's refusal when the subscription could not be cancelled", async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(
          JSON.stringify({
            detail:
              'Your subscription could not be cancelled with the payment provider, so your account was not deleted.',
            code: 'subscription_not_cancelled',
          }),
          { status: 503, headers: { 'content-type': 'application/json' } },
        ),
    );
    show(account({ subscription_type: 'monthly', subscription_end_date: '2099-05-04T00:00:00Z' }));
    fireEvent.change(screen.getByLabelText(/To confirm, type your e-mail address/), {
      target: { value: 'ana@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText(/so your account was not deleted/)).toBeVisible();
  });
});
